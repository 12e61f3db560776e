"""Rumbaroo's largest-meld search against a brute force written apart from it.

``best_placement`` covers the tightest table tile first (not the lowest), ``most_placed``
is the bound that lets the hint stop searching once a quick floor reaches it, and
``best.py`` tries growing parts of the table before the whole: on seeded crowded-ish
tables (two to five melds, Wilds now and then) each must give the true optimum, found
by splitting the table plus every subset of the own tiles with the engine's meld rules
(``tests/reviews/rumbaroo_exact.py``), and the bound must never be below it.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.bots.rumbaroo.best import _Melds, _Seat
from games.bots.rumbaroo.placement import Steps, best_placement, most_placed
from games.engine.melds import Face
from games.engine.rumbaroo.boxes import TileFace
from tests.reviews.rumbaroo_exact import _meld, _neighbours, _split

SEEDS = range(120)


def _position(seed: int) -> tuple[list[list[str]], list[str]]:
    """Table melds (faces) and own number tiles / Wilds, at most two copies of a face."""
    rng = random.Random(seed)
    while True:
        table = [_meld(rng) for _ in range(rng.randint(2, 5))]
        own: list[str] = []
        for meld in rng.sample(table, k=min(2, len(table))):
            own += rng.sample(_neighbours(meld), k=rng.choice((1, 1, 2)))
        while len(own) < rng.randint(1, 4):
            own.append("J" if rng.random() < 0.1 else f"{rng.choice('RBGY')}{rng.randint(1, 13)}")
        faces = [f for m in table for f in m] + own
        if all(faces.count(f) <= 2 for f in set(faces) if f != "J"):
            return table, own[:4]


def _exact(table: list[list[str]], own: list[str]) -> tuple[int, int]:
    """The most own tiles (then points) the table can take: every subset, split by brute
    force."""
    old = [f for m in table for f in m]
    best = (0, 0)
    for size in range(1, len(own) + 1):
        for subset in combinations(own, size):
            texts = tuple(sorted([*old, *subset], key=lambda t: (t == "J", t)))
            if _split(texts) is not None:
                points = sum(30 if t == "J" else int(t[1:]) for t in subset)
                best = max(best, (size, points))
    return best


def _ids(table: list[list[str]], own: list[str]) -> tuple[list[list[int]], list[int], dict]:
    faces: dict[int, TileFace] = {}
    ids = iter(range(1, 1000))

    def take(text: str) -> int:
        tile = next(ids)
        faces[tile] = TileFace.parse(text)
        return tile

    return [[take(f) for f in m] for m in table], [take(f) for f in own], faces


@pytest.mark.parametrize("seed", SEEDS)
def test_the_search_and_its_bound_agree_with_brute_force(seed: int) -> None:
    table_faces, own_faces = _position(seed)
    want = _exact(table_faces, own_faces)
    table, own, faces = _ids(table_faces, own_faces)

    def face_of(tile: int) -> Face:
        return faces[tile].meld_face()

    assert most_placed(table, own, face_of) >= want[0]  # the bound never cuts the optimum
    found = best_placement(table, own, face_of, Steps())
    assert (len(found.placed), found.points) == want
    me = _Seat(faces, own, table, top=own[0], colour="R", players=2, pool=10, seat=0,
               top_by=None, big_red=False)  # fmt: skip
    whole = _Melds(me, Steps(), floor=None).whole  # near parts first, then the whole table
    got = (len(whole.placed), whole.points) if whole is not None else (0, 0)
    assert got == want


def test_the_bound_counts_tiles_that_fit_nowhere_out() -> None:
    """A lone R1 with nothing near it and no Wild can never be laid: the bound says so, and
    a floor laying the rest is the answer without a search."""
    table, own, faces = _ids([["B7", "G7", "Y7"]], ["R1", "R7"])
    assert most_placed(table, own, lambda t: faces[t].meld_face()) == 1
