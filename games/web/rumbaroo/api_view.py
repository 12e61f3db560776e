"""Rumbaroo's seat view as pydantic models, for the API's OpenAPI document.

api/view_models.py finds :data:`VIEW` here through the catalogue (``entry.web``)
and publishes it with the other games' views; the contract test
(tests/api/test_view_models.py) checks every view of seeded playouts against it.
"""

# ruff: noqa: E501  (each description reads best whole, on its own line)
from __future__ import annotations

from typing import Literal

from pydantic import Field

from api.view_models import Piece, ViewPart
from games.web import view_fields as shared


class RumbarooTiles(Piece):
    action: str | None = Field(description="The action tile's key, or null for a number tile.")
    action_name: str | None = Field(description="The action tile's name, or null.")
    wild: shared.Wild


class RumbarooMeldTile(RumbarooTiles):
    stands_for: int | None = Field(None, description="The number a Wild stands for in this meld.")


class RumbarooTable(ViewPart):
    tiles: list[RumbarooMeldTile] = Field(description="The set's tiles, in reading order.")
    kind: str = Field(description="run or group (Rumasta: set or run).")


class RumbarooView(shared.SeatViewBase):
    kind: shared.GameKind[Literal["rumbaroo"]]
    difficulty: str = Field(
        description="The box of action tiles in play: joey, wallaby or big_red."
    )
    party: bool = Field(description="A Party table (5 to 8 players).")
    target: shared.Target
    phase: shared.Phase
    turn: shared.Turn
    to_act: shared.ToAct
    direction: int = Field(description="The direction of play.")
    round_no: shared.RoundNo
    dealer: shared.Dealer
    move_no: shared.MoveNo
    table: list[RumbarooTable] = Field(description="The sets on the table, in display order.")
    table_ids: list[list[int]] = Field(
        description="The table as lists of tile ids (what a meld's table field sends back)."
    )
    pile: list[RumbarooTiles] = Field(description="The discard pile, bottom first.")
    top: RumbarooTiles = Field(description="The pile's top tile.")
    top_by: int | None = Field(
        description="The seat that played the top tile (null for the starting tile)."
    )
    under_top_by: int | None = Field(description="The seat that played the tile under the top one.")
    colour: str = Field(description="The colour to match next (R, B, G or Y).")
    pool_count: shared.PoolCount
    hand_counts: shared.HandCounts
    pouch_counts: list[int] = Field(
        description="How many tiles each seat keeps in its pouch, by seat."
    )
    holding: list[int] = Field(
        description="Hand plus pouch, by seat (one tile left means Rumbaroo!)."
    )
    skips: list[int] = Field(description="Turns each seat will miss, by seat.")
    croc: int = Field(description="Tiles waiting for the seat answering a Croc Snap (0: none).")
    stampede_used: list[bool] = Field(
        description="Whether each seat has used its Stampede this round, by seat."
    )
    stash_block: int | None = Field(
        description="The seat that stashed last turn (Party: the next turn may not stash), else null."
    )
    idle_turns: int = Field(description="Turns in a row without a tile placed (for the lap cap).")
    passes: int = Field(description="Passes in a row with an empty pool (for a blocked round).")
    totals: list[int] = Field(description="Running scores, by seat (Rumasta: by side).")
    round_scores: shared.RoundScores
    round_winner: shared.RoundWinner
    end_reason: shared.EndReason
    winners: shared.Winners
    hand: list[RumbarooTiles] = Field(description="Your own tiles or cards (only you see them).")
    pouch: list[RumbarooTiles] = Field(description="The tiles in your pouch (only you see them).")
    drawn: shared.Drawn
    called: bool = Field(description="Whether you have called Rumbaroo! this turn.")
    playable: list[int] = Field(description="Ids of your tiles that match the pile now.")
    may_stash: bool = Field(description="Whether a Pouch you play now may tuck a tile away.")
    may_stampede: bool = Field(description="Whether a Croc Snap you play now may stampede.")
    final_hands: list[list[RumbarooTiles]] | None = Field(
        description="Every seat's hand once the round is scored (laid open), else null."
    )


VIEW = RumbarooView
