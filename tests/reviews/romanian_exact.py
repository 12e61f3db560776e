"""An exhaustive check of a Romanian turn's laying, written apart from the bots.

It shares no code with games/bots/romanian: the engine's rules are the judge
(``reading_of`` says what is a combination and how it reads, ``number_value``
what a tile is worth in it, and ``romanian.apply`` accepts or refuses a play).
From a small position (a rack of a few tiles, a few melds on the table) it
tries every joly replacement, every subset of the rack added to each meld,
every subset of the rack and the freed jolys as a new combination, and every
way of putting those together without sharing a tile. The answer is the most
rack tiles laid, then the most points: each laid tile's value where it lies,
a joly as the tile it stands for (the jolys laid in their best places), one
tile always kept back for the discard. Before opening only new combinations
count, with a run among them and worth the threshold; a discard taken that
must be laid at once lies in a new combination with two tiles of the rack as
it was before the take.

Exponential on purpose: small positions only.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations, permutations

from games.engine import romanian as ro
from games.engine.romanian.melding import in_order
from games.engine.romanian.tiles import is_joly, number_value, reading_of

Outcome = tuple[int, int]  # rack tiles laid, their points
Swap = tuple[int, int, int]  # meld number, joly, tile


@dataclass(frozen=True)
class Small:
    """A seat's turn, as tile ids: its rack (taken discards included) and the table."""

    rack: tuple[int, ...]
    melds: tuple[tuple[int, tuple[int, ...]], ...]  # (owner, ids) in each owner's order
    opened: bool = True
    opened_this_turn: bool = False
    threshold: int = 50
    taken: int | None = None  # a taken discard that must be laid at once
    row: tuple[int, ...] = ()  # the discards taken: the taken one and every one after it
    seat: int = 0

    @property
    def before_take(self) -> tuple[int, ...]:
        return tuple(t for t in self.rack if t not in self.row)

    def indexed(self) -> list[tuple[int, int, tuple[int, ...]]]:
        """(owner, index among the owner's melds, ids) for every meld."""
        seen: dict[int, int] = {}
        out = []
        for owner, ids in self.melds:
            out.append((owner, seen.get(owner, 0), ids))
            seen[owner] = seen.get(owner, 0) + 1
        return out


@dataclass
class _Best:
    outcome: Outcome = (0, 0)
    play: dict = field(default_factory=dict)


def exact_best(p: Small) -> Outcome:
    """The most (tiles, points) any allowed laying of this turn reaches; (0, 0): none."""
    best = _Best()
    touchable = (
        []
        if not p.opened
        else [
            m
            for m, (owner, _ids) in enumerate(p.melds)
            if not p.opened_this_turn or owner == p.seat
        ]
    )
    for swaps in _swap_sets(p, touchable):
        _try(p, touchable, swaps, best)
    return best.outcome


def _swap_sets(p: Small, touchable: list[int]) -> Iterator[list[Swap]]:
    """Every set of joly replacements: each joly by at most one rack tile, each swap valid."""
    options = []
    for m in touchable:
        ids = p.melds[m][1]
        for joly in [t for t in ids if is_joly(t)]:
            for tile in p.rack:
                swapped = [tile if t == joly else t for t in ids]
                if not is_joly(tile) and reading_of(swapped) is not None:
                    options.append((m, joly, tile))
    for size in range(len(options) + 1):
        for chosen in combinations(options, size):
            jolys = [s[1] for s in chosen]
            tiles = [s[2] for s in chosen]
            distinct = len(set(jolys)) == len(jolys) and len(set(tiles)) == len(tiles)
            if distinct and all(reading_of(_swapped(p.melds[m][1], chosen, m)) for m, *_ in chosen):
                yield list(chosen)


def _swapped(ids: tuple[int, ...], swaps: list[Swap] | tuple[Swap, ...], m: int) -> list[int]:
    mine = {j: t for mm, j, t in swaps if mm == m}
    return [mine.get(t, t) for t in ids]


def _try(p: Small, touchable: list[int], swaps: list[Swap], best: _Best) -> None:
    table = {m: _swapped(p.melds[m][1], swaps, m) for m in touchable}
    rest = [t for t in p.rack if t not in {s[2] for s in swaps}]
    freed = [s[1] for s in swaps]
    additions = {m: _subsets_joining(table[m], rest) for m in touchable}
    combos = [
        c
        for size in range(3, len(rest) + len(freed) + 1)
        for c in combinations(sorted(rest + freed), size)
        if reading_of(list(c)) is not None
    ]

    def adds(k: int, used: set[int], chosen: list[tuple[int, tuple[int, ...]]]) -> None:
        if k == len(touchable):
            news(0, used, chosen, [])
            return
        adds(k + 1, used, chosen)
        m = touchable[k]
        for subset in additions[m]:
            if used.isdisjoint(subset):
                adds(k + 1, used | set(subset), [*chosen, (m, subset)])

    def news(start: int, used: set[int], chosen: list, made: list[tuple[int, ...]]) -> None:
        _judge(p, table, swaps, chosen, made, best)
        for i in range(start, len(combos)):
            if used.isdisjoint(combos[i]):
                news(i + 1, used | set(combos[i]), chosen, [*made, combos[i]])

    adds(0, set(), [])


def _subsets_joining(meld: list[int], rack: list[int]) -> list[tuple[int, ...]]:
    return [
        s
        for size in range(1, len(rack) + 1)
        for s in combinations(rack, size)
        if reading_of(meld + list(s)) is not None
    ]


def _judge(
    p: Small, table: dict[int, list[int]], swaps: list[Swap], chosen: list, made: list, best: _Best
) -> None:
    """Keep this play if it is allowed and better than the best so far."""
    freed = {s[1] for s in swaps}
    in_new = {t for c in made for t in c}
    if not freed <= in_new:
        return  # a freed joly must go into a new combination
    laid = {s[2] for s in swaps} | {t for _m, s in chosen for t in s} | (in_new - freed)
    if not laid or len(laid) > len(p.rack) - 1:
        return
    if not p.opened:
        readings = [reading_of(list(c)) for c in made]
        if not any(r.kind == "run" for r in readings):
            return
        if sum(r.value for r in readings) < p.threshold:
            return
    if p.taken is not None:
        own = set(p.before_take)
        if not any(p.taken in c and len(own & set(c)) >= 2 for c in made):
            return
    touched = [table[m] + list(s) for m, s in chosen]
    touched += [table[m] for m in {s[0] for s in swaps} - {m for m, _s in chosen}]
    points = sum(points_of(list(meld), laid) for meld in touched + [list(c) for c in made])
    outcome = (len(laid), points)
    if outcome > best.outcome:
        best.outcome = outcome


def points_of(meld: list[int], laid: set[int]) -> int:
    """What the laid tiles of ``meld`` are worth there, its jolys read in their best places."""
    reals = [t for t in meld if not is_joly(t)]
    jolys = [t for t in meld if is_joly(t)]
    most = 0
    for order in permutations(jolys):
        tiles = reals + list(order)
        reading = reading_of(tiles)
        assert reading is not None
        worth = {
            tiles[i]: number_value(reading.numbers[k], reading.kind)
            for k, i in enumerate(reading.order)
        }
        most = max(most, sum(v for t, v in worth.items() if t in laid))
    return most


# --- seeded small positions, and the engine state they stand for ----------------------------


def tile(colour: int, number: int, copy: int) -> int:
    return colour * 26 + (number - 1) * 2 + copy


def small_position(seed: int) -> Small:
    """A seeded turn: a few melds on the table, a rack of a few tiles from the same stretch
    of numbers (so they often fit), sometimes a joly; opened, opening, or a taken discard."""
    rng = random.Random(seed)
    colours = rng.sample(range(4), rng.choice([2, 3, 4]))
    low = rng.randint(1, 8)
    numbers = list(range(low, min(13, low + rng.randint(3, 6)) + 1))
    free = [tile(c, n, k) for c in colours for n in numbers for k in (0, 1)] + list(ro.JOLYS)
    melds = []
    for _ in range(rng.choice([0, 1, 2, 2, 3])):
        meld = _random_meld(rng, free, colours, numbers)
        if meld:
            melds.append((rng.randrange(2), tuple(in_order(meld))))
            free = [t for t in free if t not in meld]
    size = rng.randint(4, 7)
    rack = rng.sample([t for t in free if not is_joly(t)], min(size, len(free) - 2))
    if rng.random() < 0.3:
        rack.append(rng.choice([t for t in free if is_joly(t)] or [rack[0]]))
    rack = sorted(set(rack))
    kind = rng.random()
    if kind < 0.2:
        return Small(tuple(rack), tuple(melds), opened=False, threshold=rng.choice((45, 50)))
    if kind < 0.3:
        taken = rng.choice([t for t in rack if not is_joly(t)])
        return Small(tuple(rack), tuple(melds), opened=False, taken=taken, row=(taken,))
    if kind < 0.45 and len(rack) >= 5:  # a take needs three tiles on the rack before it
        row = tuple(rng.sample(rack, 2))
        return Small(tuple(rack), tuple(melds), taken=row[0], row=row)
    return Small(tuple(rack), tuple(melds), opened_this_turn=rng.random() < 0.15)


def _random_meld(
    rng: random.Random, free: list[int], colours: list[int], numbers: list[int]
) -> list[int] | None:
    """A run or a group from the free tiles, sometimes with a joly in it."""
    if rng.random() < 0.6:
        colour = rng.choice(colours)
        length = rng.randint(3, min(5, len(numbers)))
        start = rng.randint(numbers[0], numbers[-1] - length + 1)
        wanted = [(colour, n) for n in range(start, start + length)]
    else:
        number = rng.choice(numbers)
        wanted = [(c, number) for c in rng.sample(colours, min(len(colours), rng.choice([3, 4])))]
        if len(wanted) < 3:
            return None
    meld = []
    for colour, number in wanted:
        options = [t for t in (tile(colour, number, 0), tile(colour, number, 1)) if t in free]
        if not options:
            return None
        meld.append(options[0])
    jolys = [t for t in free if is_joly(t)]
    if jolys and rng.random() < 0.35:
        meld[rng.randrange(len(meld))] = jolys[0]
    return meld if reading_of(meld) is not None else None


def state_for(p: Small) -> ro.State:
    """The engine state this position stands for: the seat to lay (``play``), or, with a
    taken discard, to take it from the row (``draw``); the rest of the tiles in the wall."""
    state = ro.new_game({"players": 2, "threshold": p.threshold, "discard_counts": True}, seed=1)
    on_table = {t for _o, ids in p.melds for t in ids}
    used = set(p.rack) | on_table
    rest = [t for t in range(ro.TILE_COUNT) if t not in used]
    state.racks = [ro.sort_tiles(list(p.before_take)), rest[:5]]
    state.melds = [[list(ids) for o, ids in p.melds if o == s] for s in range(2)]
    state.laid_by = [-1] * ro.TILE_COUNT
    for owner, ids in p.melds:
        for t in ids:
            state.laid_by[t] = owner
    state.discards = list(p.row)
    state.discarded_by = [1] * len(p.row)
    state.wall = rest[5:]
    state.first_discard = None
    state.opened = [p.opened, True]
    state.opened_this_turn = p.opened_this_turn
    state.doubla_answered = [True, True]
    state.phase = "draw" if p.row else "play"
    state.turn = p.seat
    if not p.row:
        state.racks[0] = ro.sort_tiles(list(p.rack))
    assert ro.conserved(state)
    return state
