"""The online clock runs out with no browser open: a real worker applies it (CI's Redis)."""

from __future__ import annotations

import os
import time
from datetime import timedelta

import pytest
from celery.contrib.testing.worker import start_worker
from django.utils import timezone

from games import services
from games.models import Game, Move
from rummy_site.celery import app
from tests.games.test_online_tables import person_to_act

pytestmark = [
    pytest.mark.real_worker,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("CELERY_BROKER_URL"), reason="needs a broker (CI sets Redis)"
    ),
]


def test_a_worker_plays_the_timeout_when_the_clock_runs_out() -> None:
    game, seat = person_to_act()
    soon = timezone.now() + timedelta(seconds=1)
    Game.objects.filter(id=game.id).update(deadline=soon)
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        services.queue_clock(str(game.id), game.version, 1.0)
        waited = time.monotonic() + 20
        while not Move.objects.filter(game=game, seq=game.version + 1).exists():
            assert time.monotonic() < waited, "the worker never applied the clock"
            time.sleep(0.1)
    move = Move.objects.get(game=game, seq=game.version + 1)
    assert move.seat == seat and move.action == {"type": "timeout"}
    assert Move.objects.filter(game=game, seq=game.version + 2).count() <= 1  # nothing doubled
