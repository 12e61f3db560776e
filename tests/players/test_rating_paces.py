"""Live and correspondence games are rated apart: one rating per game kind and pace."""

from __future__ import annotations

import pytest
from django.test import Client

from players import board
from players.lookup import rating_of, ratings_of
from players.models import Rating, RatingChange
from tests.players.conftest import accounts, named, online_game, rate

pytestmark = pytest.mark.django_db


def _rows(user) -> dict[str, tuple[float, float, int]]:
    return {r.pace: (r.mu, r.sigma, r.games) for r in Rating.objects.filter(user=user)}


def test_a_correspondence_game_moves_the_correspondence_rating_only() -> None:
    ann, bob = accounts("ann", "bob")
    rate(online_game("rumbaroo", [ann, bob]), totals=[55, 20], winners=[0])
    live_before = _rows(ann)["live"]
    game = online_game("rumbaroo", [ann, bob], {"players": 2, "pace": "3d"})
    assert rate(game, totals=[10, 40], winners=[1]) == 2
    rows = _rows(ann)
    assert rows["live"] == live_before  # untouched by the slow game
    # A first correspondence game starts from the newcomer's numbers, as a first live one did:
    # losing it mirrors the live win exactly (the two-player worked example in test_ratings).
    assert rows["correspondence"] == pytest.approx((22.364610506859503, 8.06590141354368, 1))
    change = RatingChange.objects.get(game=game, user=ann)
    assert (change.pace, change.seq) == ("correspondence", 1)
    assert rating_of(ann.id, "rumbaroo")[0] > rating_of(ann.id, "rumbaroo", "correspondence")[0]
    assert set(ratings_of([ann.id, bob.id], "rumbaroo", "correspondence")) == {ann.id, bob.id}


def test_one_correspondence_rating_for_every_number_of_days() -> None:
    ann, bob = accounts("ann", "bob")
    for days in ("1d", "3d", "7d"):
        rate(online_game("rumbaroo", [ann, bob], {"players": 2, "pace": days}), [55, 20], [0])
    assert set(_rows(ann)) == {"correspondence"}
    assert _rows(ann)["correspondence"][2] == 3
    seqs = RatingChange.objects.filter(user=ann).order_by("seq").values_list("seq", flat=True)
    assert list(seqs) == [1, 2, 3]


def test_the_player_page_shows_each_pace_and_the_board_chooses_one() -> None:
    ann, bob = accounts("ann", "bob")
    named(ann, "Ann Lee")
    named(bob, "Bob Ray")
    rate(online_game("rumbaroo", [ann, bob]), totals=[55, 20], winners=[0])
    rate(online_game("rumbaroo", [ann, bob], {"players": 2, "pace": "1d"}), [55, 20], [0])
    page = Client().get("/@/Ann Lee/").content.decode()
    assert 'data-testid="rating-rumbaroo"' in page
    assert 'data-testid="rating-rumbaroo-correspondence"' in page
    assert 'data-testid="rating-svg-rumbaroo-correspondence"' in page
    Rating.objects.update(games=board.PROVISIONAL_GAMES)  # established at both paces
    live = Client().get("/leaderboards/ratings/?game=rumbaroo").content.decode()
    slow = Client().get("/leaderboards/ratings/?game=rumbaroo&pace=correspondence").content.decode()
    assert 'aria-current="page" data-testid="pace-live"' in live
    assert 'aria-current="page" data-testid="pace-correspondence"' in slow
    assert live.count('data-testid="rating-row"') == 2
    assert slow.count('data-testid="rating-row"') == 2
    Rating.objects.filter(pace="correspondence", user=bob).update(games=1)  # provisional again
    slow = Client().get("/leaderboards/ratings/?game=rumbaroo&pace=correspondence").content.decode()
    assert slow.count('data-testid="rating-row"') == 1
    assert (
        Client()
        .get("/leaderboards/ratings/?game=rumbaroo")
        .content.decode()
        .count('data-testid="rating-row"')
        == 2
    )
