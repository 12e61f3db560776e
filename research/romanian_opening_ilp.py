"""The reference for the Romanian opening puzzles: an integer program solved by HiGHS.

Independent of the bots' search (``games/bots/romanian/opening.py``, built
on ``romanian_search.candidates``) so that one can check the other. It shares
only the rules themselves: which tiles make a combination, and its worth, are
what the engine's ``melds.read`` says under the Romanian ``RULES``.

The model, for one rack (a multiset of faces) and a threshold:

* combinations: every run in one colour (3 to 13 places from 1 to 13, or
  ending 12-13-1 with the 1 high) and every group of 3 or 4 colours of one
  number, with 0, 1 or 2 of its places taken by jolys, wherever ``read``
  accepts them (so a joly may stand for a tile the rack holds); kept only if
  the rack holds its real tiles and enough jolys; duplicates (the same faces)
  merged, each worth its best reading;
* one integer variable per combination, ``x_c`` in 0..2 (both copies);
* per face (jolys too): sum of ``x_c`` times the copies ``c`` needs <= the rack's copies;
* sum of ``x_c`` times ``c``'s size <= ``max_tiles`` (one tile kept to discard);
* sum of ``x_c`` times ``c``'s value >= ``threshold``;
* sum of ``x_c`` over the runs >= 1 (an opening holds a run);
* maximise ``1000 * tiles + value``: the most tiles, then the most value
  (an opening is worth less than 1000, so tiles always come first).

``reference_opening`` returns (tiles, value), or None when no opening exists.
Only the tests and the puzzle generator (research/puzzles) use it; the site
never imports it (nor ``highspy``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

import highspy
import numpy as np

from games.engine.melds import Face, read
from games.engine.romanian.tiles import COLOURS, RULES
from research.tile_rummy_ilp import quiet_highs, solved_copies

JOLY = "J"
TOP = 13
TILE_WEIGHT = 1000
MAX_JOLYS = 2


@dataclass(frozen=True)
class Combination:
    faces: tuple[tuple[str, int], ...]  # sorted (face, copies)
    kind: str
    value: int

    @property
    def size(self) -> int:
        return sum(k for _, k in self.faces)


@cache
def all_combinations() -> tuple[Combination, ...]:
    """Every Romanian combination as a multiset of faces, once each."""
    found: dict[tuple[tuple[str, int], ...], Combination] = {}
    for colour in COLOURS:
        for start in range(1, TOP + 1):
            for end in range(start + 2, TOP + 2):  # TOP + 1 is the high 1 (12-13-1)
                if end == TOP + 1 and start == 1:
                    continue  # 1..13 then 1 again: the same 1 twice
                places = [f"{colour}{1 if n == TOP + 1 else n}" for n in range(start, end + 1)]
                _with_jolys(places, found)
    for number in range(1, TOP + 1):
        for size in (3, 4):
            for reals in range(1, size + 1):
                for colours in itertools.combinations(COLOURS, reals):
                    places = [f"{c}{number}" for c in colours] + [JOLY] * (size - reals)
                    _add(places, found)
    return tuple(found[k] for k in sorted(found))


def _with_jolys(places: list[str], found: dict) -> None:
    for wild in range(MAX_JOLYS + 1):
        for where in itertools.combinations(range(len(places)), wild):
            _add([JOLY if i in where else f for i, f in enumerate(places)], found)


def _add(faces: list[str], found: dict) -> None:
    key = tuple(sorted(Counter(faces).items()))
    if key in found:
        return
    reading = read([Face.parse(f) for f in faces], RULES)
    if reading is not None:
        found[key] = Combination(key, reading.kind, reading.value)


def reference_opening(
    rack: Mapping[str, int], threshold: int, max_tiles: int, time_limit: float = 60.0
) -> tuple[int, int] | None:
    """(tiles, value) of the opening laying the most tiles, then the most value; None if none."""
    combos = [c for c in all_combinations() if all(rack.get(f, 0) >= k for f, k in c.faces)]
    if not combos:
        return None
    n = len(combos)
    every = np.arange(n, dtype=np.int32)
    sizes = np.array([c.size for c in combos], dtype=float)
    values = np.array([c.value for c in combos], dtype=float)
    h = quiet_highs(time_limit)
    h.addVars(n, np.zeros(n), np.full(n, 2.0))
    h.changeColsCost(n, every, -(TILE_WEIGHT * sizes + values))
    h.changeColsIntegrality(n, every, np.full(n, highspy.HighsVarType.kInteger))
    uses: dict[str, list[tuple[int, int]]] = {}
    for j, c in enumerate(combos):
        for f, k in c.faces:
            uses.setdefault(f, []).append((j, k))
    for f, column in uses.items():
        index = np.array([j for j, _ in column], dtype=np.int32)
        h.addRow(0.0, float(rack[f]), len(index), index, np.array([float(k) for _, k in column]))
    h.addRow(0.0, float(max_tiles), n, every, sizes)
    h.addRow(float(threshold), highspy.kHighsInf, n, every, values)
    runs = np.array([j for j, c in enumerate(combos) if c.kind == "run"], dtype=np.int32)
    if len(runs) == 0:
        return None
    h.addRow(1.0, highspy.kHighsInf, len(runs), runs, np.ones(len(runs)))
    copies = solved_copies(h)
    if copies is None:
        return None
    tiles = sum(x * c.size for x, c in zip(copies, combos, strict=True))
    value = sum(x * c.value for x, c in zip(copies, combos, strict=True))
    return tiles, value
