"""Swiss pairing and standings alone: score groups, fair byes, fewest repeats, tie-breaks.

Pure (no database). The property tests check every round against the rules and, on small
fields, the byes and the repeat meetings against a brute force over every seating.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction as F
from itertools import combinations, islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.scoring import Game, Seat, SwissRound, swiss_scores
from tournaments.swiss_pairing import (
    BYE_SETS_TRIED,
    RoundPairing,
    Standing,
    SwissPlayer,
    bye_priority,
    byes_of,
    meetings_of,
    pair_round,
    standings,
    swiss_order,
)

Pair = frozenset[int]


def nobody(a: int, b: int) -> bool:
    return False


def blocks(pairs: set[Pair]) -> Callable[[int, int], bool]:
    def blocked(a: int, b: int) -> bool:
        return frozenset((a, b)) in pairs

    return blocked


def field(count: int, score: int = 0) -> list[SwissPlayer]:
    """Players 1..count, rated 2000 down in steps of 10, all on one score."""
    return [SwissPlayer(p, F(score), 2010 - 10 * p) for p in range(1, count + 1)]


def played(*tables: tuple[int, ...]) -> SwissRound:
    """A round where each table finished in the order listed."""
    return SwissRound(
        tuple(Game(tuple(Seat(p, place) for place, p in enumerate(t, 1))) for t in tables)
    )


def test_the_first_round_slides_each_score_group() -> None:
    # 8 players on 0: 1–5, 2–6, 3–7, 4–8 (the top half meets the bottom half).
    assert pair_round(field(8), {}, nobody, 2).tables == ((1, 5), (2, 6), (3, 7), (4, 8))
    # 12 at 4 seats: three tables, one player from each quarter.
    assert pair_round(field(12), {}, nobody, 4).tables == (
        (1, 4, 7, 10),
        (2, 5, 8, 11),
        (3, 6, 9, 12),
    )


def test_equal_scores_sit_together_and_the_lowest_of_a_group_floats_down() -> None:
    players = [
        *(SwissPlayer(p, F(4), 2000 - p) for p in (1, 2, 3)),
        *(SwissPlayer(p, F(2), 2000 - p) for p in (4, 5, 6, 7, 8)),
    ]
    order = [p.player for p in swiss_order(players, 2)]
    # 4 points: 1–2, and 3 (the lowest) floats down to meet the top of the 2-point group;
    # the four left there slide.
    assert order == [1, 2, 3, 4, 5, 7, 6, 8]
    assert pair_round(players, {}, nobody, 2).tables == ((1, 2), (3, 4), (5, 7), (6, 8))
    # At 4 seats the 4-point group cannot fill a table: all three float, with 4.
    assert pair_round(players, {}, nobody, 4).tables == ((1, 2, 3, 4), (5, 6, 7, 8))


def test_a_repeat_is_avoided_by_reaching_further() -> None:
    met = {frozenset((1, 5)): 1}
    # 1–5 met: 1 and 2 swap partners (players listed in Swiss order: 5 before 2).
    assert pair_round(field(8), met, nobody, 2).tables == ((1, 6), (5, 2), (3, 7), (4, 8))
    assert pair_round(field(8), met, nobody, 2).repeats == 0


def test_a_third_meeting_is_avoided_before_a_second() -> None:
    # In Swiss order 1–3 and 2–4 would sit, but 1 and 3 met twice already; 1–2 met once.
    met = {frozenset((1, 3)): 2, frozenset((1, 2)): 1, frozenset((1, 4)): 1, frozenset((2, 3)): 1}
    pairing = pair_round(field(4), met, nobody, 2)
    assert pairing.tables == ((1, 2), (3, 4)) and pairing.repeats == 1


def test_the_bye_is_settled_before_the_repeats() -> None:
    # Three players at 2 seats over and over: the bye goes by priority, then the two left
    # meet again, however often they met.
    three = field(3)
    met = {frozenset((1, 2)): 2, frozenset((1, 3)): 1, frozenset((2, 3)): 1}
    pairing = pair_round(three, met, nobody, 2)
    assert pairing.byes == (3,)
    assert pairing.tables == ((1, 2),) and pairing.repeats == 2
    # When 3 has had a bye, 2 sits out and 1 meets 3 (met once).
    with_byes = [SwissPlayer(p.player, p.score, p.rating, byes=int(p.player == 3)) for p in three]
    pairing = pair_round(with_byes, met, nobody, 2)
    assert pairing.byes == (2,) and pairing.tables == ((1, 3),) and pairing.repeats == 1


def test_byes_go_to_the_lowest_scorer_without_one() -> None:
    players = [
        SwissPlayer(1, F(6), 1500),
        SwissPlayer(2, F(4), 1500),
        SwissPlayer(3, F(0), 1500, byes=1),
        SwissPlayer(4, F(2), 1500),
        SwissPlayer(5, F(2), 1400),
    ]
    # 3 had one; of 4 and 5 on 2 points, 5 is rated lower.
    assert pair_round(players, {}, nobody, 2).byes == (5,)
    # At 4 seats one table, one bye: the same one.
    assert pair_round(players, {}, nobody, 4).byes == (5,)
    # At 3 seats, two byes: 5 then 4.
    assert pair_round(players, {}, nobody, 3).byes == (5, 4)


def test_withdrawn_players_are_neither_seated_nor_given_a_bye() -> None:
    players = [*field(4), SwissPlayer(5, F(0), 900, withdrawn=True)]
    pairing = pair_round(players, {}, nobody, 2)
    assert pairing == RoundPairing(((1, 3), (2, 4)), (), 0)


def test_a_block_that_leaves_no_seating_sends_one_more_table_out() -> None:
    two = field(2)
    assert pair_round(two, {}, blocks({frozenset((1, 2))}), 2) == RoundPairing((), (2, 1), 0)
    assert pair_round([], {}, nobody, 3) == RoundPairing((), (), 0)
    assert pair_round(field(2), {}, nobody, 3) == RoundPairing((), (2, 1), 0)


def test_rejects_bad_sizes_and_players_twice() -> None:
    with pytest.raises(ValueError):
        pair_round(field(4), {}, nobody, 1)
    with pytest.raises(ValueError):
        pair_round([*field(2), *field(2)], {}, nobody, 2)


def test_a_large_field_plays_seven_rounds_without_a_repeat() -> None:
    rng = random.Random(3)
    ratings = {p: rng.randint(800, 2200) for p in range(1, 301)}
    blocked = {frozenset(rng.sample(sorted(ratings), 2)) for _ in range(40)}
    for size in (2, 4):
        rounds: list[SwissRound] = []
        for _ in range(7):
            scores, met, byes = swiss_scores(rounds, size), meetings_of(rounds), byes_of(rounds)
            players = [
                SwissPlayer(p, scores.get(p, F(0)), r, byes=byes[p]) for p, r in ratings.items()
            ]
            pairing = pair_round(players, met, blocks(blocked), size)
            assert_valid(players, size, blocked, pairing)
            assert pairing.repeats == 0 and len(pairing.byes) == 300 % size
            results = played(*(tuple(rng.sample(t, len(t))) for t in pairing.tables))
            rounds.append(SwissRound(results.games, byes=frozenset(pairing.byes)))


def test_a_player_with_few_possible_tablemates_is_seated_first() -> None:
    # The lowest of 200 has blocked everyone but the top three: the search seats them
    # together at once instead of backtracking through the whole field.
    players = field(200)
    friends = {1, 2, 3}

    def blocked(a: int, b: int) -> bool:
        return 200 in (a, b) and not {a, b} - {200} <= friends

    pairing = pair_round(players, {}, blocked, 4)
    assert (1, 2, 3, 200) in {tuple(sorted(t)) for t in pairing.tables}
    assert len(pairing.tables) == 50 and pairing.byes == ()


def test_a_spent_budget_still_gives_a_valid_round() -> None:
    players = field(40)
    pairing = pair_round(players, {}, nobody, 4, budget=5)
    assert_valid(players, 4, set(), pairing)
    assert len(pairing.tables) == 10


# Standings ------------------------------------------------------------------------------


def test_standings_break_ties_by_buchholz_then_share_a_rank_when_all_is_equal() -> None:
    ratings = {1: 1500, 2: 1500, 3: 1500, 4: 1500, 5: 1900, 6: 1500, 7: 1500, 8: 1500}
    rounds = [
        played((1, 2), (3, 4), (5, 6)),
        played((1, 3), (5, 2), (4, 6)),
    ]
    draws = [Game((Seat(7, 1), Seat(8, 1)))] * 2  # 7 and 8 draw twice
    rounds = [SwissRound((*r.games, draw)) for r, draw in zip(rounds, draws, strict=True)]
    # Points (a win 2, a draw 1): 1: 4, 5: 4, 3: 2, 4: 2, 7: 2, 8: 2, 2: 0, 6: 0.
    # Buchholz: 1 met 2 and 3 → 2; 5 met 6 and 2 → 0 (its higher rating does not count
    # first); 3 met 4 and 1 → 6; 7 and 8 met each other twice → 4; 4 met 3 and 6 → 2;
    # 2 met 1 and 5 → 8; 6 met 5 and 4 → 6. 7 and 8 drew both games (1 each between
    # them) and are rated alike: they share 4th.
    assert standings(ratings, rounds, 2) == [
        Standing(1, 1, F(4), F(2), F(0), 1500),
        Standing(2, 5, F(4), F(0), F(0), 1900),
        Standing(3, 3, F(2), F(6), F(0), 1500),
        Standing(4, 7, F(2), F(4), F(1), 1500),
        Standing(4, 8, F(2), F(4), F(1), 1500),
        Standing(6, 4, F(2), F(2), F(0), 1500),
        Standing(7, 2, F(0), F(8), F(0), 1500),
        Standing(8, 6, F(0), F(6), F(0), 1500),
    ]


def test_the_results_between_the_tied_come_before_rating() -> None:
    # Four players, every pair meets once. 1 beats 2 and 4 and loses to 3; 2 beats 3 and
    # 4; 4 beats 3. So 1 and 2 have 4 points and 8 Buchholz each (all the others' 12 less
    # their own 4), and 1 beat 2; 3 and 4 have 2 and 10 each, and 4 beat 3.
    ratings = {1: 1500, 2: 1700, 3: 1600, 4: 1500}
    rounds = [played((1, 2), (4, 3)), played((3, 1), (2, 4)), played((1, 4), (2, 3))]
    assert standings(ratings, rounds, 2) == [
        Standing(1, 1, F(4), F(8), F(1), 1500),
        Standing(2, 2, F(4), F(8), F(0), 1700),
        Standing(3, 4, F(2), F(10), F(1), 1500),
        Standing(4, 3, F(2), F(10), F(0), 1600),
    ]


def test_between_the_tied_at_four_seats_counts_each_one_finished_ahead_of() -> None:
    # One table, three games: 1 finished ahead of 2 twice, 2 ahead of 1 once; both end on
    # 4 points (6 players finished ahead of, × 2/3) and 24 Buchholz (3 × the others' 8).
    ratings = {1: 1500, 2: 1600, 3: 1500, 4: 1500}
    rounds = [played((1, 2, 3, 4)), played((2, 3, 4, 1)), played((1, 3, 2, 4))]
    assert standings(ratings, rounds, 4) == [
        Standing(1, 1, F(4), F(24), F(2), 1500),
        Standing(2, 2, F(4), F(24), F(1), 1600),
        Standing(3, 3, F(10, 3), F(26), F(0), 1500),
        Standing(4, 4, F(2, 3), F(34), F(0), 1500),
    ]


def test_a_house_seat_or_a_leaver_ranks_behind_in_the_results_between_the_tied() -> None:
    ratings = {1: 1500, 2: 1500, 3: 1500, 4: 1500}
    rounds = [
        # The house took 1's seat to first: 1 scores 0 and so does 2, who came second.
        # 3 "won" but had left: 0, and 4 wins.
        SwissRound(
            (
                Game((Seat(1, 1, house_played=True), Seat(2, 2))),
                Game((Seat(3, 1, left=True), Seat(4, 2))),
            )
        ),
        SwissRound((Game((Seat(1, 1), Seat(2, 1))), Game((Seat(3, 1), Seat(4, 2))))),
    ]
    assert swiss_scores(rounds, 2) == {1: 1, 2: 1, 3: 2, 4: 2}
    # 1 and 2: 1 point and 2 Buchholz each; between them 2 has the house game and half
    # the draw. 3 and 4 split their games (the leaver's first counts behind), so they
    # share the first rank.
    assert standings(ratings, rounds, 2) == [
        Standing(1, 3, F(2), F(4), F(1), 1500),
        Standing(1, 4, F(2), F(4), F(1), 1500),
        Standing(3, 2, F(1), F(2), F(3, 2), 1500),
        Standing(4, 1, F(1), F(2), F(1, 2), 1500),
    ]


def test_standings_need_every_rating() -> None:
    with pytest.raises(ValueError):
        standings({1: 1500}, [played((1, 2))], 2)


# Property tests ------------------------------------------------------------------------


@st.composite
def rounds_to_pair(
    draw: st.DrawFn, blocked: bool = True
) -> tuple[list[SwissPlayer], dict[Pair, int], set[Pair], int]:
    """Up to 10 players with scores, byes and withdrawals, past meetings and some blocks."""
    size = draw(st.integers(2, 4))
    count = draw(st.integers(0, 10))
    players = [
        SwissPlayer(
            p,
            F(draw(st.integers(0, 6)), 2),
            draw(st.integers(1000, 1002)),
            withdrawn=draw(st.booleans()) and draw(st.booleans()),
            byes=draw(st.integers(0, 1)),
        )
        for p in range(1, count + 1)
    ]
    pairs = [frozenset(pair) for pair in combinations(range(1, count + 1), 2)]
    met = {pair: draw(st.integers(0, 2)) for pair in pairs if draw(st.booleans())}
    bad = draw(st.sets(st.sampled_from(pairs), max_size=4)) if pairs and blocked else set()
    return players, met, bad, size


def assert_valid(
    players: Sequence[SwissPlayer], size: int, blocked: set[Pair], pairing: RoundPairing
) -> None:
    seated = [p for table in pairing.tables for p in table]
    assert len(seated) == len(set(seated)), "nobody at two tables"
    assert not set(seated) & set(pairing.byes)
    active = sorted(p.player for p in players if not p.withdrawn)
    assert sorted(seated + list(pairing.byes)) == active
    assert all(len(table) == size for table in pairing.tables)
    for table in pairing.tables:
        assert not any(frozenset(pair) in blocked for pair in combinations(table, 2))


def seatings(
    players: Sequence[int], size: int, blocked: set[Pair]
) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat all of ``players`` at tables of ``size`` with no blocked pair."""
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        table = (head, *others)
        if any(frozenset(pair) in blocked for pair in combinations(table, 2)):
            continue
        left = [p for p in rest if p not in others]
        for tail in seatings(left, size, blocked):
            yield [table, *tail]


def cost(tables: Sequence[Sequence[int]], met: dict[Pair, int]) -> int:
    return sum(met.get(frozenset(pair), 0) for t in tables for pair in combinations(t, 2))


def expected_byes(players: Sequence[SwissPlayer], size: int, blocked: set[Pair]) -> tuple[int, ...]:
    """The byes the rules call for: the first set in bye priority that lets the rest sit."""
    active = sorted((p for p in players if not p.withdrawn), key=bye_priority)
    for count in range(len(active) % size, len(active), size):
        for byes in islice(combinations(active, count), BYE_SETS_TRIED):
            rest = [p.player for p in active if p not in byes]
            if next(seatings(rest, size, blocked), None) is not None:
                return tuple(p.player for p in byes)
    return tuple(p.player for p in active)


@given(rounds_to_pair())
@settings(max_examples=120, deadline=None)
def test_every_round_keeps_the_rules_with_fair_byes_and_the_fewest_repeats(
    case: tuple[list[SwissPlayer], dict[Pair, int], set[Pair], int],
) -> None:
    players, met, blocked, size = case
    pairing = pair_round(players, met, blocks(blocked), size)
    assert_valid(players, size, blocked, pairing)
    assert pairing.byes == expected_byes(players, size, blocked)
    assert pairing.repeats == cost(pairing.tables, met)
    seated = sorted(p for table in pairing.tables for p in table)
    fewest = min(cost(s, met) for s in seatings(seated, size, blocked)) if seated else 0
    assert pairing.repeats == fewest


@given(rounds_to_pair(blocked=False))
@settings(max_examples=80, deadline=None)
def test_byes_go_to_the_lowest_scorers_and_never_a_second_while_someone_has_none(
    case: tuple[list[SwissPlayer], dict[Pair, int], set[Pair], int],
) -> None:
    players, met, _, size = case
    pairing = pair_round(players, met, nobody, size)
    active = [p for p in players if not p.withdrawn]
    assert len(pairing.byes) == len(active) % size
    by_id = {p.player: p for p in active}
    out = [by_id[b] for b in pairing.byes]
    sitting = [p for p in active if p.player not in pairing.byes]
    for bye in out:
        if bye.byes:
            assert all(p.byes for p in sitting), "a second bye while someone has none"
        assert all(bye.score <= p.score for p in sitting if p.byes == bye.byes), (
            "a bye above a lower scorer"
        )


@given(rounds_to_pair(), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_pairing_is_deterministic_whatever_the_order_of_the_players(
    case: tuple[list[SwissPlayer], dict[Pair, int], set[Pair], int], rng: random.Random
) -> None:
    players, met, blocked, size = case
    shuffled = list(players)
    rng.shuffle(shuffled)
    first = pair_round(players, met, blocks(blocked), size)
    assert pair_round(players, met, blocks(blocked), size) == first
    assert pair_round(shuffled, met, blocks(blocked), size) == first
