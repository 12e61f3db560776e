"""Tile Rummy's seat view as pydantic models, for the API's OpenAPI document.

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


class TileRummyRack(Piece):
    joker: bool = Field(description="Whether it is a joker.")


class TileRummyTiles(TileRummyRack):
    stands_for: int | None = Field(None, description="The number a joker stands for in this set.")


class TileRummyTable(ViewPart):
    tiles: list[TileRummyTiles] = Field(description="The set's tiles, in reading order.")
    kind: str = Field(description="run or group (Rumasta: set or run).")
    value: shared.Points


class TileRummyView(shared.SeatViewBase):
    kind: shared.GameKind[Literal["tile_rummy"]]
    phase: shared.Phase
    turn: shared.Turn
    to_act: shared.ToAct
    round_no: shared.RoundNo
    dealer: shared.Dealer
    meld_rule: str = Field(
        description="standard: each player opens with 30 points before touching the table; shared: once anyone opens, everyone may."
    )
    target: shared.Target
    move_no: shared.MoveNo
    table: list[TileRummyTable] = Field(description="The sets on the table, in display order.")
    pool_count: shared.PoolCount
    rack_counts: shared.RackCounts
    opened: shared.Opened
    totals: list[int] = Field(description="Running scores, by seat (Rumasta: by side).")
    round_scores: shared.RoundScores
    winners: shared.Winners
    rack: list[TileRummyRack] = Field(description="Your own tiles (only you see them).")
    may_touch_table: bool = Field(
        description="Whether you may rearrange the sets already on the table this turn."
    )
    final_racks: list[list[TileRummyRack]] | None = Field(
        description="Every rack laid open once the round is scored, else null."
    )


VIEW = TileRummyView
