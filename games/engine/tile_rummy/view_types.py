"""The shape of what one seat sees of a Tile Rummy table (``view``), as TypedDicts.

Why TypedDicts: see ``games.engine.contract``.
"""

from __future__ import annotations

from typing import NotRequired, ReadOnly, TypedDict, TypeIs

from ..melds import TileFaceView


class TileView(TileFaceView):
    """One tile; a joker in a set says the number it stands for."""

    joker: bool
    stands_for: NotRequired[int]


class SetView(TypedDict):
    """A set on the table in display order; ``kind`` and ``value`` are None for a
    half-built set in a draft."""

    tiles: list[TileView]
    kind: str | None
    value: int | None


class TileRummyView(TypedDict):
    """Everything ``view(state, seat)`` returns; ``rack`` is None for a spectator,
    ``final_racks`` is set once a round is over."""

    kind: str
    seat: ReadOnly[int | None]
    players: int
    phase: str
    turn: int
    to_act: list[int]
    round_no: int
    dealer: int
    meld_rule: str
    target: int
    move_no: int
    table: list[SetView]
    pool_count: int
    rack_counts: list[int]
    opened: list[bool]
    totals: list[int]
    round_scores: list[int] | None
    winners: list[int]
    rack: ReadOnly[list[TileView] | None]
    may_touch_table: bool
    final_racks: list[list[TileView]] | None


class TileRummySeatView(TileRummyView):
    """A player's own view (``is_seated``): what a bot is handed."""

    seat: ReadOnly[int]
    rack: ReadOnly[list[TileView]]


def is_seated(view: TileRummyView) -> TypeIs[TileRummySeatView]:
    """A player's view, not a spectator's: its seat and rack are there."""
    return view["seat"] is not None and view["rack"] is not None
