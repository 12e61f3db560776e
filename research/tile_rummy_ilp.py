"""The reference for the Tile Rummy table search: an integer program solved by HiGHS.

Independent of the bots' own search (``games/bots/tile_rummy/search.py``) so
that one can check the other: the model is the set-partitioning program of
den Hertog & Hulshof ("Solving Rummikub problems by integer linear
programming", 2006), extended with jokers.

* one integer variable per possible set (0, 1 or 2 copies): runs of 3 to 5
  tiles (a longer run always splits into runs of 3-5 that each keep a real
  tile, since there are only two jokers) and groups of 3 or 4, each with any
  0-2 of its places taken by jokers, at least one real tile;
* per face: the copies used in sets equal the table's copies plus those taken
  from the rack (0 up to the rack's copies); jokers likewise;
* maximise ``1000 * tiles placed + their value`` (a number tile its number,
  a joker 30, what it would cost left on the rack): most tiles, then value.

``reference_opening`` is the same program for an opening: sets from the rack
alone (runs of any length here, since a joker's reading depends on the whole
run), worth at least 30 together, most tiles then most points.

Only the tests, the benchmarks (bench/benchmarks) and the puzzle generator
(research/puzzles) use it, so it lives apart from both, in research: neither
imports the other, and the site never imports it (nor ``highspy``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import highspy
import numpy as np

from games.engine.melds import Face, read
from games.engine.tile_rummy import JOKER_PENALTY, RULES, face_of

COLOURS = 4
TOP = 13
JOKER = COLOURS * TOP  # the joker's row; faces are colour * 13 + number - 1
TILE_WEIGHT = 1000


@dataclass(frozen=True)
class Optimum:
    """The most rack tiles that can go down this turn, then their greatest value."""

    tiles: int
    value: int

    @property
    def score(self) -> int:
        return TILE_WEIGHT * self.tiles + self.value


def _row(tile: int) -> int:
    face = face_of(tile)
    if face.wild:
        return JOKER
    return "RBYK".index(face.colour or "") * TOP + (face.number or 0) - 1


@cache
def _all_sets(longest: int = 5) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every set as sorted (row, copies) pairs, without duplicates; runs up to ``longest``."""
    found: set[tuple[tuple[int, int], ...]] = set()
    for c in range(COLOURS):
        for length in range(3, longest + 1):
            for start in range(1, TOP - length + 2):
                rows = [c * TOP + n - 1 for n in range(start, start + length)]
                _with_jokers(rows, found)
    for n in range(1, TOP + 1):
        for size in (3, 4):
            for colours in itertools.combinations(range(COLOURS), size):
                _with_jokers([c * TOP + n - 1 for c in colours], found)
    return tuple(sorted(found))


def _with_jokers(rows: list[int], found: set) -> None:
    for jokers in range(3):
        for places in itertools.combinations(range(len(rows)), jokers):
            reals = [r for i, r in enumerate(rows) if i not in places]
            if reals:
                found.add(tuple(sorted(Counter([*reals, *[JOKER] * jokers]).items())))


def reference_optimum(
    table: Sequence[Sequence[int]], rack: Sequence[int], time_limit: float = 60.0
) -> Optimum:
    """The optimum by integer programming (every table tile stays on the table)."""
    on_table = Counter(_row(t) for s in table for t in s)
    in_rack = Counter(_row(t) for t in rack)
    have = on_table + in_rack
    sets = [s for s in _all_sets() if all(have[row] >= k for row, k in s)]
    rows = JOKER + 1
    n_sets = len(sets)
    # columns: sets (0..2 copies), then one "taken from the rack" column per row
    h = quiet_highs(time_limit)
    costs = np.concatenate(
        [np.zeros(n_sets), -np.array([_weight(row) for row in range(rows)], dtype=float)]
    )
    lower = np.zeros(n_sets + rows)
    upper = np.concatenate(
        [np.full(n_sets, 2.0), np.array([in_rack[row] for row in range(rows)], dtype=float)]
    )
    h.addVars(n_sets + rows, lower, upper)
    h.changeColsCost(n_sets + rows, np.arange(n_sets + rows, dtype=np.int32), costs)
    h.changeColsIntegrality(
        n_sets + rows,
        np.arange(n_sets + rows, dtype=np.int32),
        np.full(n_sets + rows, highspy.HighsVarType.kInteger),
    )
    members: dict[int, list[tuple[int, int]]] = {row: [] for row in range(rows)}
    for j, s in enumerate(sets):
        for row, k in s:
            members[row].append((j, k))
    for row in range(rows):
        index = [j for j, _ in members[row]] + [n_sets + row]
        value = [float(k) for _, k in members[row]] + [-1.0]
        rhs = float(on_table[row])
        h.addRow(rhs, rhs, len(index), np.array(index, dtype=np.int32), np.array(value))
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        # Never infeasible (the table as it stands is a solution), yet HiGHS 1.16's presolve
        # says so, or fails, on some tables (seen building the puzzle bank): again without it.
        h.setOptionValue("presolve", "off")
        h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        raise RuntimeError(f"the reference solver did not finish: {h.getModelStatus()}")
    taken = h.getSolution().col_value[n_sets:]
    counts = [round(v) for v in taken]
    return Optimum(sum(counts), sum(k * _value(row) for row, k in enumerate(counts)))


def reference_opening(rack: Sequence[int], minimum: int = 30) -> Optimum | None:
    """The opening with the most tiles (then points) worth ``minimum`` or more; None if none.

    Here ``value`` is what the sets are worth toward the opening (a joker as
    the number it stands for), not what the tiles cost on the rack.
    """
    in_rack = Counter(_row(t) for t in rack)
    sets = [s for s in _all_sets(TOP) if all(in_rack[row] >= k for row, k in s)]
    if not sets:
        return None
    worth = [_set_value(s) for s in sets]
    sizes = [sum(k for _, k in s) for s in sets]
    n = len(sets)
    h = quiet_highs(60.0)
    h.addVars(n, np.zeros(n), np.full(n, 2.0))
    every = np.arange(n, dtype=np.int32)
    costs = -np.array([TILE_WEIGHT * z + w for z, w in zip(sizes, worth, strict=True)], float)
    h.changeColsCost(n, every, costs)
    h.changeColsIntegrality(n, every, np.full(n, highspy.HighsVarType.kInteger))
    for row in range(JOKER + 1):
        index = [j for j, s in enumerate(sets) if any(r == row for r, _ in s)]
        if index:
            value = np.array([float(dict(sets[j])[row]) for j in index])
            h.addRow(0.0, float(in_rack[row]), len(index), np.array(index, np.int32), value)
    h.addRow(float(minimum), highspy.kHighsInf, n, every, np.array(worth, dtype=float))
    copies = solved_copies(h)
    if copies is None:
        return None
    tiles = sum(c * z for c, z in zip(copies, sizes, strict=True))
    worth_laid = sum(c * w for c, w in zip(copies, worth, strict=True))
    return Optimum(int(tiles), int(worth_laid))


def _set_value(s: tuple[tuple[int, int], ...]) -> int:
    faces = []
    for row, k in s:
        face = Face(None, None) if row == JOKER else Face("RBYK"[row // TOP], row % TOP + 1)
        faces += [face] * k
    reading = read(faces, RULES)
    assert reading is not None, "every listed set is valid"
    return reading.value


def solved_copies(h: highspy.Highs) -> list[int] | None:
    """Run the program: each column's value, or None when nothing is feasible."""
    h.run()
    status = h.getModelStatus()
    if status == highspy.HighsModelStatus.kInfeasible:
        return None
    if status != highspy.HighsModelStatus.kOptimal:
        raise RuntimeError(f"the reference solver did not finish: {status}")
    return [round(v) for v in h.getSolution().col_value]


def quiet_highs(time_limit: float) -> highspy.Highs:
    """A silent, single-thread HiGHS that proves optimality exactly (no gap allowed)."""
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("time_limit", time_limit)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.0)
    return h


def _value(row: int) -> int:
    return JOKER_PENALTY if row == JOKER else row % TOP + 1


def _weight(row: int) -> int:
    return TILE_WEIGHT + _value(row)
