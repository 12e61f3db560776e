"""Concrete-tile builders for the engine tests.

Tests speak in faces (``"R7"``, ``"K13"``, ``"J"``), the notation of
DESIGN.md; these helpers turn faces into tile ids and build Tile Rummy states
in which every one of the 106 ids sits in exactly one place (the tiles a test
does not name go to the pool, or to one chosen rack when the pool must be
empty).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from games.engine import tile_rummy as tr
from games.engine.base import IllegalAction
from games.engine.melds import Face

TOTAL_VALUE = 8 * sum(range(1, 14)) + 2 * tr.JOKER_PENALTY  # 728 + 60 = 788


def faces(text: str) -> list[Face]:
    """``"R5 R6 J"`` → the three faces."""
    return [Face.parse(t) for t in text.split()]


def names(tiles: Iterable[int]) -> list[str]:
    """Tile ids back to faces, in the order given: ``[12, 104]`` → ``["R7", "J"]``."""
    return [str(tr.face_of(t)) for t in tiles]


Spec = str | Sequence[str]


def words(spec: Spec) -> list[str]:
    return spec.split() if isinstance(spec, str) else list(spec)


class Pieces:
    """A game's pieces (the id of each is its place in ``faces``): hands out an unused id
    for a face, each id at most once, and then the ids no test named (``rest``). Each
    game's test helpers build their positions on one of these."""

    def __init__(self, faces: Iterable[str], short: str = "") -> None:
        self.short = short  # why a face can run out, said when it does
        self.free: dict[str, list[int]] = {}
        for piece, face in enumerate(faces):
            self.free.setdefault(face, []).append(piece)

    def take(self, face: str) -> int:
        ids = self.free.get(face)
        if not ids:
            raise ValueError(f"no {face} left{self.short}")
        return ids.pop(0)

    def takes(self, spec: Spec) -> list[int]:
        return [self.take(f) for f in words(spec)]

    def rest(self) -> list[int]:
        return sorted(t for ids in self.free.values() for t in ids)


class Box(Pieces):
    """The 106 tiles of Tile Rummy."""

    def __init__(self) -> None:
        faces = (str(tr.face_of(tile)) for tile in range(tr.TILE_COUNT))
        super().__init__(faces, ": Tile Rummy has two of each face")


def ids(spec: str | Sequence[str]) -> list[int]:
    """Fresh ids for faces (distinct ids for repeated faces): ``ids("R7 R7 J")``."""
    return Box().takes(spec)


def build(
    racks: Sequence[str | Sequence[str]],
    table: Sequence[str | Sequence[str]] = (),
    pool_top: str | Sequence[str] = (),
    *,
    meld_rule: str = "standard",
    opened: Sequence[bool] | None = None,
    turn: int = 0,
    dealer: int | None = None,
    totals: Sequence[int] | None = None,
    target: int = 200,
    leftover_to: int | None = None,
    seed: int = 1234,
    round_no: int = 1,
) -> tr.State:
    """A Tile Rummy state holding exactly the named tiles.

    ``pool_top`` lists the next tiles drawn, first drawn first. Unnamed tiles
    go under them in the pool, or onto rack ``leftover_to`` (which empties the
    pool). Table sets are stored as given; the engine stores them in reading
    order once a play is confirmed.
    """
    box = Box()
    players = len(racks)
    rack_ids = [box.takes(r) for r in racks]
    table_ids = [box.takes(s) for s in table]
    top = box.takes(pool_top)
    rest = box.rest()
    if leftover_to is None:
        pool = rest + list(reversed(top))  # the engine draws from the end
    else:
        assert not top, "an empty pool has no top"
        rack_ids[leftover_to] += rest
        pool = []
    state = tr.State(
        config=tr.Config(players=players, meld_rule=meld_rule, target=target),
        seed=seed,
        round_no=round_no,
        dealer=(turn - 1) % players if dealer is None else dealer,
        turn=turn,
        pool=pool,
        racks=[sorted(r, key=tr.sort_key) for r in rack_ids],
        table=table_ids,
        opened=list(opened) if opened is not None else [False] * players,
        totals=list(totals) if totals is not None else [0] * players,
    )
    assert_conserved(state)
    return state


def all_places(state: tr.State) -> list[int]:
    return [*state.pool, *(t for r in state.racks for t in r), *(t for s in state.table for t in s)]


def assert_conserved(state: tr.State) -> None:
    """Every one of the 106 ids is in exactly one place."""
    assert sorted(all_places(state)) == list(range(tr.TILE_COUNT))


def refused(state: tr.State, seat: int, action: Any, code: str) -> IllegalAction:
    """Apply an action that must be refused with ``code`` and a reason a person can read;
    the state must come out untouched (apply never changes the state it is given)."""
    before = tr.to_json(state)
    with pytest.raises(IllegalAction) as info:
        tr.apply(state, seat, action)
    assert info.value.code == code, info.value.message
    assert info.value.message
    assert tr.to_json(state) == before
    return info.value


def rack_value(tiles: Iterable[int]) -> int:
    return sum(tr.tile_value(t) for t in tiles)


def table_of(
    state: tr.State, *sets: str | Sequence[str], seat: int | None = None
) -> list[list[int]]:
    """Resolve faces to the ids a player may use: first the table's, then the
    rack of ``seat`` (default: the seat to move). ``"R7"`` means the R7 on the
    table if there is one there, else the player's R7."""
    rack = state.racks[state.turn if seat is None else seat]
    tiles = [*(t for s in state.table for t in s), *rack]
    return resolve(
        tiles, lambda t: str(tr.face_of(t)), sets, "neither on the table nor on the rack"
    )


def resolve(
    tiles: Iterable[int],
    face: Callable[[int], str],
    specs: Iterable[str | Sequence[str]],
    where: str,
) -> list[list[int]]:
    """Each spec's faces as ids from ``tiles``, first come first taken, each id once:
    ``"R7 R7"`` is the first R7 there and then the next. ``where`` says, in the error
    a missing face raises, where the tiles were looked for (any game's helpers use it)."""
    available: dict[str, list[int]] = {}
    for tile in tiles:
        available.setdefault(face(tile), []).append(tile)
    out = []
    for spec in specs:
        row = []
        for wanted in words(spec):
            if not available.get(wanted):
                raise ValueError(f"{wanted} is {where}")
            row.append(available[wanted].pop(0))
        out.append(row)
    return out


def play(*sets: str | Sequence[str], state: tr.State, seat: int | None = None) -> dict:
    """A ``play`` action whose table is given in faces (see ``table_of``)."""
    return {"type": "play", "table": table_of(state, *sets, seat=seat)}
