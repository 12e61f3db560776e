"""The most tiles a Rumbaroo seat can put on the table in one meld turn: an exact search.

A meld turn may rearrange the whole shared table as long as every tile on it
stays there in valid melds (Wild swaps included: a swapped-out Wild may be laid
again at once), so "the largest meld" is a partition problem: cover every table
tile with runs and groups, using as many of the seat's own number tiles and
Wilds (hand and pouch) as possible, then the most points of them.

The search works on counts of faces, never on ids, so identical tiles are
tried once. It covers the table tile still uncovered with the fewest partners
left (every tile must end in a meld, so any one will do: the tightest finds a
table that can no longer be covered at once, not after every way of covering
the tiles before it; the lowest on a tie) with every meld that can hold it;
once the table is covered, it takes the lowest own tile left and either
leaves it in the hand or builds a meld around it. A state stops trying melds
once it lays every own tile some meld of the tiles left could still hold
(its bound: with fewer than two Wilds left, a tile with no partners is out).
Two observations keep that exact and small:

* a tile of a face present both on the table and in the hand is taken from the
  table first (both must end on the table anyway; the hand's copy stays free),
  and likewise a table Wild before a hand Wild;
* a run of six or more tiles with at most two Wilds splits into two valid
  runs, so longer runs are only built when they hold three Wilds or more.

Results are memoised on the remaining counts. A ``Steps`` budget bounds the
work (three a state expanded, for the state, its scan and its bound, plus one
a meld tried): when it runs out ``Aborted`` is raised and the caller falls back on a
simpler plan, marked "at least". The search is deterministic: the same
position always gives the same answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from operator import itemgetter

from games.engine.melds import Face

COLOURS = ("R", "B", "G", "Y")
TOP = 13
FACES = len(COLOURS) * TOP
WILD = -1  # a Wild in a meld being built
TABLE, HAND = 0, 1
WILD_POINTS = 30  # what a Wild left in hand costs (rules: "Wilds 30")
SHORT_RUN = 5  # longest run built with fewer than three Wilds (see the docstring)

Counts = tuple[int, ...]
EMPTY: Counts = (0,) * FACES  # a covered table
Slot = tuple[int, int]  # (face index or WILD, TABLE or HAND)
Meld = tuple[Slot, ...]


class Aborted(Exception):
    """The step budget ran out before the search finished."""


@dataclass
class Steps:
    """The amount of search allowed (``limit`` None: unbounded) and how much was used."""

    limit: int | None = None
    used: int = 0
    ran_out: bool = False

    def spend(self, n: int) -> None:
        self.used += n
        if self.limit is not None and self.used > self.limit:
            self.ran_out = True
            raise Aborted


@dataclass(frozen=True)
class Placement:
    """The new table and what it takes from the seat: ``placed`` own tiles, their points."""

    table: list[list[int]]
    placed: list[int]
    points: int


Solved = tuple[int, int, tuple[Meld, ...]]  # own tiles laid, their points, the melds
Memo = dict[tuple[Counts, Counts, int, int], Solved | None]


@dataclass
class _Search:
    steps: Steps
    memo: Memo = field(default_factory=dict)


def index_of(face: Face) -> int:
    """A number face as an index 0-51: colour by colour, then number."""
    return COLOURS.index(face.colour or "") * TOP + (face.number or 1) - 1


def best_placement(
    table: Sequence[Sequence[int]],
    own: Sequence[int],
    face_of: Callable[[int], Face],
    steps: Steps | None = None,
    memo: Memo | None = None,
) -> Placement:
    """The table with the most of ``own`` (number tiles and Wilds only) laid, then the
    most points. Raises ``Aborted`` when ``steps`` runs out.

    ``memo`` may be shared by searches over the same table (a smaller hand reaches
    states a larger one already solved: they are keyed by the counts left)."""
    steps = steps or Steps()
    t_counts, t_ids, t_wilds = _count([t for m in table for t in m], face_of)
    h_counts, h_ids, h_wilds = _count(list(own), face_of)
    _leave_out_hopeless(t_counts, h_counts, len(t_wilds) + len(h_wilds))
    search = _Search(steps, memo if memo is not None else {})
    found = _solve(search, tuple(t_counts), tuple(h_counts), len(t_wilds), len(h_wilds))
    assert found is not None, "the table as it stands is always a solution"
    _count_placed, points, melds = found
    pools = {(TABLE, f): list(ids) for f, ids in t_ids.items()}
    pools.update({(HAND, f): list(ids) for f, ids in h_ids.items()})
    wild_pools = {TABLE: list(t_wilds), HAND: list(h_wilds)}
    new_table: list[list[int]] = []
    for meld in melds:
        tiles = [wild_pools[src].pop(0) if f == WILD else pools[(src, f)].pop(0) for f, src in meld]
        new_table.append(tiles)
    own_set = set(own)
    placed = sorted(t for m in new_table for t in m if t in own_set)
    return Placement(new_table, placed, points)


def most_placed(
    table: Sequence[Sequence[int]], own: Sequence[int], face_of: Callable[[int], Face]
) -> int:
    """An upper bound on what ``best_placement`` lays: every own Wild and every own number
    tile some meld could hold. A placement laying that many is the best (no search needed:
    it lays the only largest set of tiles, so the most points too)."""
    t_counts, _t_ids, t_wilds = _count([t for m in table for t in m], face_of)
    h_counts, _h_ids, h_wilds = _count(list(own), face_of)
    _leave_out_hopeless(t_counts, h_counts, len(t_wilds) + len(h_wilds))
    return sum(h_counts) + len(h_wilds)


def _leave_out_hopeless(t_counts: list[int], h_counts: list[int], wilds: int) -> None:
    """A tile no meld could ever hold stays in the hand: leave it out of the search."""
    for f in range(FACES):
        if h_counts[f] and not _may_meld(f, t_counts, h_counts, wilds):
            h_counts[f] = 0


def _may_meld(f: int, table: Sequence[int], hand: Sequence[int], wilds: int) -> bool:
    """Could any meld hold face ``f``, given every tile the search may use? (A group of
    its number in other colours, or a run of three through it, gaps filled by Wilds.)"""
    colour, n = divmod(f, TOP)
    if wilds >= 2:
        return True
    others = sum(
        1 for c in range(len(COLOURS)) if c != colour and table[c * TOP + n] + hand[c * TOP + n]
    )
    if others + wilds >= 2:
        return True
    base = colour * TOP
    for lo in range(max(0, n - 2), min(n, TOP - 3) + 1):
        gaps = sum(1 for i in range(lo, lo + 3) if i != n and not table[base + i] + hand[base + i])
        if gaps <= wilds:
            return True
    return False


def _count(
    tiles: list[int], face_of: Callable[[int], Face]
) -> tuple[list[int], dict[int, list[int]], list[int]]:
    counts = [0] * FACES
    ids: dict[int, list[int]] = {}
    wilds: list[int] = []
    for tile in sorted(tiles):
        face = face_of(tile)
        if face.wild:
            wilds.append(tile)
            continue
        f = index_of(face)
        counts[f] += 1
        ids.setdefault(f, []).append(tile)
    return counts, ids, wilds


def _solve(search: _Search, table: Counts, hand: Counts, tw: int, hw: int) -> Solved | None:
    """(own tiles laid, their points, melds) for the rest, or None: the table can't be covered."""
    key = (table, hand, tw, hw)
    if key in search.memo:
        return search.memo[key]
    search.steps.spend(3)  # the state, the scan for its tightest tile and its bound
    lowest = _tightest(table, hand)
    if lowest is not None:
        result = _cover(search, table, hand, tw, hw, lowest)
    else:
        result = _extend(search, hand, tw, hw)
    search.memo[key] = result
    return result


def _partners(f: int) -> tuple[int, ...]:
    """The faces that may share a meld with face ``f`` without a Wild between: its number in
    the other colours, its colour one or two away."""
    colour, n = divmod(f, TOP)
    group = [c * TOP + n for c in range(len(COLOURS)) if c != colour]
    run = [colour * TOP + i for i in range(max(0, n - 2), min(TOP, n + 3)) if i != n]
    return (*group, *run)


PARTNERS = tuple(itemgetter(*_partners(f)) for f in range(FACES))


def _tightest(table: Counts, hand: Counts) -> int | None:
    """The uncovered table tile with the fewest partners left (tiles of its number in other
    colours, of its colour one or two away): its melds are tried first, so a table that
    can no longer be covered is found out at once, not after every way of covering the
    tiles before it. Any tile will do (each must end in a meld); the lowest on a tie."""
    have = [t + h > 0 for t, h in zip(table, hand, strict=True)]
    best, fewest = None, 99
    for f in [f for f, c in enumerate(table) if c]:
        partners = sum(PARTNERS[f](have))
        if partners < fewest:
            best, fewest = f, partners
            if not partners:
                break
    return best


def _most_left(table: Counts, hand: Counts, wilds: int) -> int:
    """The own number tiles left that some meld of the tiles left could still hold: a state
    laying that many needs no other meld tried. (Every one, with two Wilds or more.)"""
    if wilds >= 2:
        return sum(hand)
    return sum(c for f, c in enumerate(hand) if c and _may_meld(f, table, hand, wilds))


def _cover(
    search: _Search, table: Counts, hand: Counts, tw: int, hw: int, lowest: int
) -> Solved | None:
    """Phase one: every meld that can hold the tightest uncovered table tile."""
    best: Solved | None = None
    full = _most_left(table, hand, tw + hw) + hw  # as many as can be laid: no better
    for meld in _melds_with(lowest, TABLE, table, hand, tw, hw):
        search.steps.spend(1)
        best = _better(best, _after(search, meld, table, hand, tw, hw))
        if best is not None and best[0] == full:
            break
    return best


def _extend(search: _Search, hand: Counts, tw: int, hw: int) -> Solved | None:
    """Phase two (the table is covered): leave the lowest own tile, or meld around it."""
    lowest = next((f for f, c in enumerate(hand) if c), None)
    if lowest is None:
        if tw:
            return None  # a table Wild was left with no meld
        return (0, 0, ())
    kept = list(hand)
    kept[lowest] -= 1
    best = _solve(search, EMPTY, tuple(kept), tw, hw)
    full = _most_left(EMPTY, hand, tw + hw) + hw
    for meld in _melds_with(lowest, HAND, EMPTY, hand, tw, hw):
        if best is not None and best[0] == full:
            break  # every own tile laid: nothing can do better
        search.steps.spend(1)
        best = _better(best, _after(search, meld, EMPTY, hand, tw, hw))
    return best


def _after(
    search: _Search, meld: Meld, table: Counts, hand: Counts, tw: int, hw: int
) -> Solved | None:
    """Lay ``meld``, solve the rest, and add the meld's own tiles to the answer."""
    t, h = list(table), list(hand)
    count = points = 0
    for f, src in meld:
        if f == WILD:
            if src == TABLE:
                tw -= 1
            else:
                hw -= 1
                count, points = count + 1, points + WILD_POINTS
        elif src == TABLE:
            t[f] -= 1
        else:
            h[f] -= 1
            count, points = count + 1, points + f % TOP + 1
    rest = _solve(search, tuple(t), tuple(h), tw, hw)
    if rest is None:
        return None
    return (rest[0] + count, rest[1] + points, (meld, *rest[2]))


def _better(a: Solved | None, b: Solved | None) -> Solved | None:
    """The one laying more tiles, then more points; the first found on a tie."""
    if b is None:
        return a
    if a is None or (b[0], b[1]) > (a[0], a[1]):
        return b
    return a


def _source(f: int, table: Counts, hand: Counts, used: dict[int, int]) -> int | None:
    """Where the next copy of face ``f`` comes from: the table first, then the hand."""
    taken = used.get(f, 0)
    if table[f] > taken:
        return TABLE
    if table[f] + hand[f] > taken:
        return HAND
    return None


def _wild_slots(k: int, tw: int, hw: int) -> list[Slot] | None:
    """``k`` Wilds for one meld: the table's first. None when there are not enough."""
    if k > tw + hw:
        return None
    from_table = min(k, tw)
    return [(WILD, TABLE)] * from_table + [(WILD, HAND)] * (k - from_table)


def _melds_with(f: int, src: int, table: Counts, hand: Counts, tw: int, hw: int) -> Iterator[Meld]:
    """Every meld holding one copy of face ``f`` (from ``src``), in a fixed order."""
    yield from _groups_with(f, src, table, hand, tw, hw)
    yield from _runs_with(f, src, table, hand, tw, hw)


def _groups_with(f: int, src: int, table: Counts, hand: Counts, tw: int, hw: int) -> Iterator[Meld]:
    colour, number = divmod(f, TOP)
    others = [
        c * TOP + number
        for c in range(len(COLOURS))
        if c != colour and table[c * TOP + number] + hand[c * TOP + number] > 0
    ]
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            reals: list[Slot] = [(f, src)]
            for g in chosen:
                where = _source(g, table, hand, {})
                assert where is not None
                reals.append((g, where))
            for k in range(max(0, 3 - len(reals)), 4 - len(reals) + 1):
                wilds = _wild_slots(k, tw, hw)
                if wilds is not None and 3 <= len(reals) + k <= 4:
                    yield (*reals, *wilds)


def _runs_with(f: int, src: int, table: Counts, hand: Counts, tw: int, hw: int) -> Iterator[Meld]:
    """Runs of ``f``'s colour: the lowest and highest real tile, each number between them
    a real tile or a Wild, and Wilds added past the ends."""
    colour, n = divmod(f, TOP)
    base = colour * TOP
    wilds_free = tw + hw
    have = [i == n or table[base + i] + hand[base + i] > 0 for i in range(TOP)]
    for lo in range(n, -1, -1):
        if not have[lo]:
            continue  # the lowest and highest tiles are real ones; Wilds go between or past
        if sum(1 for i in range(lo + 1, n) if not have[i]) > wilds_free:
            break
        for hi in range(n, TOP):
            if not have[hi]:
                continue
            missing = sum(1 for i in range(lo + 1, hi) if not have[i])
            if missing > wilds_free:
                break
            inner = [i for i in range(lo + 1, hi) if i != n]
            yield from _fill_run(base, f, src, lo, hi, inner, have, table, hand, tw, hw)


def _fill_run(
    base: int,
    f: int,
    src: int,
    lo: int,
    hi: int,
    inner: list[int],
    have: list[bool],
    table: Counts,
    hand: Counts,
    tw: int,
    hw: int,
) -> Iterator[Meld]:
    span = hi - lo + 1
    ends = list(dict.fromkeys(i for i in (lo, hi) if i != f - base))
    held = [i for i in inner if have[i]]
    forced = len(inner) - len(held)  # numbers nobody holds: Wilds
    for swapped in range(min(len(held), tw + hw - forced) + 1):  # held numbers left to Wilds
        for as_wild in combinations(held, swapped):
            numbers = [*ends, *(i for i in held if i not in as_wild)]
            gaps = forced + swapped
            reals: list[Slot] = [(f, src)]
            for i in numbers:
                where = _source(base + i, table, hand, {})
                assert where is not None
                reals.append((base + i, where))
            for extra in range(0, TOP - span + 1):
                length, k = span + extra, gaps + extra
                if length < 3 or (span == 1 and length <= 4):
                    continue  # one real tile and up to three Wilds: the same as a group
                if length > SHORT_RUN and k < 3:
                    continue
                wilds = _wild_slots(k, tw, hw)
                if wilds is None:
                    break
                yield (*reals, *wilds)
