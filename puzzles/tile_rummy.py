"""Tile Rummy puzzles ("lay the most", "go out"): the table, its draft and its judge.

Every game's puzzle module (named by its catalogue ``PuzzleSpec``) offers the
same few names, so ``solving`` and ``presenters`` never ask which game it is:
``THEMES``, ``TEMPLATE``, ``STYLESHEETS``, ``BOARD_CLASS``, ``ANNOUNCES_STATUS``,
``CAPTIONS``, ``face_of``, ``prompt``, ``meta``, ``move``, ``judge``,
``board_context`` and ``drawings``. Here a tap moves a tile inside the table's own draft
(``games.web.tile_rummy.drafts``); Confirm asks the engine's table check
(``melds.check_table``), so an invalid table is refused with its reason.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import tile_rummy
from games.engine.melds import check_table
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
# slug: (name, a line about it), as the generator names them
THEMES: dict[str, tuple[Any, Any]] = {  # lazy translations: read in the reader's language
    "go-out": (
        gettext_lazy("Going out"),
        gettext_lazy("Every tile of your rack can go down this turn: find how."),
    ),
    "jokers": (
        gettext_lazy("Jokers"),
        gettext_lazy("A joker on your rack or on the table is the key."),
    ),
    "rearranging": (
        gettext_lazy("Rearranging the table"),
        gettext_lazy("Take sets apart to make room for your tiles."),
    ),
    "groups-to-runs": (
        gettext_lazy("Groups into runs"),
        gettext_lazy("Tiles from a group of one number join runs."),
    ),
    "runs-to-groups": (
        gettext_lazy("Runs into groups"),
        gettext_lazy("Tiles from a run join groups of one number."),
    ),
    "splitting-a-run": (
        gettext_lazy("Splitting a run"),
        gettext_lazy("Cut a long run in two so your tiles fit between."),
    ),
}


def puzzle_view(puzzle: Puzzle) -> dict[str, Any]:
    """The position as a seat's view: the table and the rack, nothing else."""
    return {
        "table": [tile_rummy.set_view(s) for s in puzzle.table],
        "rack": [tile_rummy.tile_view(t) for t in puzzle.rack],
        "may_touch_table": True,
    }


def prompt(puzzle: Puzzle) -> str:
    return PROMPTS[puzzle.kind]


def meta(puzzle: Puzzle) -> str:
    """Anything the header adds to the game and the question: nothing here."""
    return ""


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
    return table, len(placed), sum(tile_rummy.tile_value(t) for t in placed)


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
