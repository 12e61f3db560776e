"""Rating updates after finished online games, checked against fixed numbers.

The expected numbers were worked out once with openskill 6.2.0's
PlackettLuce() (mu 25, sigma 25/3, beta 25/6, tau 25/300) and checked by
hand for the two-player case (Weng-Lin 2011, algorithm 4):
sigma^2 = (25/3)^2 + tau^2 = 69.4514; c = sqrt(2 (sigma^2 + beta^2)) = 13.1770;
each side's win probability is 1/2, so the winner gains
sigma^2 / c * (1 - 1/2) = 2.6354 (mu 27.6354) and the loser loses as much;
gamma = sigma / c, delta = gamma * sigma^2 / c^2 * 1/4 = 0.06326, so the new
sigma = sqrt(69.4514 * (1 - 0.06326)) = 8.0659 for both.
"""

from __future__ import annotations

import pytest

from players.lookup import rating_of
from players.models import Rating, RatingChange
from tests.players.conftest import accounts, online_game, rate

pytestmark = pytest.mark.django_db


def _mu_sigma(user, kind: str) -> tuple[float, float]:
    row = Rating.objects.get(user=user, kind=kind)
    return row.mu, row.sigma


def test_two_players_the_winner_rises_and_the_loser_falls_by_the_same() -> None:
    ann, bob = accounts("ann", "bob")
    game = online_game("rumbaroo", [ann, bob])
    assert rate(game, totals=[55, 20], winners=[0]) == 2
    assert _mu_sigma(ann, "rumbaroo") == pytest.approx((27.635389493140497, 8.06590141354368))
    assert _mu_sigma(bob, "rumbaroo") == pytest.approx((22.364610506859503, 8.06590141354368))
    shown, provisional = rating_of(ann.id, "rumbaroo")
    assert provisional and shown == pytest.approx(
        1000 + 40 * (27.635389493140497 - 3 * 8.06590141354368)
    )


def test_four_players_finish_in_order_with_a_shared_second_place() -> None:
    a, b, c, d = accounts("a", "b", "c", "d")
    game = online_game("rumbaroo", [a, b, c, d])
    # b and c end level on 30: they share second; d is fourth (not third).
    rate(game, totals=[60, 30, 30, 10], winners=[0])
    assert _mu_sigma(a, "rumbaroo") == pytest.approx((27.795252672501135, 8.263571791259416))
    assert _mu_sigma(b, "rumbaroo") == pytest.approx((24.689416369722096, 8.17961798837266))
    assert _mu_sigma(c, "rumbaroo") == pytest.approx((24.689416369722096, 8.17961798837266))
    assert _mu_sigma(d, "rumbaroo") == pytest.approx((22.825914588054673, 8.17961798837266))
    places = dict(RatingChange.objects.values_list("user__username", "place"))
    assert places == {"a": 0, "b": 1, "c": 1, "d": 3}


def test_rumasta_two_against_two_rates_the_sides_as_teams() -> None:
    a, b, c, d = accounts("a", "b", "c", "d")
    game = online_game("rumasta", [a, b, c, d], {"players": 4, "teams": "2v2"})
    # Sides: seats 0+2 and 1+3; totals are per side. Seats 0 and 2 won.
    rate(game, totals=[5100, 3000], winners=[0, 2])
    for winner in (a, c):
        assert _mu_sigma(winner, "rumasta") == pytest.approx(
            (26.964294621803063, 8.177962604389991)
        )
    for loser in (b, d):
        assert _mu_sigma(loser, "rumasta") == pytest.approx((23.035705378196937, 8.177962604389991))
    assert set(RatingChange.objects.values_list("seat_index", "team")) == {
        (0, 0),
        (2, 0),
        (1, 1),
        (3, 1),
    }


def test_a_shared_win_is_a_tie() -> None:
    ann, bob = accounts("ann", "bob")
    rate(online_game("rumbaroo", [ann, bob]), totals=[55, 55], winners=[0, 1])
    assert _mu_sigma(ann, "rumbaroo") == pytest.approx((25.0, 8.06590141354368))
    assert _mu_sigma(ann, "rumbaroo") == _mu_sigma(bob, "rumbaroo")


def test_each_rated_game_takes_the_next_sequence_number_per_player() -> None:
    ann, bob, cy = accounts("ann", "bob", "cy")
    rate(online_game("rumbaroo", [ann, bob]), totals=[55, 0], winners=[0])
    rate(online_game("rumbaroo", [bob, cy]), totals=[55, 0], winners=[0])
    rate(online_game("tile_rummy", [ann, cy]), totals=[55, 0], winners=[0])
    seqs = sorted(RatingChange.objects.values_list("user__username", "kind", "seq"))
    assert seqs == [
        ("ann", "rumbaroo", 1),
        ("ann", "tile_rummy", 1),
        ("bob", "rumbaroo", 1),
        ("bob", "rumbaroo", 2),
        ("cy", "rumbaroo", 1),
        ("cy", "tile_rummy", 1),
    ]
    bob_row = Rating.objects.get(user=bob, kind="rumbaroo")
    assert bob_row.games == 2
    second = RatingChange.objects.get(user=bob, seq=2)
    assert (second.mu_before, second.sigma_before) == pytest.approx(
        (22.364610506859503, 8.06590141354368)
    )
