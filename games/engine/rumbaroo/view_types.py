"""The shape of what one seat sees of a Rumbaroo table (``view``), as TypedDicts.

Why TypedDicts: see ``games.engine.contract``.
"""

from __future__ import annotations

from typing import NotRequired, ReadOnly, TypedDict, TypeIs

from ..melds import TileFaceView


class TileView(TileFaceView):
    """One tile: a number, an action or a Wild (in a meld, with the number it stands for)."""

    action: str | None
    action_name: str | None
    wild: bool
    stands_for: NotRequired[int]


class MeldView(TypedDict):
    """A meld on the table; ``kind`` is None for a half-built meld in a draft."""

    tiles: list[TileView]
    kind: str | None


class Hints(TypedDict):
    """What the seat may do with its tiles now, so pages and bots need no rules."""

    playable: list[int]
    may_stash: bool
    may_stampede: bool


class RumbarooView(Hints):
    """Everything ``view(state, seat)`` returns; ``hand`` and ``pouch`` are None for a
    spectator, ``final_hands`` is set once a round is over."""

    kind: str
    seat: ReadOnly[int | None]
    players: int
    difficulty: str
    party: bool
    target: int
    phase: str
    turn: int
    to_act: list[int]
    direction: int
    round_no: int
    dealer: int
    move_no: int
    table: list[MeldView]
    table_ids: list[list[int]]
    pile: list[TileView]
    top: TileView
    top_by: int | None
    under_top_by: int | None
    colour: str
    pool_count: int
    hand_counts: list[int]
    pouch_counts: list[int]
    holding: list[int]
    skips: list[int]
    croc: int
    stampede_used: list[bool]
    stash_block: int | None
    idle_turns: int
    passes: int
    totals: list[int]
    round_scores: list[int] | None
    round_winner: int | None
    end_reason: str | None
    winners: list[int]
    hand: ReadOnly[list[TileView] | None]
    pouch: ReadOnly[list[TileView] | None]
    drawn: int | None
    called: bool
    final_hands: list[list[TileView]] | None


class RumbarooSeatView(RumbarooView):
    """A player's own view (``is_seated``): what a bot is handed."""

    seat: ReadOnly[int]
    hand: ReadOnly[list[TileView]]
    pouch: ReadOnly[list[TileView]]


def is_seated(view: RumbarooView) -> TypeIs[RumbarooSeatView]:
    """A player's view, not a spectator's: its seat, hand and pouch are there."""
    return view["seat"] is not None and view["hand"] is not None and view["pouch"] is not None
