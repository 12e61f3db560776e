"""Tile Rummy puzzles ("lay the most", "go out"): the table, its draft and its judge.

Every game's puzzle module (named by its catalogue ``PuzzleSpec``) offers the
same few names, so ``solving`` and ``presenters`` never ask which game it is:
``THEMES``, ``TEMPLATE``, ``STYLESHEETS``, ``BOARD_CLASS``, ``ANNOUNCES_STATUS``,
``CAPTIONS``, ``face_of``, ``prompt``, ``meta``, ``move``, ``judge``,
``board_context``, ``drawings`` and ``hint_text``. Here a tap moves a tile inside the
table's own draft (``games.web.tile_rummy.drafts``); Confirm asks the engine's table
check (``melds.check_table``), so an invalid table is refused with its reason.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import tile_rummy
from games.engine.melds import check_table, read
from games.engine.tile_rummy.turn import opening_sets
from games.web.tile_rummy import drafts, presenters
from games.web.tile_rummy.hint import drawn_rack, drawn_sets

from .errors import PuzzleError
from .models import Attempt, Puzzle

TEMPLATE = "puzzles/_tile_rummy_board.html"
SETS_TEMPLATE = "games/_drawn_sets.html"
STYLESHEETS: tuple[str, ...] = ()
BOARD_CLASS = "tr-board"
ANNOUNCES_STATUS = True  # the prompt line is read out after each change
RACK_SKIP = gettext_lazy("Skip to your rack")  # the skip link to the rack, in its game's words
PROMPTS = {
    "most": gettext_lazy(
        "Lay as many tiles from your rack as you can this turn. Rearrange the table freely."
    ),
    "out": gettext_lazy(
        "Go out this turn: lay every tile of your rack. Rearrange the table freely."
    ),
    # Only a puzzle from a player's own game, a turn before the opening (``own_position``).
    "open": gettext_lazy(
        "You have not opened yet: lay new sets from your rack alone, worth 30 points or more "
        "together, with as many tiles as you can. The sets on the table stay as they are."
    ),
}
CAPTIONS = {
    "rack": gettext_lazy("Your rack"),
    "yours": gettext_lazy("Your table"),
    "best": gettext_lazy("The best arrangement (tiles from your rack have a dashed border)"),
    "best_label": gettext_lazy("The best arrangement"),
    "nothing": gettext_lazy("You laid nothing."),
}
Table = list[list[int]]
# What a tile shows (a joker is just a joker): two answers equal by faces are one arrangement.
face_of = tile_rummy.face_of
# slug: (name, a line about it), as the generator names them (research/puzzles/themes.py:
# one main theme a puzzle, what is rearranged, and the broad ones beside it)
THEMES: dict[str, tuple[Any, Any]] = {  # lazy translations: read in the reader's language
    "swapping-a-joker": (
        gettext_lazy("Swapping a joker"),
        gettext_lazy(
            "A tile from your rack takes a joker's place on the table; the joker goes to work "
            "elsewhere."
        ),
    ),
    "joker-from-a-run": (
        gettext_lazy("A joker out of a run"),
        gettext_lazy("Free the joker in a run on the table and use it in another set."),
    ),
    "joker-from-a-group": (
        gettext_lazy("A joker out of a group"),
        gettext_lazy("Free the joker in a group on the table and use it in another set."),
    ),
    "splitting-a-run": (
        gettext_lazy("Splitting a run"),
        gettext_lazy("Cut a long run in two so your tiles fit between."),
    ),
    "runs-to-groups": (
        gettext_lazy("Runs into groups"),
        gettext_lazy("Tiles from a run join groups of one number."),
    ),
    "groups-to-runs": (
        gettext_lazy("Groups into runs"),
        gettext_lazy("Tiles from a group of one number join runs."),
    ),
    "joining-sets": (
        gettext_lazy("Joining sets"),
        gettext_lazy("Sets on the table grow into one longer set with your tiles."),
    ),
    "new-sets-only": (
        gettext_lazy("The right new sets"),
        gettext_lazy(
            "The table stays as it is: choose which sets your rack makes and where the rest goes."
        ),
    ),
    "deep-rearranging": (
        gettext_lazy("Deep rearranging"),
        gettext_lazy("Four sets on the table or more must be taken apart."),
    ),
    "jokers": (
        gettext_lazy("Jokers"),
        gettext_lazy("A joker from your rack goes down: where does it do the most?"),
    ),
    "go-out": (
        gettext_lazy("Going out"),
        gettext_lazy("Every tile of your rack can go down this turn: find how."),
    ),
    # The puzzles from a player's own games name only what plainly fits (``_own_themes``).
    "rearranging": (
        gettext_lazy("Rearranging the table"),
        gettext_lazy("Take sets apart to make room for your tiles."),
    ),
}
# The hint names a set on the table by its colour (a run) or its number (a group): whole
# sentences, so each language can make its words agree.
RUN_HINTS = {
    "set": {
        "R": gettext_lazy("A tile of the red run %(low)s–%(high)s on the table is the key."),
        "B": gettext_lazy("A tile of the blue run %(low)s–%(high)s on the table is the key."),
        "Y": gettext_lazy("A tile of the yellow run %(low)s–%(high)s on the table is the key."),
        "K": gettext_lazy("A tile of the black run %(low)s–%(high)s on the table is the key."),
    },
    "joker": {
        "R": gettext_lazy(
            "The joker in the red run %(low)s–%(high)s on the table can do more elsewhere."
        ),
        "B": gettext_lazy(
            "The joker in the blue run %(low)s–%(high)s on the table can do more elsewhere."
        ),
        "Y": gettext_lazy(
            "The joker in the yellow run %(low)s–%(high)s on the table can do more elsewhere."
        ),
        "K": gettext_lazy(
            "The joker in the black run %(low)s–%(high)s on the table can do more elsewhere."
        ),
    },
}
GROUP_HINTS = {
    "set": gettext_lazy("A tile of the group of %(number)ss on the table is the key."),
    "joker": gettext_lazy(
        "The joker in the group of %(number)ss on the table can do more elsewhere."
    ),
}


def hint_text(hint: dict[str, Any]) -> str:
    """The stored hint (``research/puzzles/hints.py``) in the reader's language; "" if unknown."""
    key = hint.get("key")
    if key in RUN_HINTS and hint.get("set") == "run" and hint.get("colour") in RUN_HINTS[key]:
        return str(RUN_HINTS[key][hint["colour"]]) % {"low": hint["low"], "high": hint["high"]}
    if key in GROUP_HINTS and hint.get("set") == "group":
        return str(GROUP_HINTS[key]) % {"number": hint["number"]}
    count = hint.get("count", 0)
    if key == "out":
        return ngettext(
            "All %(count)s tile of your rack can go down this turn.",
            "All %(count)s tiles of your rack can go down this turn.",
            count,
        ) % {"count": count}
    if key == "count":
        return ngettext(
            "You can lay %(count)s tile this turn.", "You can lay %(count)s tiles this turn.", count
        ) % {"count": count}
    return ""


def puzzle_view(puzzle: Puzzle) -> dict[str, Any]:
    """The position as a seat's view: the table and the rack, nothing else."""
    return {
        "table": [tile_rummy.set_view(s) for s in puzzle.table],
        "rack": [tile_rummy.tile_view(t) for t in puzzle.rack],
        "may_touch_table": puzzle.kind != "open",  # before the opening: new sets only
    }


def prompt(puzzle: Puzzle) -> str:
    return str(PROMPTS[puzzle.kind])


def meta(puzzle: Puzzle) -> str:
    """Anything the header adds to the game and the question: an opening's minimum."""
    if puzzle.kind != "open":
        return ""
    minimum = tile_rummy.OPENING_MINIMUM
    return ngettext(
        "opening at least %(threshold)s point", "opening at least %(threshold)s points", minimum
    ) % {"threshold": minimum}


def move(draft: dict[str, Any] | None, puzzle: Puzzle, tile: int, target: str) -> dict[str, Any]:
    try:
        return drafts.move_tile(draft, puzzle_view(puzzle), tile, target)
    except drafts.DraftError as exc:
        raise PuzzleError(str(exc)) from exc


def judge(puzzle: Puzzle, draft: dict[str, Any] | None) -> tuple[Table, int, int]:
    """(the table laid, rack tiles laid, their value), or PuzzleError with the reason."""
    table = [list(s) for s in (draft or {}).get("table", puzzle.table) if s]
    old = [t for s in puzzle.table for t in s]
    placed, problems = check_table(old, table, puzzle.rack, tile_rummy.face_of, tile_rummy.RULES)
    if problems:
        reasons = "; ".join(p.message.shown for p in problems)  # the reader's language
        raise PuzzleError(
            _("Not a valid table: %(reasons)s. Nothing counted.") % {"reasons": reasons}
        )
    if not placed:
        raise PuzzleError(_("Lay at least one tile from your rack."))
    if puzzle.kind == "open":
        _check_opening(puzzle, table)
    return table, len(placed), sum(tile_rummy.tile_value(t) for t in placed)


def _check_opening(puzzle: Puzzle, table: Table) -> None:
    """The engine's opening rule: the table's sets untouched, new sets from the rack alone,
    worth the minimum as the engine reads them (a joker at the number it stands for)."""
    new_sets = opening_sets(puzzle.table, table, puzzle.rack)
    if new_sets is None:
        raise PuzzleError(_("Until you have opened, you can only lay new sets from your own rack."))
    value = sum(_set_value(s) for s in new_sets)
    if value < tile_rummy.OPENING_MINIMUM:
        raise PuzzleError(
            _("Your opening sets are worth %(value)s; you need at least %(minimum)s.")
            % {"value": value, "minimum": tile_rummy.OPENING_MINIMUM}
        )


def _set_value(tiles: list[int]) -> int:
    reading = read([tile_rummy.face_of(t) for t in tiles], tile_rummy.RULES)
    return reading.value if reading else 0


def board_context(attempt: Attempt) -> dict[str, Any]:
    """The draft table and the rack (the answer is never read here)."""
    puzzle = attempt.puzzle
    draft = attempt.draft or {"table": puzzle.table, "placed": []}
    placed = set(draft["placed"])
    return {
        "sets": presenters.sets_context(draft["table"], placed),
        "rack": presenters.rack_context(puzzle_view(puzzle)["rack"], placed),
        "placed_count": len(placed),
        "draft_active": bool(attempt.draft) and draft["table"] != puzzle.table,
    }


def drawings(puzzle: Puzzle, answer: Table | None) -> dict[str, Any]:
    """The rack, the player's table and the best one, as small read-only tiles."""
    rack = set(puzzle.rack)
    return {
        "yours": drawn_sets(answer, rack) if answer else None,
        "best": drawn_sets(puzzle.solution, rack),
        "rack_drawn": drawn_rack(puzzle.rack, set()),
        "sets_template": SETS_TEMPLATE,
    }


# --- puzzles from a player's own games (``puzzles.own``) --------------------------------


def own_position(turn: dict[str, Any]) -> dict[str, Any] | None:
    """A reviewed turn as a puzzle: the table and rack the seat saw, the review's best as the
    answer. Before the seat's opening it is an opening puzzle ("open": new sets only, 30 or
    more), kept only without a joker on the rack: the review ranks equal openings by their
    value as read (a joker at its number), the judge by what the tiles cost (a joker 30),
    and with no joker the two are one order, so the review's best is the judge's optimum."""
    best = turn.get("best")
    if not best or not best.get("exact"):
        return None
    rack, table = list(turn["rack"]), [list(s) for s in turn["table_before"]]
    opening = not turn.get("opened")
    if opening and any(t in tile_rummy.JOKERS for t in rack):
        return None
    kind = "open" if opening else ("out" if best["tiles"] == len(rack) else "most")
    return {
        "kind": kind,
        "threshold": tile_rummy.OPENING_MINIMUM if opening else None,
        "table": table,
        "rack": rack,
        "tiles": best["tiles"],
        "value": best["points"],
        "solution": [list(s) for s in best["table"]],
        "themes": _own_themes(table, best["table"], set(best["placed"]), len(rack)),
    }


def _own_themes(table: Table, solution: Table, placed: set[int], rack_size: int) -> list[str]:
    """The bank's theme words that plainly fit: going out, a joker laid, sets taken apart
    (a table set whose tiles the answer spreads over two sets or more; one only added to is
    still whole). Hints name these; with none, the page offers no hint."""
    themes = []
    if len(placed) == rack_size:
        themes.append("go-out")
    if any(t in tile_rummy.JOKERS for t in placed):
        themes.append("jokers")
    whole = [set(s) for s in solution]
    if any(not any(set(s) <= new for new in whole) for s in table):  # not merely added to
        themes.append("rearranging")
    return themes


def answer_draft(solution: Table) -> dict[str, Any]:
    """The stored answer as a draft ``judge`` reads: the check that a private puzzle is sound."""
    return {"table": [list(s) for s in solution]}
