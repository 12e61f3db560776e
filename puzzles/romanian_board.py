"""What a Romanian opening puzzle's page shows: the table's own pieces, fed the puzzle's view.

While the attempt is open only the rack and the player's draft are read
(the new combinations, each marked when it is not one yet, and the running
tally toward the threshold the Romanian table shows). The best opening is
drawn only for a finished attempt (``drawn``, called by the result).
"""

from __future__ import annotations

from typing import Any

from games.engine.romanian.tiles import TILE_COUNT, reading_of, sort_tiles, tile_view
from games.engine.romanian.view import meld_view
from games.web.romanian import drafts
from games.web.romanian import presenters as ro

from . import romanian
from .models import Attempt

TileList = list[dict[str, Any]]


def board_context(attempt: Attempt) -> dict[str, Any]:
    """The rack, the combinations being built and the opening's running tally."""
    puzzle = attempt.puzzle
    view = romanian.puzzle_view(puzzle)
    faces = {t["id"]: t for t in view["rack"]}
    draft = attempt.draft
    new_melds = ro.new_melds_context(draft, faces)
    rack = [ro.tile_context(faces[t]) for t in drafts.in_hand(draft, view)]
    return {
        "new_melds": new_melds,
        "rack": rack,
        "opening": _tally(view, new_melds, kept=len(rack)),
        "threshold": romanian.threshold_of(puzzle),
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
        return [ro.tile_context(tile_view(t)) for t in meld]
    ordered = [meld[i] for i in reading.order]
    shown = meld_view(ordered, 0, [0] * TILE_COUNT)["tiles"]
    return [ro.tile_context(t) for t in shown]


def drawn_rack(rack: list[int]) -> list[TileList]:
    return [[ro.tile_context(tile_view(t)) for t in sort_tiles(list(rack))]]
