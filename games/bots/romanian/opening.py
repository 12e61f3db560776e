"""The Romanian opening that lays the most tiles: an exact search within a step budget.

The bots' ``best_packing`` looks for the opening of greatest *value*; an
opening puzzle asks for the most *tiles* at the threshold (then the most
value). Both work on faces (``"R7"``, ``"J"``) and on the bots' combination
list (``search.candidates``), so the puzzle and the computer agree
on what a combination is. ``candidates`` puts a joly only where the rack
lacks the tile, but an optimum may need a joly in a held tile's place (that
tile serving in a set), so ``opening_candidates`` adds those runs too.

``most_tiles_opening`` is a depth-first search over multisets of candidates
(a combination may be chosen twice when the rack holds both copies), pruned
by an upper bound on the tiles and points still layable. Among equal
(tiles, value) it keeps the answer laying the fewest jolys, so a shown
answer never spends a joly where a real tile does the same job. Steps
(calls), never the clock, bound it: the same rack gets the same answer on
any machine, and ``complete`` says whether the answer is proven optimal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from games.engine.romanian.melding import in_order
from games.engine.romanian.tiles import COLOURS, face_of

from .search import JOLY, Combo, Packing, candidates, greedy_packing, make

HIGH_ONE = 14  # a 1 after the 13 (12-13-1)


def face_bound(face: str) -> int:
    """The most one tile can add to an opening: a joly or a 1 in a set of ones is 25."""
    if face == JOLY or face[1:] == "1":
        return 25
    return 10 if int(face[1:]) >= 10 else 5


def opening_candidates(rack: Counter[str]) -> list[Combo]:
    """``candidates`` plus the runs whose jolys stand for tiles the rack holds."""
    found = {tuple(sorted(c.faces)): c for c in candidates(rack)}
    for combo in _joly_runs(rack):
        found.setdefault(tuple(sorted(combo.faces)), combo)
    return list(found.values())


def _joly_runs(rack: Counter[str]) -> list[Combo]:
    """Runs (12-13-1 too) with a joly where the rack holds the tile; ``candidates`` has the rest."""
    jolys = min(rack.get(JOLY, 0), 2)
    out: list[Combo] = []
    if not jolys:
        return out
    for colour in COLOURS:
        for start in range(1, 14):
            for end in range(start + 2, HIGH_ONE + 1):
                if start == 1 and end == HIGH_ONE:
                    continue
                places = [f"{colour}{1 if n == HIGH_ONE else n}" for n in range(start, end + 1)]
                held = [i for i, f in enumerate(places) if rack.get(f, 0)]
                if len(places) - len(held) > jolys:
                    continue
                out += _with_jolys(places, held, jolys)
    return out


def _with_jolys(places: list[str], held: list[int], jolys: int) -> list[Combo]:
    """The run over ``places`` with 1 or 2 jolys, at least one standing for a held tile."""
    gaps = [i for i in range(len(places)) if i not in held]
    found = []
    for extra in range(1, jolys - len(gaps) + 1):
        for where in combinations(held, extra):
            wild = set(gaps) | set(where)
            combo = make([JOLY if i in wild else f for i, f in enumerate(places)])
            if combo is not None:
                found.append(combo)
    return found


def most_tiles_opening(rack: Counter[str], threshold: int, max_tiles: int, budget: int) -> Packing:
    """Disjoint combinations with a run, worth ``threshold`` or more, laying the most tiles.

    Ties on tiles go to the greater value, then to fewer jolys. An empty
    packing (``combos == []``) means the rack has no opening at all (if
    ``complete``) or that none was found within ``budget`` steps.
    """
    return search_opening(rack, threshold, max_tiles, budget)[0]


def search_opening(
    rack: Counter[str], threshold: int, max_tiles: int, budget: int
) -> tuple[Packing, int]:
    """``most_tiles_opening`` and the steps it took (a measure of how hidden the answer is)."""
    pool = sorted(opening_candidates(rack), key=lambda c: (-len(c.faces), -c.value, c.faces))
    best = Packing([], 0, 0, False, True)
    best_key: tuple[int, int, int] | None = None
    chosen: list[Combo] = []
    steps = 0

    def dfs(fit: list[int], left: Counter[str], tiles: int, value: int, jolys: int) -> None:
        nonlocal steps, best, best_key
        steps += 1
        if steps > budget:
            best.complete = False
            return
        has_run = any(c.kind == "run" for c in chosen)
        key = (tiles, value, -jolys)
        if has_run and value >= threshold and (best_key is None or key > best_key):
            best = Packing(list(chosen), value, tiles, True, best.complete)
            best_key = key
        if not fit or _hopeless(fit, left, tiles, value, jolys, has_run):
            return
        for n, j in enumerate(fit):
            combo = pool[j]
            rest = left - combo.need
            size = len(combo.faces)
            nxt = [k for k in fit[n:] if _fits(pool[k], rest, tiles + size, max_tiles)]
            chosen.append(combo)
            dfs(nxt, rest, tiles + size, value + combo.value, jolys + combo.need[JOLY])
            chosen.pop()
            if steps > budget:
                return

    def _hopeless(
        fit: list[int], left: Counter[str], tiles: int, value: int, jolys: int, has_run: bool
    ) -> bool:
        """True when nothing below this node can be an opening better than the best so far."""
        if not has_run and all(pool[j].kind != "run" for j in fit):
            return True
        cover: dict[str, int] = {}
        for j in fit:
            for f in pool[j].need:
                cover[f] = left[f]
        room = max_tiles - tiles
        values = sorted((face_bound(f) for f, k in cover.items() for _ in range(k)), reverse=True)
        more_tiles = min(room, len(values))
        most = (tiles + more_tiles, value + sum(values[:more_tiles]), -jolys)
        if most[1] < threshold:
            return True
        return best_key is not None and most <= best_key

    start = [j for j in range(len(pool)) if _fits(pool[j], rack, 0, max_tiles)]
    dfs(start, Counter(rack), 0, 0, 0)
    return best, min(steps, budget)


def _fits(combo: Combo, left: Counter[str], tiles: int, max_tiles: int) -> bool:
    if tiles + len(combo.faces) > max_tiles:
        return False
    return all(left[f] >= k for f, k in combo.need.items())


def easy_opening(rack: Counter[str], threshold: int, max_tiles: int) -> Packing | None:
    """The easy (and medium) level's opening for this rack, or None if it would not open.

    As ``games.bots.romanian._play``: the greedy packing with a run, laid only
    when it reaches the threshold, and never with fewer than three tiles kept back.
    """
    if max_tiles < 3:
        return None
    packing = greedy_packing(rack, max_tiles, need_run=True)
    if packing.has_run and packing.value >= threshold:
        return packing
    return None


def rack_faces(rack: Sequence[int]) -> Counter[str]:
    return Counter(str(face_of(t)) for t in rack)


def opening_melds(rack: Sequence[int], packing: Packing) -> list[list[int]]:
    """Concrete tile ids (lowest id of a face first) for a packing, each in display order."""
    pool: dict[str, list[int]] = {}
    for t in sorted(rack):
        pool.setdefault(str(face_of(t)), []).append(t)
    return [in_order([pool[f].pop(0) for f in c.faces]) for c in packing.combos]
