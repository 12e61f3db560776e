"""What a Romanian rack can do to one meld on the table: replace its jolys, add to it.

Tiles on the table never move in this game (no rearranging as in Tile Rummy):
a meld only grows (a run at either end, a group up to four colours) or has a
joly swapped for a real tile the joly stands for, which frees the joly for a
new combination. ``meld_options`` lists every such change a rack allows for
one meld, on faces (``"R7"``, ``"J"``), each worth what its tiles count where
they then lie. The validity of every option is the engine's own reading
(``search.face_reading``): this module only proposes, the rules decide.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.engine.romanian.tiles import COLOURS, HIGH_ONE, number_value

from .search import JOLY, face_reading

MAX_GROUP = 4


@dataclass(frozen=True)
class MeldOption:
    """One change to one meld: jolys swapped out (joly id, the real face put in its place)
    and faces added; ``points`` is what those rack tiles are worth in the meld after it."""

    swaps: tuple[tuple[int, str], ...]
    added: tuple[str, ...]
    points: int

    @property
    def need(self) -> Counter[str]:
        """The rack faces it lays."""
        return Counter([f for _, f in self.swaps]) + Counter(self.added)


def face_points(faces: Sequence[str], laid: set[int]) -> int:
    """What the tiles at positions ``laid`` of a valid combination are worth in it.

    The opening's counting: each tile as read (a 1 five low, ten high, 25 in a group),
    a joly as the tile it stands for. Which joly stands where is the player's to say,
    so the jolys laid take the best-valued joly places (most favourable, as RULINGS).
    """
    reading = face_reading(faces)
    assert reading is not None, "only valid combinations are valued"
    value_at = {}
    for position, index in enumerate(reading.order):
        value_at[index] = number_value(reading.numbers[position], reading.kind)
    real = sum(v for i, v in value_at.items() if i in laid and faces[i] != JOLY)
    joly_values = sorted((v for i, v in value_at.items() if faces[i] == JOLY), reverse=True)
    mine = sum(1 for i in laid if faces[i] == JOLY)
    return real + sum(joly_values[:mine])


def meld_options(ids: Sequence[int], faces: Sequence[str], pool: Counter[str]) -> list[MeldOption]:
    """Every non-empty change ``pool`` (the rack's faces) can make to the meld ``ids``."""
    found: dict[tuple[tuple[tuple[int, str], ...], tuple[str, ...]], MeldOption] = {}
    for swaps, swapped in _swap_variants(ids, list(faces), pool):
        left = pool - Counter(f for _, f in swaps)
        for added in extensions(swapped, left):
            if not swaps and not added:
                continue
            laid = {ids.index(j) for j, _ in swaps} | {len(swapped) + k for k in range(len(added))}
            points = face_points([*swapped, *added], laid)
            found.setdefault((swaps, added), MeldOption(swaps, added, points))
    return [found[key] for key in sorted(found)]


def _swap_variants(
    ids: Sequence[int], faces: list[str], pool: Counter[str]
) -> list[tuple[tuple[tuple[int, str], ...], list[str]]]:
    """The meld with none, some or all of its jolys replaced by real faces from ``pool``
    (each swap valid on its own, in order, as the engine checks them)."""
    variants: list[tuple[tuple[tuple[int, str], ...], list[str]]] = [((), list(faces))]
    for position, tile in enumerate(ids):
        if faces[position] != JOLY:
            continue
        grown = []
        for swaps, current in variants:
            spent = Counter(f for _, f in swaps)
            for face in sorted(pool):
                if face == JOLY or pool[face] <= spent[face]:
                    continue
                trial = [face if i == position else f for i, f in enumerate(current)]
                if face_reading(trial) is not None:
                    grown.append(((*swaps, (tile, face)), trial))
        variants += grown
    return variants


def extensions(faces: Sequence[str], pool: Counter[str]) -> list[tuple[str, ...]]:
    """Every multiset of faces from ``pool`` that makes ``faces`` a larger valid meld
    (the empty addition included), each once, sorted."""
    reading = face_reading(faces)
    assert reading is not None, "a meld on the table is valid"
    proposals = (
        _group_additions(faces, pool) if reading.kind == "group" else _run_additions(faces, pool)
    )
    found: set[tuple[str, ...]] = {()}
    for added in proposals:
        key = tuple(sorted(added))
        if key not in found and face_reading([*faces, *key]) is not None:
            found.add(key)
    return sorted(found)


def _group_additions(faces: Sequence[str], pool: Counter[str]) -> Iterator[tuple[str, ...]]:
    number = next(f[1:] for f in faces if f != JOLY)
    present = {f[0] for f in faces if f != JOLY}
    missing = [f"{c}{number}" for c in COLOURS if c not in present and pool[f"{c}{number}"]]
    for size in range(1, MAX_GROUP - len(faces) + 1):
        for jolys in range(min(pool[JOLY], size) + 1):
            for reals in combinations(missing, size - jolys):
                yield (*reals, *[JOLY] * jolys)


def _run_additions(faces: Sequence[str], pool: Counter[str]) -> Iterator[tuple[str, ...]]:
    """Every window of places around the run (a 1 low, or high after the 13), its gaps
    filled from ``pool``: the meld's own jolys keep some gaps, the rack fills the rest."""
    colour = next(f[0] for f in faces if f != JOLY)
    numbers = [int(f[1:]) for f in faces if f != JOLY]
    own_jolys = len(faces) - len(numbers)
    for high in (False, True):
        places = sorted(HIGH_ONE if high and n == 1 else n for n in numbers)
        low_end, high_end = (2, HIGH_ONE) if high else (1, 13)
        if places[0] < low_end or places[-1] > high_end:
            continue
        for start in range(low_end, places[0] + 1):
            for end in range(max(places[-1], start + len(faces)), high_end + 1):
                gaps = [p for p in range(start, end + 1) if p not in places]
                for kept in combinations(gaps, own_jolys):
                    fill = [p for p in gaps if p not in kept]
                    yield from _fillings(colour, fill, pool)


def _fillings(colour: str, fill: list[int], pool: Counter[str]) -> Iterator[tuple[str, ...]]:
    """The places ``fill`` taken by the rack's tiles, or a joly where the rack lacks the
    tile; also with a joly where the rack holds the tile (that tile may serve elsewhere)."""
    wanted = [f"{colour}{1 if p == HIGH_ONE else p}" for p in fill]
    held = [i for i, f in enumerate(wanted) if pool[f]]
    lacking = len(wanted) - len(held)
    if lacking > pool[JOLY]:
        return
    base = [f if pool[f] else JOLY for f in wanted]
    yield tuple(base)
    for extra in range(1, pool[JOLY] - lacking + 1):
        for where in combinations(held, extra):
            yield tuple(JOLY if i in where else f for i, f in enumerate(base))
