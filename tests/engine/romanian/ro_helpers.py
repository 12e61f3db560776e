"""Concrete-tile builders for the Romanian engine tests.

Tests speak in faces (``"R7"``, ``"K13"``, ``"J"``); these helpers turn faces
into tile ids and build states in which every one of the 106 ids sits in
exactly one place: tiles a test does not name go to the wall (after any wall
tiles it names), or with ``empty_wall=True`` to the start of the discard row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine import romanian as ro
from games.engine.romanian.state import State

Spec = str | Sequence[str]


def words(spec: Spec) -> list[str]:
    return spec.split() if isinstance(spec, str) else list(spec)


def names(tiles: Sequence[int]) -> list[str]:
    return [str(ro.face_of(t)) for t in tiles]


class Box:
    """The 106 tiles; hands out an unused id for a face, each id at most once."""

    def __init__(self) -> None:
        self.free: dict[str, list[int]] = {}
        for tile in range(ro.TILE_COUNT):
            self.free.setdefault(str(ro.face_of(tile)), []).append(tile)

    def take(self, spec: Spec) -> list[int]:
        return [self.free[face].pop(0) for face in words(spec)]

    def rest(self) -> list[int]:
        return sorted(t for ids in self.free.values() for t in ids)


def table(
    racks: dict[int, Spec],
    *,
    players: int = 2,
    turn: int = 0,
    phase: str = "draw",
    wall: Spec = "",
    discards: Spec = "",
    melds: dict[int, list[Spec]] | None = None,
    opened: Sequence[int] = (),
    config: dict[str, Any] | None = None,
    empty_wall: bool = False,
) -> State:
    """A state mid-round with exactly these tiles; ``melds`` are laid by their owner."""
    state = ro.new_game({"players": players, **(config or {})}, seed=1)
    box = Box()
    state.racks = [ro.sort_tiles(box.take(racks.get(s, ""))) for s in range(players)]
    state.melds = [[box.take(m) for m in (melds or {}).get(s, [])] for s in range(players)]
    state.laid_by = [-1] * ro.TILE_COUNT
    for seat, seat_melds in enumerate(state.melds):
        for meld in seat_melds:
            for tile in meld:
                state.laid_by[tile] = seat
    state.melds = [[_ordered(m) for m in seat_melds] for seat_melds in state.melds]
    row = box.take(discards)
    named_wall = box.take(wall)
    rest = box.rest()
    state.wall = named_wall + ([] if empty_wall else rest)
    state.discards = (rest if empty_wall else []) + row
    state.discarded_by = [(turn - 1) % players] * len(state.discards)
    state.first_discard = None
    state.opened = [s in opened or bool(state.melds[s]) for s in range(players)]
    state.doubla_answered = [True] * players
    state.phase, state.turn = phase, turn
    assert ro.conserved(state)
    return state


def _ordered(meld: list[int]) -> list[int]:
    from games.engine.romanian.melding import in_order

    return in_order(meld)


def ids(state: State, seat: int, spec: Spec) -> list[int]:
    """Ids of these faces in a seat's rack (each id once, in the order named)."""
    pool = list(state.racks[seat])
    out = []
    for face in words(spec):
        tile = next(t for t in pool if str(ro.face_of(t)) == face)
        pool.remove(tile)
        out.append(tile)
    return out


def row_index(state: State, face: str) -> int:
    """The last position of ``face`` in the row of discards."""
    return max(i for i, t in enumerate(state.discards) if str(ro.face_of(t)) == face)


def play(state: State, seat: int, action: dict) -> State:
    new, _ = ro.apply(state, seat, action)
    assert ro.conserved(new)
    return new


def refused(state: State, seat: int, action: dict) -> str:
    """The code of the IllegalAction this move raises (and the state stays as it was)."""
    before = ro.to_json(state)
    try:
        ro.apply(state, seat, action)
    except ro.IllegalAction as exc:
        assert exc.message
        assert ro.to_json(state) == before
        return exc.code
    raise AssertionError("the move was accepted")
