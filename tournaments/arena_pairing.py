"""Arena pairing: who among the players waiting on the tournament page sits down together now.

Pure on purpose (no database): the tournament app reads who waits (on the page, not
paused, not at a table) and asks ``pair_arena`` for tables, so the rule is tested alone.

- **Most tables first.** As many tables of the tournament's size as the rules allow;
  whoever cannot be seated (fewer than a table left, or no table without a blocked pair
  or a repeat) stays waiting for the next game to end.
- **Closest first.** Players are taken in standings order (tournament score, then rating,
  highest first; the id breaks exact ties): the highest waiting player sits with the next
  ones down, reaching further only when the rules forbid the nearest. So tables join the
  closest scores, then the closest ratings.
- **Never a blocked pair** (either player blocked the other) at one table.
- **Not the same opponents twice in a row when others wait**: a table is refused when one
  of its players would face exactly the opponents of their last game, unless nobody else
  is waiting and each of them ``may_meet_again`` (the service says so once nobody else is
  still playing, or once they have waited a while for someone new: otherwise the two
  players of every 2-seat table that ends would be seated together again at once, since
  they come free together, and a big Arena would be a string of rematches).
- **Deterministic**: no randomness; the order of the input does not matter.

The seating search (``SeatingSearch``) is shared with the Swiss pairing: a depth-first
search over tables in preference order with backtracking, optional skips (players left
out) and a cost bound; a look-ahead that drops a branch as soon as someone left could no
longer be seated, and seats first a player with few possible tablemates left; and a
budget of steps, so that a large or awkward field never stalls a request (past it, a
greedy pass answers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

PlayerId = int
Blocked = Callable[[PlayerId, PlayerId], bool]
Table = tuple[int, ...]  # indices into the search's preference order

MIN_SEATS, MAX_SEATS = 2, 4
ARENA_BUDGET = 20_000  # search steps per pairing: a few tens of milliseconds at most
BOUND_WINDOW = 48  # the cost bound looks ahead over the last players only (it costs more)
IMPOSSIBLE = 10**9  # a lower bound meaning "these players cannot all be seated"


@dataclass(frozen=True)
class Waiting:
    """A player waiting on the Arena's page for their next game."""

    player: PlayerId
    score: Fraction  # tournament points so far
    rating: float
    last_opponents: frozenset[PlayerId] = frozenset()  # at their last game here, if any
    may_meet_again: bool = True  # may face those opponents again when nobody else waits


@dataclass(frozen=True)
class ArenaPairing:
    """The tables to start now (players in standings order) and who waits on."""

    tables: tuple[tuple[PlayerId, ...], ...]
    waiting: tuple[PlayerId, ...]


class OutOfBudget(Exception):
    """The search used its budget of steps before it could answer."""


@dataclass
class SeatingSearch:
    """A seating search over players ``0..n-1``, numbered in the order of preference.

    Its steps add up over every ``solve``, so one budget can cover several searches.

    ``apart[i]`` are the players ``i`` may never sit with; ``cost[i]`` maps the others to
    what seating them with ``i`` costs (a missing pair costs 0); ``table_ok`` has the last
    word on a complete table.
    """

    size: int
    apart: Sequence[frozenset[int]]
    cost: Sequence[Mapping[int, int]]
    table_ok: Callable[[Table], bool]
    budget: int
    steps: int = 0
    _dear: list[list[tuple[int, int]]] = field(init=False)

    def __post_init__(self) -> None:
        # Each player's costly tablemates allowed at all, cheapest first (for lower_bound).
        self._dear = [
            sorted((c, other) for other, c in costs.items() if c and other not in apart)
            for costs, apart in zip(self.cost, self.apart, strict=True)
        ]

    def tick(self) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise OutOfBudget

    def solve(self, free: list[int], skips: int, max_cost: int | None) -> list[Table] | None:
        """Tables for ``free`` (in order), leaving at most ``skips`` out, costing at most
        ``max_cost``; the first such arrangement in the search's order, or None if none.

        The search's order: the first free player sits with the nearest players it may,
        then the next free player likewise, backtracking as needed; except that, when
        nobody may be left out, a player with few possible tablemates left sits first.
        """
        if len(free) <= skips:
            return []
        if len(free) < self.size:
            return None
        head = free[0]
        if skips == 0:
            bound, tight = self._scan(free, max_cost if len(free) <= BOUND_WINDOW else None)
            if bound == IMPOSSIBLE or (max_cost is not None and bound > max_cost):
                return None
            head = free[0] if tight is None else tight
        rest = [i for i in free if i != head]
        for table, spent in self.tables(head, rest, max_cost):
            left = None if max_cost is None else max_cost - spent
            found = self.solve([i for i in rest if i not in table], skips, left)
            if found is not None:
                return [table, *found]
        if skips:
            return self.solve(rest, skips - 1, max_cost)
        return None

    def tables(
        self, head: int, rest: list[int], max_cost: int | None
    ) -> Iterator[tuple[Table, int]]:
        """Tables with ``head`` and players of ``rest``, nearest first, with what each costs
        (each table's players in preference order)."""
        yield from self._extend((head,), 0, rest, 0, max_cost)

    def _extend(
        self, table: Table, spent: int, rest: list[int], start: int, max_cost: int | None
    ) -> Iterator[tuple[Table, int]]:
        if len(table) == self.size:
            if self.table_ok(table):
                yield tuple(sorted(table)), spent
            return
        for at in range(start, len(rest) - (self.size - len(table)) + 1):
            self.tick()
            other = rest[at]
            if any(other in self.apart[member] for member in table):
                continue
            more = spent + sum(self.cost[member].get(other, 0) for member in table)
            if max_cost is not None and more > max_cost:
                continue
            yield from self._extend((*table, other), more, rest, at + 1, max_cost)

    def lower_bound(self, free: list[int], max_cost: int | None = None) -> int:
        """At least what seating all of ``free`` costs: each player's cheapest tablemates.

        Every player has ``size - 1`` tablemates, and a table's cost counts each pair once
        but each player twice, hence the half. ``IMPOSSIBLE`` when a player has fewer
        players left that they may sit with than a table needs. With no ``max_cost`` only
        that is checked; with one, the sum stops as soon as it passes the bound.
        """
        return self._scan(free, max_cost)[0]

    def _scan(self, free: list[int], max_cost: int | None) -> tuple[int, int | None]:
        """``lower_bound``, and the player left with the fewest others they may sit with
        if that is few (at most two tables' worth): seated first, such a player cannot be
        stranded by the choices made before them, which would cost a long backtrack."""
        pool = set(free)
        need = self.size - 1
        twice = 2 * max_cost if max_cost is not None else None
        total = 0
        tight, fewest = None, 2 * need + 1
        for player in free:
            apart = self.apart[player]
            allowed = len(pool) - 1 - (len(apart & pool) if apart else 0)
            if allowed < need:
                return IMPOSSIBLE, None
            if allowed < fewest:
                tight, fewest = player, allowed
            if twice is None or total > twice:
                continue
            paid = [c for c, other in self._dear[player] if other in pool]
            short = need - (allowed - len(paid))
            if short > 0:
                total += sum(paid[:short])
        return (total + 1) // 2, tight


def seat(
    size: int,
    apart: Sequence[frozenset[int]],
    *,
    cost: Sequence[Mapping[int, int]] | None = None,
    table_ok: Callable[[Table], bool] = lambda table: True,
    skips: int = 0,
    max_cost: int | None = None,
    budget: int,
) -> list[Table] | None:
    """Seat players ``0..len(apart)-1`` (preference order) at tables of ``size``.

    The first arrangement in the search's order (``SeatingSearch.solve``) that leaves at
    most ``skips`` players out and costs at most ``max_cost``, its tables in order; None
    when there is none; ``OutOfBudget`` when ``budget`` steps did not settle it.
    """
    search = SeatingSearch(size, apart, cost or [{} for _ in apart], table_ok, budget)
    found = search.solve(list(range(len(apart))), skips, max_cost)
    return None if found is None else sorted(found)


def blocked_pairs(players: Sequence[PlayerId], blocked: Blocked) -> set[frozenset[PlayerId]]:
    """The pairs among ``players`` where either blocked the other (asked once per pair)."""
    return {
        frozenset((a, b)) for a, b in combinations(players, 2) if blocked(a, b) or blocked(b, a)
    }


def apart_sets(
    players: Sequence[PlayerId], pairs: set[frozenset[PlayerId]]
) -> list[frozenset[int]]:
    """For each player (by index), the indices of those they may never sit with."""
    index = {player: i for i, player in enumerate(players)}
    apart: list[set[int]] = [set() for _ in players]
    for pair in pairs:
        a, b = (index.get(player) for player in pair)
        if a is not None and b is not None:
            apart[a].add(b)
            apart[b].add(a)
    return [frozenset(a) for a in apart]


def check_size(table_size: int) -> None:
    if not MIN_SEATS <= table_size <= MAX_SEATS:
        raise ValueError(f"tables seat 2 to 4, not {table_size}")


def check_unique(players: Sequence[PlayerId]) -> None:
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")


def pair_arena(
    waiting: Sequence[Waiting], table_size: int, blocked: Blocked, *, budget: int = ARENA_BUDGET
) -> ArenaPairing:
    """The tables to start now from the players waiting, and who waits on."""
    check_size(table_size)
    order = sorted(waiting, key=lambda w: (-w.score, -w.rating, w.player))
    ids = [w.player for w in order]
    check_unique(ids)
    others_wait = len(order) > table_size

    def table_ok(table: Table) -> bool:
        """No player faces exactly their last game's opponents, unless nobody else waits
        and every one of them may meet those opponents again."""
        if not others_wait and all(order[i].may_meet_again for i in table):
            return True
        players = {ids[i] for i in table}
        return all(order[i].last_opponents != players - {ids[i]} for i in table)

    apart = apart_sets(ids, blocked_pairs(ids, blocked))
    found = _most_tables(table_size, apart, table_ok, budget)
    seated = {i for table in found for i in table}
    return ArenaPairing(
        tables=tuple(tuple(ids[i] for i in table) for table in found),
        waiting=tuple(ids[i] for i in range(len(ids)) if i not in seated),
    )


def _most_tables(
    size: int, apart: Sequence[frozenset[int]], table_ok: Callable[[Table], bool], budget: int
) -> list[Table]:
    """As many tables as the rules allow: one fewer table each time a count is impossible.

    One budget covers every count; when it runs out, the greedy pass (each player in turn
    seated at the first table the rules allow, or left waiting) answers instead, so a
    pairing always comes back quickly.
    """
    count = len(apart)
    search = SeatingSearch(size, apart, [{} for _ in apart], table_ok, budget)
    for skips in range(count % size, count + 1, size):
        try:
            found = search.solve(list(range(count)), skips, None)
        except OutOfBudget:
            return greedy_tables(size, apart, table_ok, budget)
        if found is not None:
            return sorted(found)
    return []


def greedy_tables(
    size: int, apart: Sequence[frozenset[int]], table_ok: Callable[[Table], bool], budget: int
) -> list[Table]:
    """Each player in order takes the first allowed table with later free players, or waits.

    The answer of last resort when a search runs out of budget: quick, valid, not optimal.
    """
    search = SeatingSearch(size, apart, [{} for _ in apart], table_ok, budget)
    free = list(range(len(apart)))
    tables: list[Table] = []
    while len(free) >= size:
        head, rest = free[0], free[1:]
        search.steps = 0  # a fresh budget for each head, so every head gets its look
        try:
            table = next((t for t, _ in search.tables(head, rest, None)), None)
        except OutOfBudget:
            table = None
        if table is None:
            free = rest
            continue
        tables.append(table)
        free = [i for i in rest if i not in table]
    return tables
