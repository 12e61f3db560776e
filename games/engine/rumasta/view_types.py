"""The shape of what one seat sees of a Rumasta table (``view``), as TypedDicts, and of
the state's own small records the view passes on (the heart window, the scoring steps).

The view as TypedDicts, not classes: see ``games.engine.contract``.
"""

from __future__ import annotations

from typing import NotRequired, ReadOnly, TypedDict, TypeIs


class CardView(TypedDict):
    id: int
    face: str
    name: str
    rank: int
    suit: str
    colour: str | None  # None for a joker
    wild: bool
    value: int


class FaceView(TypedDict):
    """A card by face only, no id (a hand laid open, a black 3 a pile took)."""

    face: str
    name: str


class MeldView(TypedDict):
    index: int
    cards: list[CardView]
    kind: str | None  # set | run | threes
    count: int
    to_seven: int
    naturals: int
    wilds: int
    closed: bool
    label: str | None  # canasta | rumasta
    clean: bool


class SideMeldsView(TypedDict):
    side: int
    seats: list[int]
    melds: list[MeldView]


class PileView(TypedDict):
    top: CardView | None
    count: int
    frozen: bool
    pickable: bool  # for the seat whose turn it is
    safe_top: bool


class CutView(TypedDict):
    count: int | None
    perfect: bool
    target: int


class DreidelView(TypedDict):
    face: str | None
    by: int | None


class HeartWindow(TypedDict):
    """The open heart window in the state: who laid the black 3s, who may still answer."""

    layer: int
    seats: list[int]
    passed: list[int]
    cards: list[int]
    opened_move: int


class HeartView(TypedDict):
    layer: int
    seats: list[int]
    waiting: list[int]
    cards: list[CardView]
    opened_move: int


class HeartResult[Card](TypedDict):
    """The last window's outcome: the state keeps card ids (``HeartResult[int]``), the
    view shows faces only (``HeartResult[FaceView]``), since a taken pile hides them."""

    layer: int
    winner: str | None  # heart | call_out | None (no press)
    by: int | None
    red3s_moved: list[int]
    cards: list[Card]


class SideSteps(TypedDict):
    """One side's round in the three scoring steps; ``total`` once every side is scored."""

    side: int
    seats: list[int]
    canastas: list[int]
    rumastas: list[int]
    red_threes: int
    red_three_points: int
    going_out: int
    perfect_cut: int
    step1: int
    step2: int
    step3: int
    round: int
    total: NotRequired[int]


class Hints(TypedDict):
    """What this seat may do now, so pages and bots need no rules of their own."""

    acting: bool
    actions: list[str]
    melded: bool
    minimum: int
    closed: int
    locked: list[int]
    draw_size: int
    pick_choices: list[int]


class RumastaView(TypedDict):
    """Everything ``view(state, seat)`` returns; ``hand``, ``my_side`` and ``me`` are None
    for a spectator."""

    kind: str
    seat: ReadOnly[int | None]
    players: int
    teams: str
    sides: list[list[int]]
    my_side: ReadOnly[int | None]
    target: int
    hand_size: int
    round_no: int
    move_no: int
    phase: str
    step: str | None
    to_act: list[int]
    turn: int
    direction: str
    cutter: int
    dealer: int
    cut: CutView
    hand: ReadOnly[list[CardView] | None]
    hand_counts: list[int]
    piles: list[PileView]
    stock_count: int
    stock_gone: bool
    sides_melds: list[SideMeldsView]
    red3s: list[list[CardView]]
    aside: list[CardView]
    khaki: str | None
    dreidel: DreidelView
    last_discards: list[int | None]
    heart: HeartView | None
    heart_result: HeartResult[FaceView] | None
    totals: list[int]
    side_totals: list[int]
    round_steps: list[SideSteps] | None
    end_reason: str | None
    went_out: int | None
    winners: list[int]
    final_hands: list[list[FaceView]] | None
    me: ReadOnly[Hints | None]


class RumastaSeatView(RumastaView):
    """A player's own view (``is_seated``): what a bot is handed."""

    seat: ReadOnly[int]
    my_side: ReadOnly[int]
    hand: ReadOnly[list[CardView]]
    me: ReadOnly[Hints]


def is_seated(view: RumastaView) -> TypeIs[RumastaSeatView]:
    """A player's view, not a spectator's: its seat, side, hand and hints are there."""
    mine = (view["seat"], view["my_side"], view["hand"], view["me"])
    return all(part is not None for part in mine)
