"""Faults on the real stack (issue 13): a broker that is down, a database connection lost,
a worker killed while a computer turn is in flight.

They need what CI runs (Redis as the broker, PostgreSQL) and skip cleanly without it,
like test_celery_worker. "The broker is down" is the app pointed at a port nothing
listens on, so the Redis other tests and the cache share stays up. The killed worker
is a real ``celery worker`` process on the test database, with a Redis database of its
own as the broker, so no other worker can take its task.
"""

from __future__ import annotations

import logging
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.db import connection
from django.db.models.signals import post_save
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Game, Move
from games.services import moves
from games.tasks import run_computer_turns, sweep_computer_turns
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
def broker_at(url: str) -> Iterator[None]:
    """Every publish from this process goes to ``url`` until the block ends."""
    keys = ("broker_url", "broker_read_url", "broker_write_url")
    saved = {key: app.conf[key] for key in keys}
    _reset_pools()
    app.conf.update(dict.fromkeys(keys, url))
    try:
        yield
    finally:
        _reset_pools()
        app.conf.update(saved)


def broker_down() -> AbstractContextManager[None]:
    """Every publish goes to a closed port until the block ends."""
    return broker_at("redis://127.0.0.1:1/0")


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
    monkeypatch.setattr(moves.secrets, "randbits", lambda _bits: COMPUTER_STARTS)
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


# --- a worker killed while a computer turn is in flight ------------------------------------

# A worker whose computer "thinks" for a minute while FLAG exists, after touching
# THINKING: the test's way to catch a computer turn in flight. Otherwise the real worker.
SLOW_WORKER = """
import sys, time
from pathlib import Path
import django
django.setup()
from games.services import computers
flag, thinking, choose_for = Path(sys.argv[1]), Path(sys.argv[2]), computers.choose_for
def slow(kind):
    def choose(view, level):
        if flag.exists():
            thinking.touch()
            time.sleep(60)
        return choose_for(kind)(view, level)
    return choose
computers.choose_for = slow
from rummy_site.celery import app
app.worker_main(["worker", "--pool=solo", "--without-gossip", "--without-mingle",
                 "--without-heartbeat", "--loglevel=INFO"])
"""
PRIVATE_BROKER_DB = 14  # the killed worker's own queue: no other worker can take its task


def _private_broker() -> str:
    parts = urlsplit(os.environ["CELERY_BROKER_URL"])
    return urlunsplit(parts._replace(path=f"/{PRIVATE_BROKER_DB}"))


def _worker_env(broker: str) -> dict[str, str]:
    """This test's database and the private broker, for a worker in another process."""
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return {
        **os.environ,
        "DATABASE_URL": f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
        f"/{db['NAME']}",
        "CELERY_BROKER_URL": broker,
        "SECRET_KEY": settings.SECRET_KEY,
        "DJANGO_SETTINGS_MODULE": "rummy_site.settings",
        "PYTHONPATH": str(settings.BASE_DIR),
    }


def _spawn(argv: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        return subprocess.Popen(
            argv,
            cwd=settings.BASE_DIR,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own group: beat's process goes with it
        )


def _stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, sig)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def _wait_until(done: Callable[[], bool], what: str, log: Path, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} within {seconds:.0f} s; worker log:\n{log.read_text()[-3000:]}")
        time.sleep(0.1)


@needs_broker
@needs_postgres
@pytest.mark.real_worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_computer_turn_is_replaced_and_the_game_goes_on_once(
    tmp_path: Path,
) -> None:
    if not os.environ["CELERY_BROKER_URL"].startswith("redis://"):
        pytest.skip("the worker's private queue is a Redis database")
    import redis

    broker, log = _private_broker(), tmp_path / "worker.log"
    redis.Redis.from_url(broker).flushdb()
    flag, thinking = tmp_path / "slow", tmp_path / "thinking"
    flag.touch()
    seats = [
        services.SeatSpec("You", device_key="d"),
        services.SeatSpec("Bot", computer_level="easy"),
    ]
    game = services.create_game("tile_rummy", {"players": 2}, seats, seed=2)
    put_state(game, build(racks=["R1 R2", "B1 B2"], pool_top="Y5 Y6 Y7"))
    env = _worker_env(broker)
    first = _spawn([sys.executable, "-c", SLOW_WORKER, str(flag), str(thinking)], env, log)
    second = None
    try:
        with broker_at(broker):
            services.play(game.id, 0, {"type": "draw"}, 0)  # queues the computer on commit
        _wait_until(thinking.exists, "the worker never started the computer's turn", log)
        _stop(first, signal.SIGKILL)  # mid-turn: no move written, the message never acked
        game.refresh_from_db()
        assert (game.version, game.awaiting_computer, game.moves.count()) == (1, True, 1)

        flag.unlink()  # the replacement is the plain production worker, with beat (the sweep)
        worker = [str(Path(sys.executable).parent / "celery"), "-A", "rummy_site", "worker"]
        # Beat's in-memory scheduler: its default shelve file (dbm.sqlite3 on Python 3.13) once
        # failed to open on a loaded machine ("locking protocol"), and the sweep needs no file.
        worker += ["-B", "--scheduler", "celery.beat:Scheduler", "--pool=solo", "--without-gossip"]
        worker += ["--without-mingle", "--loglevel=INFO"]
        second = _spawn(worker, env, log)
        _wait_until(
            lambda: Game.objects.get(id=game.id).version >= 2,
            "the restarted worker's sweep never played the computer's turn",
            log,
            seconds=25,
        )
        # The killed task, handed out again (Redis does once its visibility timeout
        # passes): a duplicate of a turn already played must change nothing.
        with broker_at(broker):
            duplicate = run_computer_turns.delay(str(game.id), 1)
        _wait_until(
            lambda: f"{duplicate.id}] succeeded" in log.read_text(),
            "the duplicate task never ran",
            log,
        )
    finally:
        for proc in (first, second):
            if proc is not None:
                _stop(proc)
        redis.Redis.from_url(broker).flushdb()
    game.refresh_from_db()
    assert list(game.moves.order_by("seq").values_list("seq", "seat")) == [(1, 0), (2, 1)]
    assert game.version == 2 and not game.awaiting_computer
    ran = log.read_text()
    assert re.search(r"sweep_computer_turns\[[^]]+\] succeeded in [\d.]+s: 1", ran), ran[-3000:]
    assert re.search(rf"{duplicate.id}\] succeeded in [\d.]+s: False", ran)  # did nothing
