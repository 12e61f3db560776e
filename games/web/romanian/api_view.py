"""Romanian Tile Rummy's seat view as pydantic models, for the API's OpenAPI document.

api/view_models.py finds :data:`VIEW` here through the catalogue (``entry.web``)
and publishes it with the other games' views; the contract test
(tests/api/test_view_models.py) checks every view of seeded playouts against it.
"""

# ruff: noqa: E501  (each description reads best whole, on its own line)
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from api.view_models import Piece, ViewPart
from games.web import view_fields as shared

Rounds = Annotated[int, Field(description="How many rounds the game lasts.")]


class RomanianOptions(ViewPart):
    players: shared.Players
    rounds: Rounds
    threshold: int = Field(description="Points the opening meld must reach.")
    penalty: str = Field(description="Penalty points.")
    discard_counts: bool = Field(description="Whether the last discard may count toward opening.")


class RomanianRack(Piece):
    joly: bool = Field(description="Whether it is a joly (a joker).")


class RomanianTiles(RomanianRack):
    laid_by: int = Field(description="The seat that first melded each tile.")
    stands_for: str | None = Field(None, description="The number a joker stands for in this set.")


class RomanianMelds(ViewPart):
    owner: int = Field(description="The seat that laid the meld.")
    kind: str = Field(description="run or group (Rumasta: set or run).")
    value: shared.Points
    tiles: list[RomanianTiles] = Field(description="The set's tiles, in reading order.")


class RomanianDiscards(RomanianRack):
    by: shared.ByWhom


class RomanianSpare(ViewPart):
    face: shared.Face
    stack: int = Field(description="The stack (1-15) the spare was counted to.")


class RomanianDoubla(ViewPart):
    declared: list[str | None] = Field(
        description="Each seat's declared doubla: high, low, or null (none), by seat."
    )
    answered: list[bool] = Field(description="Whether each seat has answered the prompt, by seat.")
    my_pair: list[RomanianRack] | None = Field(description="Your declared doubla pair, else null.")
    swap_answered: list[bool] = Field(
        description="Whether each seat has answered the swap offer, by seat."
    )
    my_swap_with: int | None = Field(
        description="The declarer you offered to swap with, else null."
    )
    swaps: list[list[int]] = Field(description="Pairs of seats that swapped doublas.")


class RomanianBreakdown(ViewPart):
    seat: int = Field(description="A seat index.")
    went_out: bool = Field(description="Whether the seat went out.")
    out_bonus: int = Field(description="Bonus for going out.")
    all_at_once_bonus: int = Field(description="Bonus for laying every tile in one turn.")
    melded: int = Field(description="Points (or whether your side has melded).")
    joly_bonus: int = Field(description="Bonus for jolys in the seat's melds.")
    rack: int = Field(description="Points left in the rack.")
    rack_tiles: list[RomanianRack] = Field(description="The tiles left in the rack.")
    melded_nothing: bool = Field(description="Whether the seat melded nothing this round.")
    penalty: int = Field(description="Penalty points.")
    score: shared.Points


class RomanianView(shared.SeatViewBase):
    kind: shared.GameKind[Literal["romanian_tile_rummy"]]
    options: RomanianOptions = Field(
        description="The game's options: players, rounds, opening threshold, penalty and whether a discard counts toward opening."
    )
    phase: shared.Phase
    turn: shared.Turn
    to_act: shared.ToAct
    round_no: shared.RoundNo
    rounds: Rounds
    dealer: shared.Dealer
    first_player: int = Field(description="The seat with fifteen tiles, who discards first.")
    move_no: shared.MoveNo
    turns: int = Field(description="Turns taken this round.")
    rack: list[RomanianRack] = Field(description="Your own tiles (only you see them).")
    rack_counts: shared.RackCounts
    melds: list[list[RomanianMelds]] = Field(
        description="The melds on the table, by the seat that laid them."
    )
    opened: shared.Opened
    opened_this_turn: bool = Field(description="Whether you opened this turn.")
    discards: list[RomanianDiscards] = Field(description="The row of discards, oldest first.")
    first_discard: RomanianRack | None = Field(
        description="The fifteen-tile player's first discard (out of play), else null."
    )
    takes: list[Any] = Field(description="Tiles taken from the row this round: [seat, tiles].")
    wall_count: int = Field(description="Tiles left in the wall.")
    spare: RomanianSpare = Field(
        description="The tile turned face up at the deal and the stack it was counted to."
    )
    joly_spares: int = Field(description="Jolys turned as the spare and shuffled back this round.")
    announced: list[bool] = Field(
        description="Whether each seat is down to three tiles or fewer (announced), by seat."
    )
    doubla: RomanianDoubla = Field(
        description="The doubla prompt: who declared (high or low), who answered, your own pair and swap."
    )
    drawn: shared.Drawn
    took_discard: bool = Field(description="Whether you took from the row this turn.")
    may_take: bool = Field(
        description="Whether taking from the row is open to you this turn at all."
    )
    totals: list[int] = Field(description="Running scores, by seat (Rumasta: by side).")
    round_scores: shared.RoundScores
    round_history: list[list[int]] = Field(description="Each scored round's points, by seat.")
    round_winner: shared.RoundWinner
    all_at_once: bool = Field(
        description="Whether the last round was won by laying all tiles at once."
    )
    end_reason: shared.EndReason
    winners: shared.Winners
    breakdown: list[RomanianBreakdown] | None = Field(
        description="How the last round was scored, by seat, once it is over; else null."
    )


VIEW = RomanianView
