"""Romanian Tile Rummy opening puzzles: the position as a seat's view, the draft, the judge.

The position is a rack only: a seat that has not opened, having drawn. The
draft is the Romanian table's own (``games.web.romanian.drafts``) given a
minimal view of that seat (phase "play", no discards, no melds), so a tap
behaves as at the table. Confirm asks the engine's opening rules
(``judge_opening``): the same check a game makes, nothing written again here.
The page draws the table's own pieces: the combinations being built, each
marked until valid, and the running tally toward the threshold. The module
offers the names every game's puzzle module has (see ``puzzles.tile_rummy``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import (
    gettext_lazy,
    ngettext,
    ngettext_lazy,
    pgettext,
    pgettext_lazy,
)

from games.engine.base import IllegalAction
from games.engine.romanian.opening import judge_opening
from games.engine.romanian.tiles import TILE_COUNT, is_joly, reading_of, sort_tiles, tile_view
from games.engine.romanian.tiles import face_of as engine_face_of
from games.engine.romanian.view import meld_view
from games.web.romanian import drafts
from games.web.romanian import presenters as ro

from .errors import PuzzleError
from .models import Attempt, Puzzle

DEFAULT_THRESHOLD = 50
TARGETS = ("new", "rack")
TEMPLATE = "puzzles/_romanian_board.html"
SETS_TEMPLATE = "games/_drawn_sets.html"  # small read-only tiles, shared by the games
STYLESHEETS = ("css/romanian.css",)
BOARD_CLASS = "ro-board"
ANNOUNCES_STATUS = False  # the running tally is read out after each tap instead
# The skip link to the rack, in this game's words (its rack is a "tablă" in Romanian).
RACK_SKIP = pgettext_lazy("Romanian Tile Rummy", "Skip to your rack")
# A count only for Romanian's sake ("50 de puncte"): the English reads the same either way.
PROMPT = ngettext_lazy(
    "You have drawn and not opened yet. Open with the most tiles, then the most points: "
    "new combinations from your rack, one a run at least, worth %(threshold)s or more in all, "
    "keeping one tile to discard.",
    "You have drawn and not opened yet. Open with the most tiles, then the most points: "
    "new combinations from your rack, one a run at least, worth %(threshold)s or more in all, "
    "keeping one tile to discard.",
    "threshold",
)
# The context "Romanian Tile Rummy" marks the words its players say their own way (rack: tablă).
CAPTIONS = {
    "rack": pgettext_lazy("Romanian Tile Rummy", "Your rack"),
    "yours": gettext_lazy("Your table (the opening you laid)"),
    "best": gettext_lazy("The best arrangement: one best opening"),
    "best_label": gettext_lazy("The best opening"),
    "nothing": gettext_lazy("You laid no opening."),
}
TileList = list[dict[str, Any]]
# What a tile shows (a joly is just a joly): two openings equal by faces are one arrangement.
face_of = engine_face_of
# "opening" is on every puzzle here, so its page is where this game's puzzles are practised;
# each puzzle has one main theme beside it (research/puzzles/romanian_themes.py).
THEMES: dict[str, tuple[Any, Any]] = {  # lazy translations: read in the reader's language
    "opening": (
        gettext_lazy("Romanian openings"),
        gettext_lazy(
            "Romanian Tile Rummy: reach the opening threshold from your rack with as many tiles "
            "as you can."
        ),
    ),
    "joly-in-a-group": (
        gettext_lazy("A joly in a group"),
        gettext_lazy("Romanian Tile Rummy: a joly (the wild tile) completes a group."),
    ),
    "joly-in-a-run": (
        gettext_lazy("A joly in a run"),
        gettext_lazy("Romanian Tile Rummy: which gap a joly (the wild tile) should fill."),
    ),
    "ones": (
        gettext_lazy("Ones in openings"),
        gettext_lazy("Romanian Tile Rummy: a 1 counts far more in a set of ones than in a run."),
    ),
    "long-runs": (
        gettext_lazy("Long runs in openings"),
        gettext_lazy("Romanian Tile Rummy: one long run, or shorter runs and sets?"),
    ),
    "many-combinations": (
        gettext_lazy("Many combinations"),
        gettext_lazy("Romanian Tile Rummy: four combinations or more in one opening."),
    ),
    "joly-extends-a-run": (
        gettext_lazy("A joly lengthening a run"),
        gettext_lazy("Romanian Tile Rummy: a joly (the wild tile) at the end of a run."),
    ),
    "two-runs": (
        gettext_lazy("Two runs or more"),
        gettext_lazy("Romanian Tile Rummy: more than one run in the opening."),
    ),
    "run-and-groups": (
        gettext_lazy("One run and groups"),
        gettext_lazy("Romanian Tile Rummy: one run is enough; the rest are groups."),
    ),
    "just-enough": (
        gettext_lazy("Just enough"),
        gettext_lazy("Romanian Tile Rummy: the best opening only just reaches the threshold."),
    ),
    # The puzzles from a player's own games name only what plainly fits (``own_position``).
    "jolys": (
        gettext_lazy("Jolys in openings"),
        gettext_lazy("Romanian Tile Rummy: which gap a joly (the wild tile) should fill."),
    ),
}
HINTS = {
    "joly-group": gettext_lazy("Your joly does more in a group than in a run."),
    "ones": gettext_lazy("A 1 can count for more than 5 points here."),
    "one-run": gettext_lazy("One run is enough: the rest of the best opening can be groups."),
}


def hint_text(hint: dict[str, Any]) -> str:
    """The stored hint (``research/puzzles/hints.py``) in the reader's language; "" if unknown."""
    key = hint.get("key")
    if key in HINTS:
        return str(HINTS[key])
    if key == "run":
        size = hint["size"]
        return ngettext(
            "You can open with a run of %(size)s tile.",
            "You can open with a run of %(size)s tiles.",
            size,
        ) % {"size": size}
    if key == "combos":
        count = hint["count"]
        return ngettext(
            "The best opening takes %(count)s combination.",
            "The best opening takes %(count)s combinations.",
            count,
        ) % {"count": count}
    if key == "runs":
        count = hint["count"]
        return ngettext(
            "The best opening holds %(count)s run.", "The best opening holds %(count)s runs.", count
        ) % {"count": count}
    return ""


def threshold_of(puzzle: Puzzle) -> int:
    return puzzle.threshold or DEFAULT_THRESHOLD


def prompt(puzzle: Puzzle) -> str:
    return PROMPT % {"threshold": threshold_of(puzzle)}


def meta(puzzle: Puzzle) -> str:
    threshold = threshold_of(puzzle)
    return ngettext(
        "opening at least %(threshold)s point", "opening at least %(threshold)s points", threshold
    ) % {"threshold": threshold}


def puzzle_view(puzzle: Puzzle) -> dict[str, Any]:
    """The seat's view the draft rules and the opening tally read: its rack, nothing else."""
    return {
        "phase": "play",
        "seat": 0,
        "opened": [False],
        "options": {"threshold": threshold_of(puzzle)},
        "rack": [tile_view(t) for t in sort_tiles(list(puzzle.rack))],
        "discards": [],
        "melds": [[]],
    }


def move(draft: drafts.Draft | None, puzzle: Puzzle, tile: int, target: str) -> drafts.Draft:
    """Put a rack tile into a new combination (``new``, ``n:<i>``) or back on the rack.
    Only those targets: there are no melds on the table to add to."""
    if tile not in puzzle.rack:
        raise PuzzleError(pgettext("Romanian Tile Rummy", "That tile is not on your rack."))
    if target not in TARGETS and not target.startswith("n:"):
        raise PuzzleError(
            pgettext(
                "Romanian Tile Rummy",
                "Put the tile in a combination, a new one, or back on your rack.",
            )
        )
    try:
        return drafts.move_tile(draft, puzzle_view(puzzle), tile, target)
    except drafts.DraftError as exc:
        raise PuzzleError(str(exc)) from exc


def melds_of(draft: drafts.Draft | None) -> list[list[int]]:
    return [list(m) for m in (draft or {}).get("melds", []) if m]


def judge(puzzle: Puzzle, draft: drafts.Draft | None) -> tuple[list[list[int]], int, int]:
    """(the opening, tiles laid, its value), or ``PuzzleError`` with the game's own reason."""
    melds = melds_of(draft)
    try:
        tiles, value = judge_opening(puzzle.rack, melds, threshold_of(puzzle))
    except IllegalAction as exc:
        reason = _("Not a valid opening: %(reason)s Nothing counted.") % {
            "reason": exc.shown_message
        }
        raise PuzzleError(reason) from exc
    return melds, tiles, value


# --- the board ---------------------------------------------------------------------------


def board_context(attempt: Attempt) -> dict[str, Any]:
    """The rack, the combinations being built and the opening's running tally."""
    puzzle = attempt.puzzle
    view = puzzle_view(puzzle)
    faces = {t["id"]: t for t in view["rack"]}
    draft = attempt.draft
    new_melds = ro.new_melds_context(draft, faces)
    rack = [ro.tile_context(faces[t]) for t in drafts.in_hand(draft, view)]
    return {
        "new_melds": new_melds,
        "rack": rack,
        "opening": _tally(view, new_melds, kept=len(rack)),
        "placed_count": len(drafts.placed_ids(draft)),
        "draft_active": drafts.changed(draft),
    }


def _tally(view: dict[str, Any], new_melds: list[dict[str, Any]], kept: int) -> dict[str, Any]:
    """The table's tally (value of the valid combinations, a run or not) plus the kept tile."""
    empty = {"total": 0, "threshold": view["options"]["threshold"], "has_run": False}
    tally = ro.opening_context(view, new_melds) or {**empty, "enough": False}
    return {**tally, "keeps": kept >= 1, "enough": tally["enough"] and kept >= 1}


def drawn(melds: list[list[int]]) -> list[TileList]:
    """Combinations as small read-only tiles, in reading order, a joly with what it stands for."""
    return [_drawn_meld(meld) for meld in melds]


def _drawn_meld(meld: list[int]) -> TileList:
    reading = reading_of(meld)
    if reading is None:  # never stored, but drawn plainly rather than not at all
        return [ro.tile_context(dict(tile_view(t))) for t in meld]
    ordered = [meld[i] for i in reading.order]
    shown = meld_view(ordered, 0, [0] * TILE_COUNT)["tiles"]
    return [ro.tile_context(dict(t)) for t in shown]


def drawn_rack(rack: list[int]) -> list[TileList]:
    return [[ro.tile_context(dict(tile_view(t))) for t in sort_tiles(list(rack))]]


def drawings(puzzle: Puzzle, answer: list[list[int]] | None) -> dict[str, Any]:
    """The rack, the player's opening and the best one (a joly shows what it stands for)."""
    return {
        "yours": drawn(answer) if answer else None,
        "best": drawn(puzzle.solution),
        "rack_drawn": drawn_rack(puzzle.rack),
        "sets_template": SETS_TEMPLATE,
    }


# --- puzzles from a player's own games (``puzzles.own``) --------------------------------

# A turn that began with a face-down draw (a timeout draws too): its rack is all the seat
# had. Taking from the discard row binds the opening to a taken tile, which these
# puzzles cannot ask, so such a turn is left out.
OWN_ACTIONS = ("draw", "timeout")


def own_position(turn: dict[str, Any]) -> dict[str, Any] | None:
    """A reviewed turn before the seat's opening as an opening puzzle: its rack and the
    threshold it faced, the review's best opening as the answer."""
    best = turn.get("best")
    if turn.get("opened") or turn.get("action") not in OWN_ACTIONS:
        return None
    if not best or not best.get("exact") or not best.get("tiles"):
        return None
    rack = list(turn["rack"])
    themes = ["opening"]
    if any(is_joly(t) for t in best["placed"]):
        themes.append("jolys")
    return {
        "kind": "open",
        "threshold": turn["threshold"],
        "table": [],
        "rack": rack,
        "tiles": best["tiles"],
        "value": best["points"],
        "solution": [list(m) for m in best["table"]],
        "themes": themes,
    }


def answer_draft(solution: list[list[int]]) -> dict[str, Any]:
    """The stored opening as a draft ``judge`` reads: the check that a private puzzle is sound."""
    return {"melds": [list(m) for m in solution]}
