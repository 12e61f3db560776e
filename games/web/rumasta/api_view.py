"""Rumasta's seat view as pydantic models, for the API's OpenAPI document.

api/view_models.py finds :data:`VIEW` here through the catalogue (``entry.web``)
and publishes it with the other games' views; the contract test
(tests/api/test_view_models.py) checks every view of seeded playouts against it.
"""

# ruff: noqa: E501  (each description reads best whole, on its own line)
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from api.view_models import ViewPart


class RumastaCut(ViewPart):
    count: int | None = Field(description="How many.")
    perfect: bool = Field(description="Whether the cut was perfect.")
    target: int = Field(description="The perfect cut's count.")


class RumastaHand(ViewPart):
    id: int = Field(description="The piece's id (what actions name).")
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    name: str = Field(description="The card's name in words.")
    rank: int = Field(description="The card's rank (1 ace … 13 king).")
    suit: str = Field(description="The card's suit (C, D, H, S), or null for a joker.")
    colour: str | None = Field(description="The colour letter, or null for a joker.")
    wild: bool = Field(description="Whether it is a wild.")
    value: int = Field(description="Points.")


class RumastaPiles(ViewPart):
    top: RumastaHand | None = Field(description="The top card, or null for an empty pile.")
    count: int = Field(description="How many.")
    frozen: bool = Field(description="Whether the pile is frozen.")
    pickable: bool = Field(description="Whether you may pick the pile up now.")
    safe_top: bool = Field(description="Whether the top card is safe to discard onto.")


class RumastaMelds(ViewPart):
    index: int = Field(description="The discard's or meld's index.")
    cards: list[RumastaHand] = Field(description="Card ids.")
    kind: str = Field(description="run or group (Rumasta: set or run).")
    count: int = Field(description="How many.")
    to_seven: int = Field(description="Cards still needed to close the meld at seven.")
    naturals: int = Field(description="Natural cards in the meld.")
    wilds: int = Field(description="Wild cards in the meld.")
    closed: bool = Field(description="Closed melds (seven cards) your side has.")
    label: str | None = Field(description="A short label for people.")
    clean: bool = Field(description="Whether the meld holds no wild.")


class RumastaSidesMelds(ViewPart):
    side: int = Field(description="A side's index.")
    seats: list[int] = Field(description="Seat indexes.")
    melds: list[RumastaMelds] = Field(description="Melds (lists of pieces).")


class RumastaDreidel(ViewPart):
    face: str | None = Field(description="The dreidel's face (nun, gimel, hey or shin), or null.")
    by: int | None = Field(description="The seat that rolled it, or null.")


class RumastaHeart(ViewPart):
    layer: int = Field(description="The seat that laid the black 3s.")
    seats: list[int] = Field(description="Seat indexes.")
    waiting: list[int] = Field(description="Seats yet to answer the window.")
    cards: list[RumastaHand] = Field(description="Card ids.")
    opened_move: int = Field(description="The move number the window opened at.")


class RumastaCards(ViewPart):
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    name: str = Field(description="The card's name in words.")


class RumastaHeartResult(ViewPart):
    layer: int = Field(description="The seat that laid the black 3s.")
    winner: str = Field(description="The winning seat or side.")
    by: int = Field(description="The seat that did it.")
    red3s_moved: list[int] = Field(
        description="Red 3s moved to the caller's seat by a won call-out."
    )
    cards: list[RumastaCards] = Field(description="Card ids.")


class RumastaRoundSteps(ViewPart):
    side: int = Field(description="A side's index.")
    seats: list[int] = Field(description="Seat indexes.")
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


class RumastaView(ViewPart):
    kind: Literal["rumasta"] = Field(description="The game kind this view belongs to.")
    seat: int = Field(description="Your seat index (seats are numbered from 0).")
    players: int = Field(description="How many seats the table has.")
    teams: str = Field(description="The team layout: none, 2v2, 3v3 or 2v2v2.")
    sides: list[list[int]] = Field(description="The seats of each side.")
    my_side: int = Field(description="Your side's index.")
    target: int = Field(description="Points that end the game.")
    hand_size: int = Field(description="Cards dealt to each player.")
    round_no: int = Field(description="The round being played, from 1.")
    move_no: int = Field(description="Moves applied in this game so far.")
    phase: str = Field(
        description="Where the round stands (the game's own phase names; game_over at the end)."
    )
    step: str | None = Field(
        description="The step of the turn: choose (take or draw), pick (a dreidel opponent) or play; null outside a turn."
    )
    to_act: list[int] = Field(
        description="Every seat that may act now (sometimes more than one: an answer, next round)."
    )
    turn: int = Field(description="The seat whose turn it is.")
    direction: str = Field(description="The direction of play.")
    cutter: int = Field(description="The seat that cuts this round.")
    dealer: int = Field(description="The seat that dealt this round.")
    cut: RumastaCut = Field(
        description="The cut: cards lifted, whether it was perfect, and the perfect count."
    )
    hand: list[RumastaHand] = Field(description="Your own tiles or cards (only you see them).")
    hand_counts: list[int] = Field(
        description="How many tiles or cards each seat holds in hand, by seat."
    )
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
    end_reason: str | None = Field(
        description="Why the last round ended (out, blocked, wall, stock, a safety cap…), else null."
    )
    went_out: int | None = Field(description="The seat that went out this round, else null.")
    winners: list[int] = Field(
        description="The winning seats once the game is over (several on a tie)."
    )
    final_hands: list[list[RumastaCards]] | None = Field(
        description="Every seat's hand once the round is scored (laid open), else null."
    )
    me: RumastaMe = Field(
        description="Hints for your seat: the moves open, your side's meld minimum, locked cards, dreidel picks."
    )


VIEW = RumastaView
