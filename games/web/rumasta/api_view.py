"""Rumasta's seat view as pydantic models, for the API's OpenAPI document.

api/view_models.py finds :data:`VIEW` here through the catalogue (``entry.web``)
and publishes it with the other games' views; the contract test
(tests/api/test_view_models.py) checks every view of seeded playouts against it.
"""

# ruff: noqa: E501  (each description reads best whole, on its own line)
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from api.view_models import ViewPart
from games.web import view_fields as shared

HowMany = Annotated[int, Field(description="How many.")]
CardName = Annotated[str, Field(description="The card's name in words.")]
SeatIndexes = Annotated[list[int], Field(description="Seat indexes.")]
BlackThreesLayer = Annotated[int, Field(description="The seat that laid the black 3s.")]


class RumastaCut(ViewPart):
    count: int | None = Field(description="How many.")
    perfect: bool = Field(description="Whether the cut was perfect.")
    target: int = Field(description="The perfect cut's count.")


class RumastaHand(ViewPart):
    id: int = Field(description="The piece's id (what actions name).")
    face: shared.Face
    name: CardName
    rank: int = Field(description="The card's rank (1 ace … 13 king).")
    suit: str = Field(description="The card's suit (C, D, H, S), or null for a joker.")
    colour: str | None = Field(description="The colour letter, or null for a joker.")
    wild: shared.Wild
    value: shared.Points


Cards = Annotated[list[RumastaHand], Field(description="Card ids.")]


class RumastaPiles(ViewPart):
    top: RumastaHand | None = Field(description="The top card, or null for an empty pile.")
    count: HowMany
    frozen: bool = Field(description="Whether the pile is frozen.")
    pickable: bool = Field(description="Whether you may pick the pile up now.")
    safe_top: bool = Field(description="Whether the top card is safe to discard onto.")


class RumastaMelds(ViewPart):
    index: int = Field(description="The discard's or meld's index.")
    cards: Cards
    kind: str = Field(description="run or group (Rumasta: set or run).")
    count: HowMany
    to_seven: int = Field(description="Cards still needed to close the meld at seven.")
    naturals: int = Field(description="Natural cards in the meld.")
    wilds: int = Field(description="Wild cards in the meld.")
    closed: bool = Field(description="Closed melds (seven cards) your side has.")
    label: str | None = Field(description="A short label for people.")
    clean: bool = Field(description="Whether the meld holds no wild.")


class RumastaSide(ViewPart):
    side: int = Field(description="A side's index.")
    seats: SeatIndexes


class RumastaSidesMelds(RumastaSide):
    melds: list[RumastaMelds] = Field(description="Melds (lists of pieces).")


class RumastaDreidel(ViewPart):
    face: str | None = Field(description="The dreidel's face (nun, gimel, hey or shin), or null.")
    by: int | None = Field(description="The seat that rolled it, or null.")


class RumastaHeart(ViewPart):
    layer: BlackThreesLayer
    seats: SeatIndexes
    waiting: list[int] = Field(description="Seats yet to answer the window.")
    cards: Cards
    opened_move: int = Field(description="The move number the window opened at.")


class RumastaCards(ViewPart):
    face: shared.Face
    name: CardName


class RumastaHeartResult(ViewPart):
    layer: BlackThreesLayer
    winner: str = Field(description="The winning seat or side.")
    by: shared.ByWhom
    red3s_moved: list[int] = Field(
        description="Red 3s moved to the caller's seat by a won call-out."
    )
    cards: list[RumastaCards] = Field(description="Card ids.")


class RumastaRoundSteps(RumastaSide):
    canastas: list[int] = Field(description="Canastas (seven of a rank) scored.")
    rumastas: list[int] = Field(description="Rumastas (seven in sequence) scored.")
    red_threes: int = Field(description="Red 3s laid.")
    red_three_points: int = Field(description="Points for red 3s.")
    going_out: int = Field(description="Points for going out.")
    perfect_cut: int = Field(description="Points for a perfect cut.")
    step1: int = Field(description="Scoring step 1.")
    step2: int = Field(description="Scoring step 2.")
    step3: int = Field(description="Scoring step 3.")
    round: int = Field(description="The round number.")
    total: int = Field(description="Points in all.")


class RumastaMe(ViewPart):
    acting: bool = Field(description="Whether you may act now.")
    actions: list[str] = Field(description="The action types open to you now.")
    melded: bool = Field(description="Points (or whether your side has melded).")
    minimum: int = Field(description="Points your side's first meld must reach.")
    closed: int = Field(description="Closed melds (seven cards) your side has.")
    locked: list[int] = Field(description="Card ids taken this turn that may not be melded yet.")
    draw_size: int = Field(description="Cards option C would draw now.")
    pick_choices: list[Any] = Field(description="Seats you may pick for the dreidel.")


class RumastaView(shared.SeatViewBase):
    kind: shared.GameKind[Literal["rumasta"]]
    teams: str = Field(description="The team layout: none, 2v2, 3v3 or 2v2v2.")
    sides: list[list[int]] = Field(description="The seats of each side.")
    my_side: int = Field(description="Your side's index.")
    target: shared.Target
    hand_size: int = Field(description="Cards dealt to each player.")
    round_no: shared.RoundNo
    move_no: shared.MoveNo
    phase: shared.Phase
    step: str | None = Field(
        description="The step of the turn: choose (take or draw), pick (a dreidel opponent) or play; null outside a turn."
    )
    to_act: shared.ToAct
    turn: shared.Turn
    direction: str = Field(description="The direction of play.")
    cutter: int = Field(description="The seat that cuts this round.")
    dealer: shared.Dealer
    cut: RumastaCut = Field(
        description="The cut: cards lifted, whether it was perfect, and the perfect count."
    )
    hand: list[RumastaHand] = Field(description="Your own tiles or cards (only you see them).")
    hand_counts: shared.HandCounts
    piles: list[RumastaPiles] = Field(
        description="The two discard piles: top card, size, frozen, and whether you may pick each up."
    )
    stock_count: int = Field(description="Cards left in the stock.")
    stock_gone: bool = Field(description="Whether the stock ran out.")
    sides_melds: list[RumastaSidesMelds] = Field(description="Each side's melds on the table.")
    red3s: list[list[RumastaHand]] = Field(description="Red 3s laid in front of each seat.")
    aside: list[RumastaHand] = Field(description="Red 3s turned up as upcards (no one's).")
    khaki: str | None = Field(
        description="khakied (no pile may be picked up), half (one), or null."
    )
    dreidel: RumastaDreidel = Field(
        description="The dreidel's last face this round and who rolled it."
    )
    last_discards: list[int | None] = Field(description="The last two discards (pile 0, pile 1).")
    heart: RumastaHeart | None = Field(description="The open black 3 window, else null.")
    heart_result: RumastaHeartResult | None = Field(
        description="How the last black 3 window ended, else null."
    )
    totals: list[int] = Field(description="Running scores, by seat (Rumasta: by side).")
    side_totals: list[int] = Field(description="Running scores by side.")
    round_steps: list[RumastaRoundSteps] | None = Field(
        description="The three scoring steps of the last round, by side, once it is over."
    )
    end_reason: shared.EndReason
    went_out: int | None = Field(description="The seat that went out this round, else null.")
    winners: shared.Winners
    final_hands: list[list[RumastaCards]] | None = Field(
        description="Every seat's hand once the round is scored (laid open), else null."
    )
    me: RumastaMe = Field(
        description="Hints for your seat: the moves open, your side's meld minimum, locked cards, dreidel picks."
    )


VIEW = RumastaView
