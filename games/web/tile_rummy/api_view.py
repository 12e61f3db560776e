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


class TileRummyTiles(Piece):
    joker: bool = Field(description="Whether it is a joker.")
    stands_for: int | None = Field(None, description="The number a joker stands for in this set.")


class TileRummyTable(ViewPart):
    tiles: list[TileRummyTiles] = Field(description="The set's tiles, in reading order.")
    kind: str = Field(description="run or group (Rumasta: set or run).")
    value: int = Field(description="Points.")


class TileRummyRack(Piece):
    joker: bool = Field(description="Whether it is a joker.")


class TileRummyView(ViewPart):
    kind: Literal["tile_rummy"] = Field(description="The game kind this view belongs to.")
    seat: int = Field(description="Your seat index (seats are numbered from 0).")
    players: int = Field(description="How many seats the table has.")
    phase: str = Field(
        description="Where the round stands (the game's own phase names; game_over at the end)."
    )
    turn: int = Field(description="The seat whose turn it is.")
    to_act: list[int] = Field(
        description="Every seat that may act now (sometimes more than one: an answer, next round)."
    )
    round_no: int = Field(description="The round being played, from 1.")
    dealer: int = Field(description="The seat that dealt this round.")
    meld_rule: str = Field(
        description="standard: each player opens with 30 points before touching the table; shared: once anyone opens, everyone may."
    )
    target: int = Field(description="Points that end the game.")
    move_no: int = Field(description="Moves applied in this game so far.")
    table: list[TileRummyTable] = Field(description="The sets on the table, in display order.")
    pool_count: int = Field(description="Tiles left to draw.")
    rack_counts: list[int] = Field(description="How many tiles each seat holds, by seat.")
    opened: list[bool] = Field(description="Whether each seat has made its opening meld, by seat.")
    totals: list[int] = Field(description="Running scores, by seat (Rumasta: by side).")
    round_scores: list[int] | None = Field(
        description="The last round's scores by seat, once it is scored; null while it is played."
    )
    winners: list[int] = Field(
        description="The winning seats once the game is over (several on a tie)."
    )
    rack: list[TileRummyRack] = Field(description="Your own tiles (only you see them).")
    may_touch_table: bool = Field(
        description="Whether you may rearrange the sets already on the table this turn."
    )
    final_racks: list[list[TileRummyRack]] | None = Field(
        description="Every rack laid open once the round is scored, else null."
    )


VIEW = TileRummyView
