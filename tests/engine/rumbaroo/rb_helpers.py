"""Concrete-tile builders for the Rumbaroo engine tests.

Tests speak in faces (``"R7"``, ``"J"``, ``"B-HOP"``, ``"BILLABONG"``); these
helpers turn faces into tile ids of the right box and build states in which
every id sits in exactly one place: tiles a test does not name go to the
pool (or, with ``empty_pool=True``, under the discard pile).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.engine import rumbaroo as rb
from games.engine.base import IllegalAction
from games.engine.rumbaroo.state import State
from tests.engine.helpers import Pieces, Spec, resolve


class Box(Pieces):
    """One box of Rumbaroo's tiles (which depends on the difficulty and the table)."""

    def __init__(self, difficulty: str, party: bool) -> None:
        self.faces = rb.box(difficulty, party)
        super().__init__((face.text for face in self.faces), " in this box")


def build(
    hands: Sequence[Spec],
    *,
    difficulty: str = "joey",
    pile: Spec = "R5",
    pile_by: Sequence[int | None] | None = None,
    colour: str | None = None,
    table: Sequence[Spec] = (),
    pouches: Sequence[Spec] | None = None,
    pool_top: Spec = (),
    empty_pool: bool = False,
    pool_size: int | None = None,
    turn: int = 0,
    direction: int = 1,
    players: int | None = None,
    target: int = 50,
    totals: Sequence[int] | None = None,
    seed: int = 1234,
    move_cap: int = 2000,
) -> State:
    """A state holding exactly the named tiles; ``pool_top`` is drawn first-named first.

    ``pool_size`` keeps only that many tiles in the pool (``pool_top`` first),
    moving the rest under the discard pile: a short pool for penalty tests.
    """
    n = players or len(hands)
    hands = list(hands) + [""] * (n - len(hands))
    config = rb.Config(difficulty=difficulty, players=n, target=target, move_cap=move_cap)
    box = Box(difficulty, config.party)
    hand_ids = [box.takes(h) for h in hands]
    pouch_ids = [box.takes(p) for p in (pouches or [""] * n)]
    pouch_ids += [[] for _ in range(n - len(pouch_ids))]
    table_ids = [box.takes(m) for m in table]
    pile_ids = box.takes(pile)
    top = box.takes(pool_top)
    rest = box.rest()
    by = list(pile_by) if pile_by is not None else [None] * len(pile_ids)
    if empty_pool:
        assert not top, "an empty pool has no top"
        pile_ids = rest + pile_ids
        by = [None] * len(rest) + by
        pool: list[int] = []
    else:
        pool = rest + list(reversed(top))  # the engine draws from the end
    if pool_size is not None:
        assert not empty_pool and len(top) <= pool_size <= len(pool)
        cut = len(pool) - pool_size
        pile_ids = pool[:cut] + pile_ids
        by = [None] * cut + by
        pool = pool[cut:]
    state = State(
        config=config,
        seed=seed,
        dealer=(turn - 1) % n,
        turn=turn,
        direction=direction,
        pool=pool,
        hands=[rb.state.sort_hand(State(config=config, seed=0), h) for h in hand_ids],
        pouches=pouch_ids,
        table=table_ids,
        pile=pile_ids,
        pile_by=by,
        colour=colour or (rb.box(difficulty, config.party)[pile_ids[-1]].colour or "R"),
        skips=[0] * n,
        stampede_used=[False] * n,
        totals=list(totals) if totals is not None else [0] * n,
    )
    state.turn_peak = rb.holding(state, turn)
    assert_conserved(state)
    return state


def assert_conserved(state: State) -> None:
    assert sorted(rb.all_tiles(state)) == list(range(len(rb.faces(state))))


def names(state: State, tiles: Sequence[int]) -> list[str]:
    return [rb.face_of(state, t).text for t in tiles]


def hand(state: State, seat: int) -> list[str]:
    return names(state, state.hands[seat])


def tile(state: State, face: str, seat: int | None = None) -> int:
    """The id of ``face`` in the seat's hand or pouch (default: the seat to act)."""
    seat = state.turn if seat is None else seat
    for t in state.hands[seat] + state.pouches[seat]:
        if rb.face_of(state, t).text == face:
            return t
    raise ValueError(f"{face} is not held by seat {seat}")


def table_tile(state: State, face: str) -> int:
    for meld in state.table:
        for t in meld:
            if rb.face_of(state, t).text == face:
                return t
    raise ValueError(f"{face} is not on the table")


def on_table(state: State) -> list[list[str]]:
    return [names(state, m) for m in state.table]


def ids_of(state: State, *melds: Spec, seat: int | None = None) -> list[list[int]]:
    """Faces to ids a player may use: the table's first, then the seat's hand and pouch."""
    seat = state.turn if seat is None else seat
    tiles = [*(t for m in state.table for t in m), *state.hands[seat], *state.pouches[seat]]
    return resolve(
        tiles, lambda t: rb.face_of(state, t).text, melds, "neither on the table nor held"
    )


def meld(state: State, *melds: Spec, **extra) -> dict:
    """A ``meld`` action whose whole new table is given in faces."""
    return {"type": "meld", "table": ids_of(state, *melds), **extra}


def discard(state: State, face: str, **extra) -> dict:
    return {"type": "discard", "tile": tile(state, face), **extra}


def act(state: State, action: dict, seat: int | None = None):
    """Apply as the seat to act; checks conservation after every move."""
    seat = state.turn if seat is None else seat
    new, events = rb.apply(state, seat, action)
    assert_conserved(new)
    return new, events


def refused(state: State, action: dict, code: str, seat: int | None = None) -> str:
    """The move (by the seat to act, unless ``seat``) is refused with ``code`` and the
    state is exactly as it was: apply never changes the state it is given. Returns the
    refusal's message, for the tests that read what a player is told."""
    before = rb.to_json(state)
    with pytest.raises(IllegalAction) as err:
        rb.apply(state, state.turn if seat is None else seat, action)
    assert err.value.code == code, err.value.message
    assert rb.to_json(state) == before
    return err.value.message


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]
