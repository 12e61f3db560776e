"""Arena pairing alone: closest first, never a blocked pair, no rematch while others wait.

Pure (no database). The property tests check every answer against the rules and, on small
fields, the number of tables against a brute force over every way to seat the players.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction as F
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.arena_pairing import ArenaPairing, Waiting, pair_arena, seat

Pair = frozenset[int]


def nobody(a: int, b: int) -> bool:
    return False


def blocks(pairs: set[Pair]) -> Callable[[int, int], bool]:
    def blocked(a: int, b: int) -> bool:
        return frozenset((a, b)) in pairs

    return blocked


def ids(pairing: ArenaPairing) -> list[list[int]]:
    return [list(table) for table in pairing.tables]


def test_tables_join_the_closest_scores_then_the_closest_ratings() -> None:
    waiting = [
        Waiting(1, F(10), 1500),
        Waiting(2, F(3), 1900),
        Waiting(3, F(9), 1200),
        Waiting(4, F(3), 1000),
        Waiting(5, F(3), 1400),
        Waiting(6, F(0), 2000),
        Waiting(7, F(0), 1100),
    ]
    pairing = pair_arena(waiting, 2, nobody)
    # By score, then rating: 1, 3, 2, 5, 4, 6, 7 → the last one waits.
    assert ids(pairing) == [[1, 3], [2, 5], [4, 6]]
    assert pairing.waiting == (7,)
    assert ids(pair_arena(waiting, 3, nobody)) == [[1, 3, 2], [5, 4, 6]]
    assert ids(pair_arena(waiting, 4, nobody)) == [[1, 3, 2, 5]]


def test_a_blocked_pair_reaches_one_further_and_never_sits_together() -> None:
    waiting = [Waiting(p, F(10 - p), 1500) for p in range(1, 6)]
    blocked = blocks({frozenset((1, 2))})
    assert ids(pair_arena(waiting, 2, blocked)) == [[1, 3], [2, 4]]
    assert ids(pair_arena(waiting, 4, blocked)) == [[1, 3, 4, 5]]


def test_the_same_opponents_only_when_nobody_else_waits() -> None:
    a, b = Waiting(1, F(4), 1500, frozenset({2})), Waiting(2, F(4), 1500, frozenset({1}))
    assert ids(pair_arena([a, b], 2, nobody)) == [[1, 2]]
    c = Waiting(3, F(0), 1000)
    pairing = pair_arena([a, b, c], 2, nobody)
    assert ids(pairing) == [[1, 3]]
    assert pairing.waiting == (2,)
    # At 3 seats, the same three again is refused while a fourth waits…
    last = {1: {2, 3}, 2: {1, 3}, 3: {1, 2}}
    trio = [Waiting(p, F(5), 1500, frozenset(last[p])) for p in (1, 2, 3)]
    fourth = Waiting(4, F(0), 1000)
    # …but two of them with someone new is not "the same opponents".
    assert ids(pair_arena([*trio, fourth], 3, nobody)) == [[1, 2, 4]]
    assert ids(pair_arena(trio, 3, nobody)) == [[1, 2, 3]]


def test_a_rematch_waits_while_the_service_says_others_may_come() -> None:
    # Nobody else waits, but one of the two may not meet the other again yet (others
    # are still playing and they came free just now): both wait on.
    a = Waiting(1, F(4), 1500, frozenset({2}), may_meet_again=False)
    b = Waiting(2, F(4), 1500, frozenset({1}))
    pairing = pair_arena([a, b], 2, nobody)
    assert pairing.tables == () and pairing.waiting == (1, 2)
    # A new opponent is fine at once, and so is the rematch once both may.
    c = Waiting(3, F(0), 1000, may_meet_again=False)
    assert ids(pair_arena([a, c], 2, nobody)) == [[1, 3]]
    a_later = Waiting(1, F(4), 1500, frozenset({2}))
    assert ids(pair_arena([a_later, b], 2, nobody)) == [[1, 2]]


def test_most_tables_before_closest() -> None:
    # The closest table for 1 is 1–2, but that leaves 3 and 4, who blocked each other;
    # 2 is the only one 4 may sit with, so 1 takes 3 and everyone plays.
    waiting = [Waiting(p, F(10 - p), 1500) for p in (1, 2, 3, 4)]
    blocked = blocks({frozenset((1, 4)), frozenset((3, 4))})
    assert ids(pair_arena(waiting, 2, blocked)) == [[1, 3], [2, 4]]


def test_no_table_size_outside_two_to_four_and_no_player_twice() -> None:
    with pytest.raises(ValueError):
        pair_arena([], 5, nobody)
    with pytest.raises(ValueError):
        pair_arena([Waiting(1, F(0), 1), Waiting(1, F(0), 1)], 2, nobody)


def test_an_empty_or_short_room_waits() -> None:
    assert pair_arena([], 2, nobody) == ArenaPairing((), ())
    assert pair_arena([Waiting(1, F(0), 1), Waiting(2, F(0), 1)], 3, nobody).waiting == (1, 2)


def test_a_large_room_pairs_within_the_budget() -> None:
    rng = random.Random(7)
    waiting = [
        Waiting(p, F(rng.randint(0, 30)), rng.randint(800, 2200), frozenset({(p + 1) % 300}))
        for p in range(300)
    ]
    blocked_pairs = {frozenset(rng.sample(range(300), 2)) for _ in range(60)}
    for size in (2, 3, 4):
        pairing = pair_arena(waiting, size, blocks(blocked_pairs))
        assert len(pairing.tables) == 300 // size
        assert_valid(waiting, size, blocked_pairs, pairing)


def test_a_spent_budget_still_pairs_greedily() -> None:
    waiting = [Waiting(p, F(0), 2000 - p) for p in range(40)]
    blocked_pairs = {frozenset((0, p)) for p in range(1, 39)}  # 0 may sit only with 39
    pairing = pair_arena(waiting, 2, blocks(blocked_pairs), budget=5)
    assert_valid(waiting, 2, blocked_pairs, pairing)
    # Greedy, and 0's look is cut short: 0 and 39 wait. Valid, not the most tables (20).
    assert len(pairing.tables) == 19 and pairing.waiting == (0, 39)
    assert len(pair_arena(waiting, 2, blocks(blocked_pairs)).tables) == 20


# Property tests ------------------------------------------------------------------------


@st.composite
def rooms(draw: st.DrawFn) -> tuple[list[Waiting], int, set[Pair]]:
    """Up to 9 waiting players with scores, ratings, last opponents and some blocks."""
    size = draw(st.integers(2, 4))
    count = draw(st.integers(0, 9))
    players = list(range(1, count + 1))
    waiting = []
    for p in players:
        others = [o for o in players if o != p]
        last = draw(st.sets(st.sampled_from(others), max_size=size - 1)) if others else set()
        waiting.append(
            Waiting(
                p,
                F(draw(st.integers(0, 4))),
                draw(st.integers(1000, 1003)),
                frozenset(last),
                draw(st.booleans()),
            )
        )
    all_pairs = [frozenset(pair) for pair in combinations(players, 2)]
    blocked = draw(st.sets(st.sampled_from(all_pairs), max_size=4)) if all_pairs else set()
    return waiting, size, blocked


def assert_valid(
    waiting: list[Waiting], size: int, blocked: set[Pair], pairing: ArenaPairing
) -> None:
    seated = [p for table in pairing.tables for p in table]
    assert len(seated) == len(set(seated)), "nobody at two tables"
    assert sorted(seated + list(pairing.waiting)) == sorted(w.player for w in waiting)
    assert all(len(table) == size for table in pairing.tables)
    for table in pairing.tables:
        assert not any(frozenset(pair) in blocked for pair in combinations(table, 2))
        by_id = {w.player: w for w in waiting}
        if len(waiting) > size or not all(by_id[p].may_meet_again for p in table):
            last = {w.player: w.last_opponents for w in waiting}
            assert all(last[p] != set(table) - {p} for p in table), "a rematch while others wait"


def allowed(table: tuple[Waiting, ...], blocked: set[Pair], others_wait: bool) -> bool:
    if any(frozenset((a.player, b.player)) in blocked for a, b in combinations(table, 2)):
        return False
    players = {w.player for w in table}
    if not others_wait and all(w.may_meet_again for w in table):
        return True
    return all(w.last_opponents != players - {w.player} for w in table)


def most_tables(waiting: list[Waiting], size: int, blocked: set[Pair]) -> int:
    """The most tables any seating allows, by trying them all."""
    others_wait = len(waiting) > size

    def best(free: tuple[Waiting, ...]) -> int:
        if len(free) < size:
            return 0
        head, rest = free[0], free[1:]
        found = best(rest)  # the head waits
        for others in combinations(rest, size - 1):
            if allowed((head, *others), blocked, others_wait):
                left = tuple(w for w in rest if w not in others)
                found = max(found, 1 + best(left))
        return found

    return best(tuple(waiting))


@given(rooms())
@settings(max_examples=100, deadline=None)
def test_every_pairing_keeps_the_rules_and_seats_as_many_tables_as_possible(
    room: tuple[list[Waiting], int, set[Pair]],
) -> None:
    waiting, size, blocked = room
    pairing = pair_arena(waiting, size, blocks(blocked))
    assert_valid(waiting, size, blocked, pairing)
    assert len(pairing.tables) == most_tables(waiting, size, blocked)


@given(rooms(), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_pairing_is_deterministic_whatever_the_order_of_the_room(
    room: tuple[list[Waiting], int, set[Pair]], rng: random.Random
) -> None:
    waiting, size, blocked = room
    shuffled = list(waiting)
    rng.shuffle(shuffled)
    first = pair_arena(waiting, size, blocks(blocked))
    assert pair_arena(waiting, size, blocks(blocked)) == first
    assert pair_arena(shuffled, size, blocks(blocked)) == first


def test_the_search_reports_no_seating_and_honours_skips() -> None:
    apart = [frozenset({1}), frozenset({0})]
    assert seat(2, apart, budget=100) is None
    assert seat(2, apart, skips=2, budget=100) == []
    assert seat(2, [frozenset(), frozenset()], budget=100) == [(0, 1)]
