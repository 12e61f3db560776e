"""A computer turn travels through the real broker (Redis in CI) to a real worker."""

from __future__ import annotations

import os
import time

import pytest
from celery.contrib.testing.worker import start_worker

from games import services
from games.models import Game
from rummy_site.celery import app
from tests.engine.helpers import build
from tests.games.conftest import put_state

pytestmark = [
    pytest.mark.real_worker,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("CELERY_BROKER_URL"), reason="needs a broker (CI sets Redis)"
    ),
]


def test_a_worker_plays_the_computer_turn_queued_on_commit() -> None:
    seats = [
        services.SeatSpec("You", device_key="d"),
        services.SeatSpec("Bot", computer_level="easy"),
    ]
    game = services.create_game("tile_rummy", {"players": 2}, seats, seed=2)
    put_state(game, build(racks=["R1 R2", "B1 B2"], pool_top="Y5 Y6 Y7"))
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        services.play(game.id, 0, {"type": "draw"}, game.version)
        deadline = time.monotonic() + 20
        while Game.objects.get(id=game.id).version < game.version + 2:
            assert time.monotonic() < deadline, "the worker never played the computer's turn"
            time.sleep(0.1)
    game.refresh_from_db()
    assert game.moves.last().seat == 1 and not game.awaiting_computer
