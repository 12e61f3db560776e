"""Combination search for the Romanian Tile Rummy bots, on faces, within a step budget.

A rack is a multiset of faces (``"R7"``, ``"J"``). ``candidates`` lists every
combination the rack could form (runs and sets, jolys filling gaps within
the two-real-tiles-per-joly ratio); ``best_packing`` picks disjoint
candidates of greatest value (an exact depth-first search that stops, with
the best found so far, when its step budget runs out). Steps, not clock
time, bound the search, so a bot's answer is the same on any machine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.engine.melds import Face, Reading, read
from games.engine.romanian.tiles import COLOURS, RULES

JOLY = "J"


@dataclass(frozen=True)
class Combo:
    faces: tuple[str, ...]
    kind: str
    value: int

    @property
    def need(self) -> Counter[str]:
        return Counter(self.faces)


def face_reading(faces: Sequence[str]) -> Reading | None:
    return read([Face.parse(f) for f in faces], RULES)


def make(faces: Sequence[str]) -> Combo | None:
    reading = face_reading(faces)
    if reading is None:
        return None
    return Combo(tuple(faces), reading.kind, reading.value)


def candidates(rack: Counter[str]) -> list[Combo]:
    """Every combination the rack could form on its own (each at most once)."""
    jolys = rack.get(JOLY, 0)
    found: dict[tuple[str, ...], Combo] = {}
    for combo in [*_runs(rack, jolys), *_groups(rack, jolys)]:
        found.setdefault(tuple(sorted(combo.faces)), combo)
    return sorted(found.values(), key=lambda c: (-c.value, -len(c.faces), c.faces))


def _runs(rack: Counter[str], jolys: int) -> Iterable[Combo]:
    for colour in COLOURS:
        have = {n for n in range(1, 14) if rack.get(f"{colour}{n}", 0)}
        if len(have) < 2:
            continue
        for lo, hi in ((1, 13), (2, 14)):
            for start in range(lo, hi - 1):
                for end in range(start + 2, min(hi, start + 12) + 1):
                    nums = [1 if p == 14 else p for p in range(start, end + 1)]
                    reals = [n for n in nums if n in have]
                    missing = len(nums) - len(reals)
                    if missing > jolys or len(reals) < 2 * missing or len(reals) < 2:
                        continue
                    faces = [f"{colour}{n}" if n in have else JOLY for n in nums]
                    combo = make(faces)
                    if combo is not None:
                        yield combo


def _groups(rack: Counter[str], jolys: int) -> Iterable[Combo]:
    for number in range(1, 14):
        colours = [c for c in COLOURS if rack.get(f"{c}{number}", 0)]
        for size in (3, 4):
            for k in range(size - 1, size + 1):  # k real tiles, size - k jolys
                wild = size - k
                if wild > min(jolys, 1) or k > len(colours) or k < 2:
                    continue
                for chosen in combinations(colours, k):
                    combo = make([f"{c}{number}" for c in chosen] + [JOLY] * wild)
                    if combo is not None:
                        yield combo


@dataclass
class Packing:
    combos: list[Combo]
    value: int
    tiles: int
    has_run: bool
    complete: bool  # the search finished within its budget
    steps: int = 0  # the search nodes it took (``best_packing``; 0 for the greedy guess)


def best_packing(
    rack: Counter[str],
    budget: int,
    max_tiles: int,
    need_run: bool = False,
    pool: list[Combo] | None = None,
) -> Packing:
    """Disjoint combinations of greatest value (then most tiles) using at most ``max_tiles``.

    ``need_run``: the packing must hold at least one run (the opening).
    """
    cands = pool if pool is not None else candidates(rack)
    best = Packing([], 0, 0, False, True)
    steps = 0
    chosen: list[Combo] = []

    def better(value: int, tiles: int, has_run: bool) -> bool:
        if need_run and not has_run:
            return False
        if need_run and not best.has_run:
            return True
        return (value, tiles) > (best.value, best.tiles)

    def dfs(i: int, left: Counter[str], value: int, tiles: int, has_run: bool) -> None:
        nonlocal steps, best
        steps += 1
        if steps > budget:
            best.complete = False
            return
        if chosen and better(value, tiles, has_run):
            best = Packing(list(chosen), value, tiles, has_run, best.complete)
        if (best.has_run or not need_run) and value + _bound(left) < best.value:
            return
        for j in range(i, len(cands)):
            combo = cands[j]
            if tiles + len(combo.faces) > max_tiles:
                continue
            need = combo.need
            if any(left[f] < k for f, k in need.items()):
                continue
            chosen.append(combo)
            dfs(
                j,
                left - need,
                value + combo.value,
                tiles + len(combo.faces),
                has_run or combo.kind == "run",
            )
            chosen.pop()
            if steps > budget:
                return

    dfs(0, Counter(rack), 0, 0, False)
    best.steps = min(steps, budget)
    return best


def _bound(left: Counter[str]) -> int:
    """The most the tiles still free could add: no packing beats it."""
    total = 0
    for face, count in left.items():
        if face == JOLY or face[1:] == "1":
            total += 25 * count
        else:
            total += (10 if int(face[1:]) >= 10 else 5) * count
    return total


def greedy_packing(rack: Counter[str], max_tiles: int, need_run: bool = False) -> Packing:
    """The medium bot's guess: longest runs first, then whatever else fits, no backtracking."""
    left = Counter(rack)
    cands = sorted(candidates(rack), key=lambda c: (c.kind != "run", -len(c.faces), -c.value))
    chosen: list[Combo] = []
    tiles = 0
    for combo in cands:
        need = combo.need
        while tiles + len(combo.faces) <= max_tiles and all(left[f] >= k for f, k in need.items()):
            chosen.append(combo)
            left -= need
            tiles += len(combo.faces)
    has_run = any(c.kind == "run" for c in chosen)
    value = sum(c.value for c in chosen)
    return Packing(chosen, value, tiles, has_run, True)


def fits(meld_faces: Sequence[str], extra: Sequence[str]) -> bool:
    return face_reading([*meld_faces, *extra]) is not None
