"""The stated greedies a puzzle must defeat: what a player's first idea lays.

A bank puzzle is kept only if these miss its optimum (``build`` and
``romanian_build`` compare by tiles, then points). They are deliberately
plain, written from the rules alone, and share no code with the bots, so a
puzzle is not merely "something our own computer misses":

* Tile Rummy (``tile_rummy_greedy``): lay every set the rack can make (the
  longest, then the most valuable, first: natural tiles, and a joker only
  to complete a pair when no natural set is left), then add rack tiles one
  by one onto any set already on the table (the old ones and the new ones)
  without moving a table tile; repeat until nothing more fits.
* Romanian opening (``romanian_greedies``): three greedy packings of the
  rack's combinations, each keeping one tile to discard and needing a run
  and the threshold: most tiles first, most points first, runs first. A
  greedy whose packing has no run starts again from its best run. The best
  of the three is the one to beat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from games.bots.romanian.search import Combo, candidates
from games.engine.melds import read
from games.engine.tile_rummy import RULES, face_of, tile_value

Table = list[list[int]]
Laid = tuple[int, int]  # (rack tiles laid, their value: what a joker costs, 30)


# --- Tile Rummy -----------------------------------------------------------------------


def _valid(tiles: Sequence[int]) -> bool:
    return read([face_of(t) for t in tiles], RULES) is not None


def _set_value(tiles: Sequence[int]) -> int:
    return sum(tile_value(t) for t in tiles)


def rack_sets(rack: Sequence[int], jokers: bool) -> list[list[int]]:
    """Every set the rack's tiles can make on their own, one tile id per face.

    Natural runs (each stretch of one colour, and its sub-runs) and groups;
    with ``jokers``, also a pair of one run or one number completed by a joker.
    """
    by_face: dict[tuple[str, int], int] = {}
    wild = [t for t in sorted(rack) if face_of(t).wild]
    for t in sorted(rack):
        f = face_of(t)
        if not f.wild:
            by_face.setdefault((f.colour or "", f.number or 0), t)
    found: list[list[int]] = []
    for number in range(RULES.low, RULES.high + 1):
        group = [by_face[(c, number)] for c in RULES.colours if (c, number) in by_face]
        if len(group) >= 3:
            found.append(group)
    for colour in RULES.colours:
        for start in range(RULES.low, RULES.high + 1):
            run: list[int] = []
            for number in range(start, RULES.high + 1):
                if (colour, number) not in by_face:
                    break
                run.append(by_face[(colour, number)])
                if len(run) >= 3:
                    found.append(list(run))
    if jokers and wild and not found:
        pairs = [[a, b] for a in by_face.values() for b in by_face.values() if a < b]
        found = [[*p, wild[0]] for p in pairs if _valid([*p, wild[0]])]
    return found


def _add_singles(table: Table, left: list[int]) -> bool:
    """Put the first rack tile that fits onto a set (natural tiles before jokers)."""
    order = sorted(left, key=lambda t: (face_of(t).wild, -(face_of(t).number or 0), t))
    for tile in order:
        for s in table:
            if _valid([*s, tile]):
                s.append(tile)
                left.remove(tile)
                return True
    return False


def tile_rummy_greedy(table: Table, rack: Sequence[int]) -> tuple[Laid, Table]:
    """What the stated greedy lays (tiles, value) and the table it leaves."""
    new_table = [list(s) for s in table]
    left = list(rack)
    while True:
        sets = rack_sets(left, jokers=True)
        if sets:
            best = max(sets, key=lambda s: (len(s), _set_value(s), [-t for t in s]))
            new_table.append(best)
            left = [t for t in left if t not in best]
            continue
        if not _add_singles(new_table, left):
            break
    laid = [t for t in rack if t not in left]
    return (len(laid), _set_value(laid)), new_table


# --- Romanian opening -----------------------------------------------------------------

RankKey = Callable[[Combo], Any]
ROMANIAN_ORDERS: dict[str, RankKey] = {
    "most-tiles": lambda c: (-len(c.faces), -c.value, c.faces),
    "most-points": lambda c: (-c.value, -len(c.faces), c.faces),
    "runs-first": lambda c: (c.kind != "run", -len(c.faces), -c.value, c.faces),
}


def _pack(
    pool: list[Combo], rack: Counter[str], max_tiles: int, first: Combo | None
) -> list[Combo]:
    """Take combinations in ``pool``'s order while the rack still holds them."""
    left, chosen, tiles = Counter(rack), [], 0
    for combo in ([first] if first else []) + pool:
        need = combo.need
        while tiles + len(combo.faces) <= max_tiles and all(left[f] >= k for f, k in need.items()):
            chosen.append(combo)
            left -= need
            tiles += len(combo.faces)
    return chosen


def romanian_greedy(order: str, rack: Counter[str], threshold: int, max_tiles: int) -> Laid:
    """One greedy opening: (tiles, value), or (0, 0) when it reaches no opening."""
    pool = sorted(candidates(rack), key=ROMANIAN_ORDERS[order])
    chosen = _pack(pool, rack, max_tiles, None)
    if not any(c.kind == "run" for c in chosen):
        runs = [c for c in pool if c.kind == "run"]
        chosen = _pack(pool, rack, max_tiles, runs[0]) if runs else []
    value = sum(c.value for c in chosen)
    if not any(c.kind == "run" for c in chosen) or value < threshold:
        return (0, 0)
    return (sum(len(c.faces) for c in chosen), value)


def romanian_greedies(rack: Counter[str], threshold: int, max_tiles: int) -> dict[str, Laid]:
    """Each of the three greedies' openings, by name."""
    return {name: romanian_greedy(name, rack, threshold, max_tiles) for name in ROMANIAN_ORDERS}


def best_of(found: dict[str, Laid]) -> Laid:
    return max(found.values())
