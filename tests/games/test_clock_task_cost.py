"""What a turn's clock task costs: one read, then on to the deadline it finds (issue 37 item 3).

A table has one countdown on its way (games/services/deadlines.py): a move whose deadline
comes no sooner than the countdown already queued queues none, and that countdown, once
due, counts down again to the turn then on, from the same read."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import services, task_queue
from games.models import Game
from games.services import clock
from games.tasks import expire_clock
from tests.games.test_online_tables import fresh, person_to_act

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, float]]:
    """A worker's view: tasks go to a queue (here a list), not run in-process."""
    calls: list[tuple[str, int, float]] = []
    monkeypatch.setattr(task_queue, "in_process", lambda: False)
    monkeypatch.setattr(clock, "queue_clock", lambda *args: calls.append(args))
    return calls


def turn_played() -> tuple[Game, Game]:
    """A turn played after its countdown was queued: the game then, and now."""
    game, seat = person_to_act()
    services.play(game.id, seat, {"type": "draw"}, game.version)
    now = fresh(game)
    assert now.version > game.version and now.deadline is not None
    return game, now


def test_a_clock_task_for_a_turn_already_played_counts_down_to_the_turn_on_now(
    queued: list,
) -> None:
    game, now = turn_played()
    with CaptureQueriesContext(connection) as seen:
        assert expire_clock(str(game.id), game.version) == 0
    assert len(seen.captured_queries) == 1, [q["sql"] for q in seen.captured_queries]
    [(game_id, version, wait)] = queued
    left = (now.deadline - timezone.now()).total_seconds()
    assert (game_id, version) == (str(game.id), now.version) and left - 5 < wait <= left + 1


def test_a_clock_task_for_a_turn_already_played_plays_the_timeout_now_due(
    queued: list,
) -> None:
    game, now = turn_played()
    Game.objects.filter(id=game.id).update(deadline=timezone.now() - timedelta(seconds=1))
    assert expire_clock(str(game.id), game.version) >= 1  # the turn on now ran out
    assert fresh(game).version > now.version


def test_a_lengthened_turn_is_counted_down_again_from_the_same_read(queued: list) -> None:
    game, _seat = person_to_act()
    later = timezone.now() + timedelta(seconds=45)
    Game.objects.filter(id=game.id).update(deadline=later)
    with CaptureQueriesContext(connection) as seen:
        assert expire_clock(str(game.id), game.version) == 0
    assert len(seen.captured_queries) == 1
    [(game_id, version, wait)] = queued
    assert (game_id, version) == (str(game.id), game.version) and 40 < wait <= 45


def test_a_paused_table_is_not_counted_down(queued: list) -> None:
    game, _seat = person_to_act()
    Game.objects.filter(id=game.id).update(
        deadline=timezone.now() + timedelta(seconds=45),
        paused_until=timezone.now() + timedelta(minutes=5),
    )
    assert expire_clock(str(game.id), game.version) == 0
    assert queued == []
