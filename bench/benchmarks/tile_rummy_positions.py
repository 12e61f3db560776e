"""Seeded Tile Rummy placement positions (a table and a rack) of several densities.

Used by the reference check (``tile_rummy_exact``) and its test: the same
seed always gives the same position, so a run measures the same positions
on any machine. Each position belongs to one density (how full the table
is) and one joker case (where the two jokers lie), cycled so that every
combination is covered evenly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.engine.melds import read
from games.engine.tile_rummy import JOKERS, RULES, TILE_COUNT, face_of

# (name, table tiles low..high, rack tiles low..high)
DENSITIES = (
    ("sparse", 0, 12, 6, 14),
    ("middle", 18, 36, 5, 16),
    ("crowded", 40, 66, 4, 20),
)
# (name, jokers on the table, jokers in the rack)
JOKER_CASES = (
    ("none", 0, 0),
    ("rack", 0, 1),
    ("table", 1, 0),
    ("split", 1, 1),
    ("both rack", 0, 2),
    ("both table", 2, 0),
)


@dataclass(frozen=True)
class Position:
    seed: int
    density: str
    jokers: str
    table: list[list[int]]
    rack: list[int]


def position(seed: int) -> Position:
    """The seeded position: density and joker case cycle with the seed."""
    rng = random.Random(f"tile-rummy-position-{seed}")
    density, t_low, t_high, r_low, r_high = DENSITIES[seed % len(DENSITIES)]
    case, t_jokers, r_jokers = JOKER_CASES[(seed // len(DENSITIES)) % len(JOKER_CASES)]
    naturals = [t for t in range(TILE_COUNT) if t not in JOKERS]
    rng.shuffle(naturals)
    table = _random_table(rng, naturals, rng.randint(t_low, t_high), list(JOKERS[:t_jokers]))
    used = {t for s in table for t in s}
    left = [t for t in naturals if t not in used]
    rack = left[: rng.randint(r_low, r_high)] + list(JOKERS[t_jokers : t_jokers + r_jokers])
    return Position(seed, density, case, table, sorted(rack))


def positions(count: int, first_seed: int = 0) -> list[Position]:
    return [position(seed) for seed in range(first_seed, first_seed + count)]


def _random_table(
    rng: random.Random, naturals: list[int], size: int, jokers: list[int]
) -> list[list[int]]:
    """Valid sets drawn from ``naturals`` until about ``size`` tiles lie on the table;
    each of ``jokers`` replaces a tile in some set (so every one is on the table)."""
    free = {(face_of(t).colour, face_of(t).number): [] for t in naturals}
    for t in naturals:
        free[(face_of(t).colour, face_of(t).number)].append(t)
    table: list[list[int]] = []
    placed = 0
    for _try in range(400):
        if placed >= size and (placed or not jokers):
            break
        wanted = _random_faces(rng)
        if all(free.get(f) for f in wanted):
            tiles = [free[f].pop() for f in wanted]
            table.append(tiles)
            placed += len(tiles)
    for joker in jokers:
        host = rng.choice(table) if table else None
        if host is None:
            continue
        faces = [face_of(t) for t in host]
        grown = [*faces, face_of(joker)]
        if read(grown, RULES) is not None and rng.random() < 0.5:
            host.append(joker)  # an extra tile at an end or a fourth colour
        else:  # the replaced tile goes back to the deck; a real tile always remains
            reals = [i for i, t in enumerate(host) if not face_of(t).wild]
            host[rng.choice(reals)] = joker
    return table


def _random_faces(rng: random.Random) -> list[tuple[str, int]]:
    if rng.random() < 0.5:
        colour = rng.choice(RULES.colours)
        length = rng.choice((3, 3, 4, 4, 5, 6))
        start = rng.randint(1, 14 - length)
        return [(colour, n) for n in range(start, start + length)]
    number = rng.randint(1, 13)
    return [(c, number) for c in rng.sample(RULES.colours, rng.choice((3, 3, 4)))]
