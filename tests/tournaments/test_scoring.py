"""Tournament points against numbers written down: places, ties, streaks, house seats, byes.

Pure (no database): ``tournaments.scoring`` imports nothing from Django.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.scoring import (
    ArenaStanding,
    Game,
    Seat,
    SwissRound,
    arena_scores,
    bye_points,
    from_sixths,
    game_points,
    in_sixths,
    is_win,
    rounded,
    seat_points,
    swiss_scores,
)


def game(*places: int, house: tuple[int, ...] = (), left: tuple[int, ...] = ()) -> Game:
    """Players 1, 2, … at these places; ``house`` and ``left`` name players."""
    return Game(
        tuple(
            Seat(player, place, house_played=player in house, left=player in left)
            for player, place in enumerate(places, start=1)
        )
    )


@pytest.mark.parametrize(
    ("places", "points"),
    [
        # 2 seats: win 2, shared win 1, loss 0
        ((1, 2), (2, 0)),
        ((2, 1), (0, 2)),
        ((1, 1), (1, 1)),
        # 3 seats: 2 × ahead / 2
        ((1, 2, 3), (2, 1, 0)),
        ((1, 1, 3), (F(3, 2), F(3, 2), 0)),
        ((1, 2, 2), (2, F(1, 2), F(1, 2))),
        ((1, 1, 1), (1, 1, 1)),
        # 4 seats: 2 × ahead / 3
        ((1, 2, 3, 4), (2, F(4, 3), F(2, 3), 0)),
        ((1, 1, 3, 4), (F(5, 3), F(5, 3), F(2, 3), 0)),
        ((1, 2, 2, 4), (2, 1, 1, 0)),
        ((1, 2, 3, 3), (2, F(4, 3), F(1, 3), F(1, 3))),
        ((1, 1, 3, 3), (F(5, 3), F(5, 3), F(1, 3), F(1, 3))),
        ((1, 2, 2, 2), (2, F(2, 3), F(2, 3), F(2, 3))),
        ((1, 1, 1, 4), (F(4, 3), F(4, 3), F(4, 3), 0)),
        ((1, 1, 1, 1), (1, 1, 1, 1)),
        # only the order counts: dense places read as competition places
        ((1, 1, 2, 3), (F(5, 3), F(5, 3), F(2, 3), 0)),
        ((3, 1, 2), (0, 2, 1)),
    ],
)
def test_points_by_place_with_ties_sharing_the_places_they_cover(
    places: tuple[int, ...], points: tuple[int | F, ...]
) -> None:
    assert game_points(places) == [F(p) for p in points]


def test_two_tied_for_first_at_four_seats_get_the_average_of_first_and_second() -> None:
    first, second = game_points([1, 2, 3, 4])[:2]
    assert game_points([1, 1, 3, 4])[0] == (first + second) / 2 == F(5, 3)


@given(st.lists(st.integers(1, 4), min_size=2, max_size=4))
@settings(max_examples=60, deadline=None)
def test_every_game_hands_out_one_point_a_seat_in_whole_sixths(places: list[int]) -> None:
    points = game_points(places)
    assert sum(points) == len(places)
    assert all(0 <= p <= 2 and (p * 6).denominator == 1 for p in points)


@pytest.mark.parametrize("places", [[1], [1, 2, 3, 4, 5], [0, 1]])
def test_a_game_has_two_to_four_places_from_one(places: list[int]) -> None:
    with pytest.raises(ValueError):
        game_points(places)


def test_a_game_refuses_a_player_twice() -> None:
    with pytest.raises(ValueError):
        Game((Seat(1, 1), Seat(1, 2)))


@pytest.mark.parametrize(
    ("points", "shown"),
    [
        (F(4, 3), "1.3"),
        (F(5, 3), "1.7"),
        (F(2, 3), "0.7"),
        (F(1, 3), "0.3"),
        (F(1, 2), "0.5"),
        (F(1, 4), "0.3"),  # half up (a quarter never comes from a game, but totals are exact)
        (F(1, 20), "0.1"),
        (F(0), "0.0"),
        (F(4, 3) * 3, "4.0"),  # summed exactly: 1.3 + 1.3 + 1.3 would show 3.9
        (F(41, 3), "13.7"),
    ],
)
def test_points_show_to_one_decimal_half_up(points: F, shown: str) -> None:
    assert rounded(points) == Decimal(shown)


def test_points_store_as_whole_sixths() -> None:
    assert in_sixths(F(5, 3)) == 10
    assert in_sixths(F(41, 3)) == 82
    assert from_sixths(82) == F(41, 3)
    with pytest.raises(ValueError):
        in_sixths(F(1, 4))


def test_a_leaver_scores_last_and_everyone_who_stayed_finished_ahead() -> None:
    # Player 2 left; the house then took their seat to second place. They score 0 and the
    # others count them as last: 3 and 4 each finished ahead of them.
    assert seat_points(game(1, 2, 3, 4, left=(2,))) == {1: 2, 2: 0, 3: F(4, 3), 4: F(2, 3)}
    # Two who left score 0 each, not a share of the last two places.
    assert seat_points(game(1, 2, 3, 4, left=(3, 4))) == {1: 2, 2: F(4, 3), 3: 0, 4: 0}
    # At 2 seats, the one who stayed wins even from behind.
    assert seat_points(game(2, 1, left=(2,))) == {1: 2, 2: 0}
    assert is_win(Seat(1, 2), game(2, 1, left=(2,)))


def test_a_house_seat_scores_nothing_and_the_others_count_its_place() -> None:
    # The house played player 1's seat to first: player 1 gets 0, no win; the others
    # still finished behind that seat.
    played = game(1, 2, 3, house=(1,))
    assert seat_points(played) == {1: 0, 2: 1, 3: 0}
    assert not is_win(played.seats[0], played)
    assert seat_points(game(1, 2, house=(2,))) == {1: 2, 2: 0}


def test_a_win_is_first_place_alone() -> None:
    assert is_win(Seat(1, 1), game(1, 2, 3, 4))
    assert not is_win(Seat(1, 1), game(1, 1, 3, 4))
    assert not is_win(Seat(1, 1), game(1, 1))
    assert not is_win(Seat(2, 2), game(1, 2, 3))


def test_after_two_wins_in_a_row_each_win_counts_double_until_a_game_is_not_won() -> None:
    won, lost = game(1, 2), game(2, 1)  # for player 1
    sheet = [won, won, won, won, lost, won, won, won]
    scores = arena_scores(sheet)
    assert scores[1].game_points == sheet_of(2, 2, 4, 4, 0, 2, 2, 4)
    assert scores[1] == ArenaStanding(
        player=1,
        points=F(20),
        games=8,
        wins=7,
        streak=3,
        game_points=sheet_of(2, 2, 4, 4, 0, 2, 2, 4),
    )
    assert scores[1].on_fire
    assert scores[2].points == 2 and scores[2].streak == 0 and not scores[2].on_fire


def test_a_shared_first_is_not_a_win_and_ends_the_streak() -> None:
    sheet = [game(1, 2), game(1, 2), game(1, 1), game(1, 2), game(1, 2), game(1, 2)]
    assert arena_scores(sheet)[1].game_points == sheet_of(2, 2, 1, 2, 2, 4)


def test_streaks_at_four_seats() -> None:
    # Player 1: win, win, win (doubled 4), second (4/3, streak over), win, shared first
    # (5/3, not a win), win, win, win (doubled).
    sheet = [
        game(1, 2, 3, 4),
        game(1, 3, 2, 4),
        game(1, 2, 2, 4),
        game(2, 1, 3, 4),
        game(1, 4, 3, 2),
        game(1, 1, 3, 4),
        game(1, 2, 3, 4),
        game(1, 2, 3, 4),
        game(1, 2, 3, 4),
    ]
    scores = arena_scores(sheet)
    assert scores[1].game_points == sheet_of(2, 2, 4, F(4, 3), 2, F(5, 3), 2, 2, 4)
    assert scores[1].points == 21
    assert rounded(scores[1].points) == Decimal("21.0")
    assert (scores[1].wins, scores[1].streak, scores[1].games) == (7, 3, 9)
    # Player 2 has one win, no streak: 4/3, 2/3, 1, 2, 0, 5/3, 4/3, 4/3, 4/3.
    assert scores[2].points == F(32, 3)
    assert rounded(scores[2].points) == Decimal("10.7")


def test_a_house_seat_breaks_the_streak_even_when_the_house_wins() -> None:
    won = game(1, 2, 3)
    by_house = game(1, 2, 3, house=(1,))
    sheet = [won, won, won, by_house, won, won, won]
    assert arena_scores(sheet)[1].game_points == sheet_of(2, 2, 4, 0, 2, 2, 4)
    # Nor does a house seat start one: two house wins then a win is a first win.
    assert arena_scores([by_house, by_house, won])[1].game_points == sheet_of(0, 0, 2)


def test_leaving_ends_the_streak() -> None:
    won = game(1, 2)
    sheet = [won, won, game(1, 2, left=(1,)), won, won, won]
    assert arena_scores(sheet)[1].game_points == sheet_of(2, 2, 0, 2, 2, 4)


def test_swiss_byes_and_missed_starts() -> None:
    assert (bye_points(2), bye_points(3), bye_points(4)) == sheet_of(2, 1, 1)
    with pytest.raises(ValueError):
        bye_points(5)
    rounds = [
        SwissRound((game(1, 2), game_of(3, 4, places=(1, 1))), byes=frozenset({5})),
        SwissRound((game_of(5, 1, places=(1, 2)),), byes=frozenset({3}), absent=frozenset({2})),
    ]
    assert swiss_scores(rounds, 2) == {1: 2, 2: 0, 3: 3, 4: 1, 5: 4}
    four = [
        SwissRound((game(1, 2, 2, 4),), byes=frozenset({5, 6}), absent=frozenset({7})),
        SwissRound((game_of(5, 6, 7, 1, places=(1, 2, 3, 3)),), byes=frozenset({2, 3})),
    ]
    assert swiss_scores(four, 4) == {
        1: 2 + F(1, 3),
        2: 1 + 1,
        3: 1 + 1,
        4: 0,
        5: 1 + 2,
        6: 1 + F(4, 3),
        7: F(1, 3),
    }


def sheet_of(*points: int | F) -> tuple[F, ...]:
    """Points as exact fractions, to compare with what the scoring gives."""
    return tuple(F(p) for p in points)


def game_of(*players: int, places: tuple[int, ...]) -> Game:
    return Game(tuple(Seat(p, place) for p, place in zip(players, places, strict=True)))
