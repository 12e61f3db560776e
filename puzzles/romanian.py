"""Romanian Tile Rummy opening puzzles: the position as a seat's view, the draft, the judge.

The position is a rack only: a seat that has not opened, having drawn. The
draft is the Romanian table's own (``games.web.romanian.drafts``) given a
minimal view of that seat (phase "play", no discards, no melds), so a tap
behaves as at the table. Confirm asks the engine's opening rules
(``judge_opening``): the same check a game makes, nothing written again here.
"""

from __future__ import annotations

from typing import Any

from games.engine.base import IllegalAction
from games.engine.romanian.opening import judge_opening
from games.engine.romanian.tiles import sort_tiles, tile_view
from games.web.romanian import drafts

from .models import Puzzle

DEFAULT_THRESHOLD = 50
TARGETS = ("new", "rack")


class Refused(ValueError):
    """A move or an opening the rules refuse; the message is for the player."""


def threshold_of(puzzle: Puzzle) -> int:
    return puzzle.threshold or DEFAULT_THRESHOLD


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
        raise Refused("That tile is not on your rack.")
    if target not in TARGETS and not target.startswith("n:"):
        raise Refused("Put the tile in a combination, a new one, or back on your rack.")
    try:
        return drafts.move_tile(draft, puzzle_view(puzzle), tile, target)
    except drafts.DraftError as exc:
        raise Refused(str(exc)) from exc


def melds_of(draft: drafts.Draft | None) -> list[list[int]]:
    return [list(m) for m in (draft or {}).get("melds", []) if m]


def judge(puzzle: Puzzle, draft: drafts.Draft | None) -> tuple[list[list[int]], int, int]:
    """(the opening, tiles laid, its value), or ``Refused`` with the game's own reason."""
    melds = melds_of(draft)
    try:
        tiles, value = judge_opening(puzzle.rack, melds, threshold_of(puzzle))
    except IllegalAction as exc:
        raise Refused(f"Not a valid opening: {exc.message} Nothing counted.") from exc
    return melds, tiles, value
