"""players.lookup: the questions matchmaking and rooms ask (blocks, ratings)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from players.display import PROVISIONAL_GAMES
from players.lookup import blocked_ids, is_blocked, rating_of, ratings_of
from players.models import Block, Rating

pytestmark = pytest.mark.django_db


def _users(n: int) -> list:
    model = get_user_model()
    return [model.objects.create_user(username=f"p{i}", password="pw") for i in range(n)]


def test_a_block_either_way_blocks_both_ways() -> None:
    a, b, c = _users(3)
    Block.objects.create(blocker=a, blocked=b)
    assert is_blocked(a.id, b.id) and is_blocked(b.id, a.id)
    assert not is_blocked(a.id, c.id) and not is_blocked(c.id, b.id)
    assert blocked_ids(b.id) == {a.id} and blocked_ids(c.id) == set()


def test_rating_of_is_the_scaled_ordinal_and_provisional_until_n_games() -> None:
    a, b = _users(2)
    assert rating_of(a.id, "rumbaroo") is None
    Rating.objects.create(user=a, kind="rumbaroo", mu=30.0, sigma=5.0, games=3)
    # 1000 + 40 * (30 - 3 * 5) = 1600
    assert rating_of(a.id, "rumbaroo") == (1600.0, True)
    Rating.objects.filter(user=a).update(games=PROVISIONAL_GAMES)
    assert rating_of(a.id, "rumbaroo") == (1600.0, False)
    assert rating_of(a.id, "tile_rummy") is None


def test_ratings_of_reads_many_in_one_query() -> None:
    a, b, c = _users(3)
    Rating.objects.create(user=a, kind="rumbaroo", mu=25.0, sigma=25 / 3, games=0)
    Rating.objects.create(user=b, kind="rumbaroo", mu=20.0, sigma=2.0, games=12)
    Rating.objects.create(user=c, kind="rumasta", mu=40.0, sigma=2.0, games=12)
    with CaptureQueriesContext(connection) as queries:
        found = ratings_of([a.id, b.id, c.id], "rumbaroo")
    assert len(queries) == 1
    assert found == {a.id: pytest.approx(1000.0), b.id: pytest.approx(1560.0)}
