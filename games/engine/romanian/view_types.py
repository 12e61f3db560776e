"""The shape of what one seat sees of a Romanian table (``view``), as TypedDicts.

Why TypedDicts: see ``games.engine.contract``.
"""

from __future__ import annotations

from typing import NotRequired, ReadOnly, TypedDict, TypeIs

from ..melds import TileFaceView


class TileView(TileFaceView):
    """One tile; a joly in a combination says which tile it stands for."""

    joly: bool
    stands_for: NotRequired[str]


class MeldTileView(TileView):
    laid_by: int


class MeldView(TypedDict):
    owner: int
    kind: str
    value: int
    tiles: list[MeldTileView]


class DiscardView(TileView):
    by: int


class TakeView(TypedDict):
    """Who took which discards, by face only (they lay face up)."""

    seat: int
    faces: list[str]


class SpareView(TypedDict):
    face: str
    stack: int


class DoublaView(TypedDict):
    """Others' doublas as high or low only, once every seat has answered."""

    declared: list[str | None]
    answered: list[bool]
    my_pair: list[TileView] | None
    swap_answered: list[bool]
    my_swap_with: int | None
    swaps: list[list[int]]


class OptionsView(TypedDict):
    players: int
    rounds: int
    threshold: int
    penalty: str
    discard_counts: bool


class ScoreRow[Tile](TypedDict):
    """One player's round on the Round complete screen (``scoring.breakdown``): the state
    keeps the rack's tile ids (``ScoreRow[int]``), the view shows them (``ScoreRow[TileView]``)."""

    seat: int
    went_out: bool
    out_bonus: int
    all_at_once_bonus: int
    melded: int
    joly_bonus: int
    rack: int
    rack_tiles: list[Tile]
    melded_nothing: bool
    penalty: int
    score: int


class RomanianView(TypedDict):
    """Everything ``view(state, seat)`` returns; ``rack`` is None for a spectator."""

    kind: str
    seat: ReadOnly[int | None]
    players: int
    options: OptionsView
    phase: str
    turn: int
    to_act: list[int]
    round_no: int
    rounds: int
    dealer: int
    first_player: int
    move_no: int
    turns: int
    rack: ReadOnly[list[TileView] | None]
    rack_counts: list[int]
    melds: list[list[MeldView]]
    opened: list[bool]
    opened_this_turn: bool
    discards: list[DiscardView]
    first_discard: TileView | None
    takes: list[TakeView]
    wall_count: int
    spare: SpareView
    joly_spares: int
    announced: list[bool]
    doubla: DoublaView
    drawn: int | None
    took_discard: bool
    may_take: bool
    totals: list[int]
    round_scores: list[int] | None
    round_history: list[list[int]]
    round_winner: int | None
    all_at_once: bool
    end_reason: str | None
    winners: list[int]
    breakdown: list[ScoreRow[TileView]] | None


class RomanianSeatView(RomanianView):
    """A player's own view (``is_seated``): what a bot is handed."""

    seat: ReadOnly[int]
    rack: ReadOnly[list[TileView]]


def is_seated(view: RomanianView) -> TypeIs[RomanianSeatView]:
    """A player's view, not a spectator's: its seat and rack are there."""
    return view["seat"] is not None and view["rack"] is not None
