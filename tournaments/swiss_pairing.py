"""Swiss pairing (one round's tables and byes) and the final standings with their tie-breaks.

Pure on purpose (no database): the tournament app passes the players, who met whom and the
blocks, and stores the tables this returns, so the rules are tested alone.

One round, in this order of priority:

1. **Tables of the tournament's size** (2–4 seats) for every player still in (not
   withdrawn; a player absent at the start is passed as withdrawn for that round and the
   app records their bye of 0).
2. **Byes** for the players a full table cannot hold (``players mod size`` of them): the
   lowest in ``bye_priority``: fewest pairing byes so far first, then the lowest score,
   then the lowest rating (the id breaks exact ties). So nobody gets a second bye while
   someone without one could take it. Bye sets are tried in that order (lexicographic
   over the priority list) until one leaves players that can all be seated; when no set
   of that size can, one more table's worth of players sits out. A bye's points are
   ``scoring.bye_points``.
3. **Never a blocked pair** at one table (either player blocked the other): a hard rule.
4. **The fewest repeat meetings**: the cost of a round is, over every pair seated
   together, how many times that pair met before (a third meeting costs two, so it is
   avoided before a second). The search finds the smallest cost exactly on small fields;
   on large ones it stops at ``SWISS_BUDGET`` steps with the cheapest found (a round of a
   large field rarely needs to repeat at all, and is found at once). Should the budget
   run out before any seating is found (blocks everywhere), a greedy pass seats whom it
   can and gives the rest byes.
5. **Equal scores together**, as far as the least cost allows. Players are ranked by
   score, then rating ("Swiss order"); inside each score group the tables follow the
   slide system (with ``m`` tables, the group's 1st, (m+1)th, (2m+1)th… by rating sit
   together, so the strongest do not meet each other first), and the lowest of a group
   that does not fill its tables float down to sit with the top of the next group. The
   search seats the highest unseated player with the next ones in that order, reaching
   further down only when a blocked pair or the cost bound forbids the nearest (a player
   whom blocks leave few possible tablemates is seated before the others); repeats
   are first mended by swapping players between two tables, which keeps the rest of the
   Swiss order as it was.

Deterministic throughout (no randomness; the order of the input does not matter).

Final standings: points (``scoring.swiss_scores``), then Buchholz (the sum of the final
scores of every opponent met, once per game; a bye adds nothing), then the results between
the players still tied (one point for each of them finished ahead of at a shared table,
a half for a tie; a seat the house played or that left counts behind every seat played to
the end), then rating. Players equal on all four share a rank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, groupby, islice, product

from tournaments.arena_pairing import (
    Blocked,
    OutOfBudget,
    SeatingSearch,
    Table,
    apart_sets,
    blocked_pairs,
    check_size,
    check_unique,
    greedy_tables,
)
from tournaments.scoring import Game, PlayerId, Seat, SwissRound, swiss_scores

SWISS_BUDGET = 300_000  # search steps for one round: at most a couple of seconds on one core
MAX_SWAP_PASSES = 50  # passes of improving swaps before the branch and bound
BYE_SETS_TRIED = 24  # bye sets of one size tried before one more table's worth sits out

Meetings = Mapping[frozenset[PlayerId], int]


@dataclass(frozen=True)
class SwissPlayer:
    """A player as one round's pairing sees them."""

    player: PlayerId
    score: Fraction
    rating: float
    withdrawn: bool = False  # not paired this round (withdrawn, or absent at the start)
    byes: int = 0  # pairing byes had so far


@dataclass(frozen=True)
class RoundPairing:
    """One round: its tables (in Swiss order) and its byes, with the repeats it could not
    avoid (the pairs seated together again, each counted once per earlier meeting)."""

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...]
    repeats: int


@dataclass(frozen=True)
class Standing:
    """One line of the final standings, with each tie-break the page shows."""

    rank: int
    player: PlayerId
    points: Fraction
    buchholz: Fraction
    between: Fraction  # results against the players tied on points and Buchholz
    rating: float


def bye_priority(player: SwissPlayer) -> tuple[int, Fraction, float, PlayerId]:
    """Who sits out first: fewest byes had, then lowest score, then lowest rating."""
    return (player.byes, player.score, player.rating, player.player)


def swiss_order(players: Iterable[SwissPlayer], size: int) -> list[SwissPlayer]:
    """Players in the order tables are formed: score groups, slid, the rest floating down.

    Those a group cannot seat (the lowest rated) float down: they take the first table of
    the next group with its highest rated players, as the Dutch system pairs floaters,
    and the rest of that group is slid.
    """
    ranked = sorted(players, key=lambda p: (-p.score, -p.rating, p.player))
    order: list[SwissPlayer] = []
    carry: list[SwissPlayer] = []
    for _, group in groupby(ranked, key=lambda p: p.score):
        bracket = list(group)
        if carry:
            if len(carry) + len(bracket) < size:
                carry += bracket
                continue
            fill = size - len(carry)
            order += carry + bracket[:fill]
            bracket = bracket[fill:]
        tables = len(bracket) // size
        order += [bracket[table + seat * tables] for table in range(tables) for seat in range(size)]
        carry = bracket[tables * size :]
    return order + carry


def pair_round(
    players: Sequence[SwissPlayer],
    meetings: Meetings,
    blocked: Blocked,
    table_size: int,
    *,
    budget: int = SWISS_BUDGET,
) -> RoundPairing:
    """One round's tables and byes (the rules are in the module's docstring)."""
    check_size(table_size)
    check_unique([p.player for p in players])
    active = [p for p in players if not p.withdrawn]
    pairs = blocked_pairs(sorted(p.player for p in active), blocked)
    by_priority = sorted(active, key=bye_priority)
    left = budget
    for bye_count in range(len(active) % table_size, len(active), table_size):
        for byes in islice(combinations(by_priority, bye_count), BYE_SETS_TRIED):
            if left <= 0:
                return _last_resort(active, meetings, pairs, table_size)
            out = {p.player for p in byes}
            seated = [p for p in active if p.player not in out]
            found, used = _seat_round(seated, meetings, pairs, table_size, left)
            left -= used
            if found is not None:
                tables, repeats = found
                return RoundPairing(tables, tuple(p.player for p in byes), repeats)
    if left <= 0:
        return _last_resort(active, meetings, pairs, table_size)
    # Nobody can be seated (fewer players than a table, or blocks everywhere): all sit out.
    return RoundPairing((), tuple(p.player for p in by_priority), 0)


def _seat_round(
    seated: list[SwissPlayer],
    meetings: Meetings,
    pairs: set[frozenset[PlayerId]],
    size: int,
    budget: int,
) -> tuple[tuple[tuple[tuple[PlayerId, ...], ...], int] | None, int]:
    """The tables for these players with the fewest repeats (None if they cannot all sit,
    or the budget ran out first), and the steps that took."""
    ids = [p.player for p in swiss_order(seated, size)]
    cost = _cost_maps(ids, meetings)
    search = SeatingSearch(size, apart_sets(ids, pairs), cost, lambda table: True, budget)
    try:
        first = search.solve(list(range(len(ids))), 0, None)
    except OutOfBudget:
        return None, budget
    if first is None:
        return None, search.steps
    best = sorted(_fewest_repeats(search, first, len(ids)))
    tables = tuple(tuple(ids[i] for i in table) for table in best)
    return (tables, _cost(best, cost)), search.steps


def _last_resort(
    active: list[SwissPlayer],
    meetings: Meetings,
    pairs: set[frozenset[PlayerId]],
    size: int,
) -> RoundPairing:
    """When the budget is spent before any seating was settled: tables greedily in Swiss
    order (never a blocked pair), byes for whoever is left, lowest first. Valid, not fair
    nor optimal; only a pathological field (blocks everywhere) should ever come here."""
    ids = [p.player for p in swiss_order(active, size)]
    tables = greedy_tables(size, apart_sets(ids, pairs), lambda table: True, SWISS_BUDGET)
    seated = {i for table in tables for i in table}
    return RoundPairing(
        tuple(tuple(ids[i] for i in table) for table in tables),
        tuple(ids[i] for i in reversed(range(len(ids))) if i not in seated),
        _cost(tables, _cost_maps(ids, meetings)),
    )


def _fewest_repeats(search: SeatingSearch, first: list[Table], count: int) -> list[Table]:
    """The cheapest arrangement the budget can establish, as close to Swiss order as may be.

    From the arrangement in Swiss order, improving swaps between tables (which move only
    the players a repeat forces to move) give a good bound; then branch and bound: each
    search asks for the first arrangement in Swiss order costing less than the best so
    far, until none exists (the best is the least cost), the cost meets the lower bound,
    or the budget runs out (the best found stands).
    """
    everyone = list(range(count))
    floor = search.lower_bound(everyone, _cost(first, search.cost))
    best = _swapped(first, search) if _cost(first, search.cost) > floor else first
    while (spent := _cost(best, search.cost)) > floor:
        try:
            found = search.solve(everyone, 0, spent - 1)
        except OutOfBudget:
            break
        if found is None:
            break
        best = found
    return best


def _swapped(tables: list[Table], search: SeatingSearch) -> list[Table]:
    """``tables`` after every swap of two players at two tables that lowers the cost.

    A quick, good upper bound for the branch and bound, which on a large field may not
    have the budget to find one itself. Only swaps allowed by the blocks; deterministic
    (tables and seats in order, the first improving swap taken).
    """
    seats = [list(table) for table in tables]
    for _ in range(MAX_SWAP_PASSES):
        swapped = False
        for a, b in combinations(range(len(seats)), 2):
            if _cost([tuple(seats[a]), tuple(seats[b])], search.cost) == 0:
                continue  # no swap between two tables with no repeats can lower the cost
            swapped |= _swap_two(seats[a], seats[b], search)
        if not swapped:
            break
    return sorted(tuple(sorted(table)) for table in seats)


def _swap_two(one: list[int], two: list[int], search: SeatingSearch) -> bool:
    """Swap, in place, each pair of players between two tables whose swap lowers the cost."""
    swapped = False
    for i, j in product(range(len(one)), range(len(two))):
        x, y = one[i], two[j]
        rest_one = [p for p in one if p != x]
        rest_two = [p for p in two if p != y]
        if any(p in search.apart[y] for p in rest_one) or any(
            p in search.apart[x] for p in rest_two
        ):
            continue
        before = _pair_costs(x, rest_one, search) + _pair_costs(y, rest_two, search)
        after = _pair_costs(y, rest_one, search) + _pair_costs(x, rest_two, search)
        if after < before:
            one[i], two[j] = y, x
            swapped = True
    return swapped


def _pair_costs(player: int, others: Iterable[int], search: SeatingSearch) -> int:
    return sum(search.cost[player].get(other, 0) for other in others)


def _cost_maps(ids: Sequence[PlayerId], meetings: Meetings) -> list[dict[int, int]]:
    """For each player (by index), how often they met each other player before."""
    index = {player: i for i, player in enumerate(ids)}
    cost: list[dict[int, int]] = [{} for _ in ids]
    for pair, count in meetings.items():
        a, b = (index.get(player) for player in pair)
        if count and a is not None and b is not None:
            cost[a][b] = cost[b][a] = count
    return cost


def _cost(tables: Iterable[Table], cost: Sequence[Mapping[int, int]]) -> int:
    """The earlier meetings of every pair seated together."""
    return sum(cost[a].get(b, 0) for table in tables for a, b in combinations(table, 2))


def meetings_of(rounds: Iterable[SwissRound]) -> dict[frozenset[PlayerId], int]:
    """How many times each pair sat at one table, from the rounds played."""
    met: Counter[frozenset[PlayerId]] = Counter()
    for played in rounds:
        for game in played.games:
            for a, b in combinations((seat.player for seat in game.seats), 2):
                met[frozenset((a, b))] += 1
    return dict(met)


def byes_of(rounds: Iterable[SwissRound]) -> Counter[PlayerId]:
    """How many pairing byes each player had (a missed start is not a pairing bye)."""
    return Counter(player for played in rounds for player in played.byes)


def standings(
    ratings: Mapping[PlayerId, float], rounds: Sequence[SwissRound], table_size: int
) -> list[Standing]:
    """The final standings: points, Buchholz, results between the tied, rating."""
    points = swiss_scores(rounds, table_size)
    unknown = set(points) - set(ratings)
    if unknown:
        raise ValueError(f"no rating for players {sorted(unknown)}")
    points = {player: points.get(player, Fraction(0)) for player in ratings}
    games = [game for played in rounds for game in played.games]
    buchholz = _buchholz(games, points)
    between = _between_the_tied(games, {p: (points[p], buchholz[p]) for p in ratings})

    def key(player: PlayerId) -> tuple[Fraction, Fraction, Fraction, float]:
        return (points[player], buchholz[player], between[player], ratings[player])

    def order(player: PlayerId) -> tuple[Fraction, Fraction, Fraction, float, PlayerId]:
        return (-points[player], -buchholz[player], -between[player], -ratings[player], player)

    result: list[Standing] = []
    for at, player in enumerate(sorted(ratings, key=order)):
        shared = bool(result) and key(result[-1].player) == key(player)
        rank = result[-1].rank if shared else at + 1
        result.append(Standing(rank, player, *key(player)))
    return result


def _buchholz(
    games: Iterable[Game], points: Mapping[PlayerId, Fraction]
) -> dict[PlayerId, Fraction]:
    """For each player, the final scores of every opponent they met, once for each game."""
    buchholz = {player: Fraction(0) for player in points}
    for game in games:
        for a, b in combinations(game.seats, 2):
            buchholz[a.player] += points[b.player]
            buchholz[b.player] += points[a.player]
    return buchholz


def _between_the_tied(
    games: Iterable[Game], tie_key: Mapping[PlayerId, tuple[Fraction, Fraction]]
) -> dict[PlayerId, Fraction]:
    """Each player's results against those level with them on points and Buchholz."""
    between = {player: Fraction(0) for player in tie_key}
    for game in games:
        for a, b in combinations(game.seats, 2):
            if tie_key[a.player] != tie_key[b.player]:
                continue
            ahead_a, ahead_b = _finish(a), _finish(b)
            if ahead_a == ahead_b:
                between[a.player] += Fraction(1, 2)
                between[b.player] += Fraction(1, 2)
            else:
                between[a.player if ahead_a < ahead_b else b.player] += 1
    return between


def _finish(seat: Seat) -> tuple[bool, int]:
    """How a seat ranks against another at its table: played to the end first, then place."""
    irregular = seat.left or seat.house_played
    return (irregular, 0 if irregular else seat.place)
