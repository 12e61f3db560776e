"""Racing quick-match requests on PostgreSQL: nobody is ever seated at two tables.

SQLite runs one writer at a time, so there is no race to test there; these run
in CI (PostgreSQL) and with DATABASE_URL pointing at PostgreSQL.
"""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import connection
from django.test import Client

from games.models import Seat
from matchmaking.models import EntryStatus, QueueEntry
from tests.helpers import all_at_once

from .conftest import HTMX, device_of, press, visitor

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only: row locks"),
]


def _check_nobody_double_seated(keys: set[str]) -> int:
    """Each player sits at most once across every table, where their queue row says."""
    seats = list(Seat.objects.filter(device_key__in=keys).values_list("device_key", "game_id"))
    per_player = Counter(key for key, _ in seats)
    assert max(per_player.values(), default=0) <= 1, per_player.most_common(3)
    for row in QueueEntry.objects.filter(status=EntryStatus.MATCHED):
        assert (row.device_key, row.game_id) in set(seats)
    per_game = Counter(game for _, game in seats)
    assert set(per_game.values()) <= {2}
    return len(per_game)


def test_fifty_racing_presses_never_seat_anyone_twice() -> None:
    clients: list[Client] = [visitor() for _ in range(40)]
    keys = {device_of(c) for c in clients}
    # 40 players press at once, and 10 of them press a second time in the same instant.
    pressers = [*clients, *clients[:10]]
    answers = all_at_once(
        [lambda c=c, i=i: press(c, f"Racer {i:02d}x") for i, c in enumerate(pressers)]
    )
    assert not [a for a in answers if isinstance(a, Exception)], answers
    assert all(a.status_code == 302 for a in answers), [a.status_code for a in answers]
    _check_nobody_double_seated(keys)
    # Then the waiting pages poll, all at once, as they do every second: two polls at the
    # same instant may each skip the other's locked row (SKIP LOCKED) and meet on the next
    # round, so the rounds go on (at most five) until nobody waits; never anyone twice.
    for _round in range(5):
        waiting = set(
            QueueEntry.objects.filter(status=EntryStatus.WAITING).values_list(
                "device_key", flat=True
            )
        )
        if not waiting:
            break
        pollers = [c for c in clients if device_of(c) in waiting]
        polls = all_at_once([lambda c=c: c.get("/match/wait/poll/", **HTMX) for c in pollers])
        assert not [a for a in polls if isinstance(a, Exception)], polls
        _check_nobody_double_seated(keys)
    tables = _check_nobody_double_seated(keys)
    assert tables == 20  # 40 players, two a table: all of them seated
    assert not QueueEntry.objects.filter(status=EntryStatus.WAITING).exists()


def test_racing_presses_of_one_player_share_one_queue_row() -> None:
    kim = visitor()
    answers = all_at_once([lambda: press(kim, "Kim Tiles") for _ in range(10)])
    assert all(a.status_code == 302 for a in answers)
    assert QueueEntry.objects.count() == 1
    assert not Seat.objects.filter(device_key=device_of(kim)).exists()
