"""Faults on the real stack (issue 13): a broker that is down, a database connection lost.

They need what CI runs (Redis as the broker, PostgreSQL) and skip cleanly without it,
like test_celery_worker. "The broker is down" is the app pointed at a port nothing
listens on, so the Redis other tests and the cache share stays up.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import connection
from django.db.models.signals import post_save
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Game, Move
from games.tasks import sweep_computer_turns
from rummy_site.celery import app
from tests.engine.helpers import build
from tests.games.conftest import put_state

HX = {"HTTP_HX_REQUEST": "true"}
COMPUTER_STARTS = 1  # a 2-player Tile Rummy seed where the computer moves first
needs_broker = pytest.mark.skipif(
    not os.environ.get("CELERY_BROKER_URL"), reason="needs a broker (CI sets Redis)"
)
needs_postgres = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="needs PostgreSQL (CI sets DATABASE_URL)",
)


@contextmanager
def broker_down() -> Iterator[None]:
    """Every publish goes to a closed port until the block ends."""
    keys = ("broker_url", "broker_read_url", "broker_write_url")
    saved = {key: app.conf[key] for key in keys}
    _reset_pools()
    app.conf.update(dict.fromkeys(keys, "redis://127.0.0.1:1/0"))
    try:
        yield
    finally:
        _reset_pools()
        app.conf.update(saved)


def _reset_pools() -> None:
    """Forget the app's connection pools so the next publish connects to the current URL."""
    app._pool = None
    app.amqp._producer_pool = None


def _guest(client: Client) -> str:
    client.get("/")
    return client.cookies["rummy_device"].value.split(":")[0]


def _wait_for_version(game: Game, version: int, seconds: float = 20) -> Game:
    deadline = time.monotonic() + seconds
    while Game.objects.get(id=game.id).version < version:
        assert time.monotonic() < deadline, "the computer's turn never came"
        time.sleep(0.1)
    return Game.objects.get(id=game.id)


def _sweep_after_the_outage(game: Game, version: int) -> Game:
    """The broker is back: the stalled game is swept up and a worker plays the computer."""
    Game.objects.filter(id=game.id).update(updated=timezone.now() - timedelta(minutes=1))
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        assert sweep_computer_turns() == 1
        return _wait_for_version(game, version)


@needs_broker
@pytest.mark.real_worker
@pytest.mark.django_db(transaction=True)
def test_a_move_during_a_broker_outage_answers_200_and_the_sweep_catches_up(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    seats = [
        services.SeatSpec("You", device_key=_guest(client)),
        services.SeatSpec("Bot", computer_level="easy"),
    ]
    game = services.create_game("tile_rummy", {"players": 2}, seats, seed=2)
    put_state(game, build(racks=["R1 R2", "B1 B2"], pool_top="Y5 Y6 Y7"))
    with broker_down(), caplog.at_level(logging.WARNING, logger="games.services"):
        response = client.post(f"/tile-rummy/g/{game.id}/draw/", {"version": 0}, **HX)
    assert response.status_code == 200
    assert "could not queue the computer turn" in caplog.text
    game.refresh_from_db()
    assert game.version == 1 and game.awaiting_computer  # the move is saved, the turn waits
    game = _sweep_after_the_outage(game, 2)
    assert list(game.moves.values_list("seq", "seat")) == [(1, 0), (2, 1)]
    assert not game.awaiting_computer


@needs_broker
@pytest.mark.real_worker
@pytest.mark.django_db(transaction=True)
def test_starting_a_game_during_a_broker_outage_works_and_the_computer_moves_later(
    client: Client, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(services.secrets, "randbits", lambda _bits: COMPUTER_STARTS)
    with broker_down(), caplog.at_level(logging.WARNING, logger="games.services"):
        response = client.post(
            "/tile-rummy/new/", {"level": "easy", "opponents": 1, "meld_rule": "standard"}
        )
    assert response.status_code == 302
    assert "could not queue the computer turn" in caplog.text
    game = Game.objects.get()
    assert game.version == 0 and game.awaiting_computer
    game = _sweep_after_the_outage(game, 1)
    assert game.moves.get().seat == 1


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_a_connection_lost_mid_move_fails_cleanly_and_writes_nothing(client: Client) -> None:
    seats = [
        services.SeatSpec("You", device_key=_guest(client)),
        services.SeatSpec("Ada", device_key="other"),
    ]
    game = services.create_game("tile_rummy", {"players": 2}, seats, seed=2)
    put_state(game, build(racks=["R1 R2", "B1 B2"], pool_top="Y5 Y6 Y7"))
    before = Game.objects.get(id=game.id).state

    def drop_the_connection(**_: object) -> None:
        # The server ends this session between the move's writes, as a restart would.
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(pg_backend_pid())")

    post_save.connect(drop_the_connection, sender=Move, dispatch_uid="test.drop")
    try:
        client.raise_request_exception = False
        response = client.post(f"/tile-rummy/g/{game.id}/draw/", {"version": 0}, **HX)
    finally:
        post_save.disconnect(dispatch_uid="test.drop", sender=Move)
        connection.close()
    assert response.status_code == 503 and response.headers["Retry-After"]
    game.refresh_from_db()
    assert (game.version, game.state, game.moves.count()) == (0, before, 0)
    assert not game.seats.filter(saved__isnull=False).exists()
    again = client.post(f"/tile-rummy/g/{game.id}/draw/", {"version": 0}, **HX)
    assert again.status_code == 200 and Game.objects.get(id=game.id).version == 1
