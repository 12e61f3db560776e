"""Games ending at the same moment with players in common: the rating row locks keep the
history in one order per player, with no deadlock and nothing lost (PostgreSQL only)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from players import recompute
from players.models import Rating, RatingChange
from players.record import record_rated_game
from tests.players.conftest import accounts, ended, online_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only: row locks"),
]


def test_twelve_games_ending_at_once_over_four_shared_players_all_rate_in_order() -> None:
    people = accounts("a", "b", "c", "d")
    # Each game seats the players in a different order, so unordered locking would deadlock.
    layouts = [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]] * 3
    games = [
        ended(online_game("rumbaroo", [people[i] for i in seats]), [55, 30, 20, 0], [0])
        for seats in layouts
    ]
    barrier = threading.Barrier(len(games))
    errors: list[BaseException] = []

    def finish(game) -> None:  # noqa: ANN001 - a Game
        barrier.wait()
        try:
            with transaction.atomic():
                record_rated_game(game, [0])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=finish, args=(g,)) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert RatingChange.objects.count() == 48
    for person in people:
        seqs = sorted(RatingChange.objects.filter(user=person).values_list("seq", flat=True))
        assert seqs == list(range(1, 13))
        assert Rating.objects.get(user=person).games == 12
    result = recompute.replay()
    assert not result.mismatches and not recompute.compare(result)
