"""What the Tile Rummy rule tests share (test_tile_rummy.py: the turns; test_tile_rummy_rounds.py:
the rounds): the two simplest actions, states read back as faces, the rack's shown order."""

from __future__ import annotations

from typing import Any

from games.engine import tile_rummy as tr
from tests.engine.helpers import build, names

DRAW = {"type": "draw"}
NEXT = {"type": "next_round"}


def table_faces(state: tr.State) -> list[list[str]]:
    return [names(s) for s in state.table]


def rack_faces(state: tr.State, seat: int) -> list[str]:
    return names(state.racks[seat])


def shown_order_key(tile: int) -> tuple[int, int]:
    """Colour R, B, Y, K then number; jokers last (written out, not taken from the engine)."""
    face = str(tr.face_of(tile))
    if face == "J":
        return (4, 0)
    return ("RBYK".index(face[0]), int(face[1:]))


def assert_rack_sorted(rack: list[int]) -> None:
    keys = [shown_order_key(t) for t in rack]
    assert keys == sorted(keys), names(rack)


def opened_state(rack: str, table: list[str], **kw: Any) -> tr.State:
    """Seat 0 has opened and holds ``rack``; seat 1 has not."""
    return build([rack, "B1 B2"], table=table, opened=[True, False], **kw)
