"""Which table sets an optimal answer can leave alone: one integer program per puzzle.

A puzzle's shown answer, themes and hint should name only the rearrangements
the optimum needs, so the builder keeps as many of the table's sets as it can
untouched. This asks HiGHS for the most sets to *hold* (left exactly as they
are) while the rest of the table and the rack still reach the optimum: the set
program of ``research.tile_rummy_ilp`` (den Hertog & Hulshof, with jokers) plus
one 0/1 column per table set whose tiles, when held, leave the pool. A held set
with a joker counts a little more, so a joker is left in place when that costs
nothing (the plainer answer). One program replaces one per table set (the
first way, twenty times slower, was most of the build's time).

The search then arranges the rest (``build.least_rearranged``) and the checks
judge the stored answer as before, so a wrong choice here could only make an
answer rebuild more than it needs, never a wrong puzzle.
"""

from __future__ import annotations

from collections import Counter

import highspy
import numpy as np

from games.engine.tile_rummy import face_of
from research.tile_rummy_ilp import JOKER, _all_sets, _row, _weight, quiet_highs

Table = list[list[int]]
HOLD = 100  # what holding one set is worth; a joker's set HOLD + 1


def held_sets(table: Table, rack: list[int], score: int) -> list[int]:
    """Indices of the most table sets that can stay as they are while the rest of the table
    and the rack still lay ``score`` (1000 a tile plus their value, as ``Optimum.score``)."""
    on_table = Counter(_row(t) for s in table for t in s)
    in_rack = Counter(_row(t) for t in rack)
    have = on_table + in_rack
    sets = [s for s in _all_sets() if all(have[row] >= k for row, k in s)]
    rows, n_sets, n_held = JOKER + 1, len(sets), len(table)
    width = n_sets + rows + n_held  # set copies, tiles taken from the rack, held sets
    h = quiet_highs(60.0)
    costs = np.zeros(width)
    costs[n_sets + rows :] = [
        -(HOLD + any(face_of(t).wild for t in s)) for s in table
    ]  # maximise the sets held
    upper = np.concatenate(
        [np.full(n_sets, 2.0), [float(in_rack[r]) for r in range(rows)], np.ones(n_held)]
    )
    every = np.arange(width, dtype=np.int32)
    h.addVars(width, np.zeros(width), upper)
    h.changeColsCost(width, every, costs)
    h.changeColsIntegrality(width, every, np.full(width, highspy.HighsVarType.kInteger))
    members: dict[int, list[tuple[int, float]]] = {r: [] for r in range(rows)}
    for j, s in enumerate(sets):
        for row, k in s:
            members[row].append((j, float(k)))
    for i, tiles in enumerate(table):
        for row, k in Counter(_row(t) for t in tiles).items():
            members[row].append((n_sets + rows + i, float(k)))
    for row in range(rows):
        column = [*members[row], (n_sets + row, -1.0)]
        index = np.array([j for j, _ in column], dtype=np.int32)
        value = np.array([v for _, v in column])
        rhs = float(on_table[row])
        h.addRow(rhs, rhs, len(index), index, value)
    taken = np.arange(n_sets, n_sets + rows, dtype=np.int32)
    weights = np.array([float(_weight(r)) for r in range(rows)])
    h.addRow(float(score), float(score), rows, taken, weights)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        h.setOptionValue("presolve", "off")  # HiGHS 1.16's presolve errs on some tables
        h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return []  # hold nothing: the search's own answer stands
    values = h.getSolution().col_value[n_sets + rows :]
    return [i for i, v in enumerate(values) if round(v) == 1]
