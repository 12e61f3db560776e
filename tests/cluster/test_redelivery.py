"""A dead worker's task is handed out again within 30 s, and a live worker's countdown
runs once, on time (issue 37, item 5 d; settings' CELERY_BROKER_TRANSPORT_OPTIONS).

Real ``celery worker`` processes (prefork, as scripts/cluster runs them) on Redis
database 11 of the run's Redis, these tests' own (emptied before and after; see
tests/cluster/test_beat_failover.py for the others'). The task is
Celery's built-in ``celery.accumulate``: it returns its arguments and touches nothing, so
the workers need no database. The test sends it through an app of its own on that
database; the hop (``rummy_site.celery.hop_long_countdowns``) is a publish signal of the
process, so it applies to that app's messages too.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from celery import Celery

from tests.cluster.nodes import empty_redis_db, stop_group

ROOT = Path(__file__).resolve().parents[2]
WORKER_DB = 11
BACK_WITHIN = 30.0  # issue 37: a dead worker's tasks are back in the queue within this


@pytest.fixture
def broker() -> Iterator[str]:
    yield from empty_redis_db(WORKER_DB, "real workers")


@pytest.fixture
def start_worker(broker: str, tmp_path: Path) -> Iterator[Callable[[str], Worker]]:
    """Starts a worker by name and waits until it is ready; every one started is stopped at
    the end, whatever failed."""
    started: list[Worker] = []

    def start(name: str) -> Worker:
        worker = Worker(name, broker, tmp_path)
        started.append(worker)
        worker.start()
        return worker

    yield start
    for worker in started:
        worker.stop()


@dataclass
class Worker:
    """One ``celery -A rummy_site worker`` (one pool process), in a process group of its own."""

    name: str
    broker: str
    folder: Path
    proc: subprocess.Popen[bytes] | None = None

    @property
    def log(self) -> str:
        return (self.folder / f"{self.name}.log").read_text(errors="replace")

    def start(self) -> None:
        env = dict(os.environ)
        for name in ("RUMMY_TESTING", "DATABASE_URL", "CACHE_URL"):
            env.pop(name, None)
        env.update(CELERY_BROKER_URL=self.broker, LOG_LEVEL="INFO")
        argv = [str(Path(sys.executable).parent / "celery"), "-A", "rummy_site", "worker",
                "-n", f"{self.name}@%h", "--concurrency=1", "-Q", "celery", "--loglevel=INFO",
                "--without-gossip", "--without-mingle"]  # fmt: skip
        out = (self.folder / f"{self.name}.log").open("wb")
        self.proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out,
                                     stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip
        wait_until(lambda: re.search(rf"{self.name}@\S+ ready\.", self.log) is not None, 60,
                   f"{self.name} never got ready", self)  # fmt: skip

    def kill(self) -> None:
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)  # master and pool: the machine dies
        self.proc.wait()

    def stop(self) -> None:
        stop_group(self.proc)

    def ran(self, task_id: str) -> list[str]:
        """The results this worker logged for ``task_id`` (``None`` for a hop)."""
        return re.findall(rf"\[{task_id}\] succeeded in [\d.e-]+s: (.*)", self.log)


def wait_until(check: Callable[[], bool], seconds: float, what: str, *workers: Worker) -> float:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return time.time()
        time.sleep(0.1)
    logs = "\n".join(f"--- {w.name}\n{w.log[-3000:]}" for w in workers)
    raise AssertionError(f"{what} (within {seconds:.0f} s)\n{logs}")


def unacked(broker: str) -> str:
    """What Redis holds for a message out: the unacknowledged ones' ages, the queue, the
    lookers' mutex."""
    import redis

    client = redis.Redis.from_url(broker)
    out = client.zrange("unacked_index", 0, -1, withscores=True)
    ages = [round(time.time() - at, 1) for _, at in out]
    mutex = client.exists("unacked_mutex")
    state = f"unacked (ages, s): {ages}, queued: {client.llen('celery')}, mutex held: {mutex}"
    client.close()
    return state


def send(broker: str, countdown: float) -> str:
    """``celery.accumulate(1, 2)`` due ``countdown`` s from now; its task id. Through an
    explicit connection: Celery's configured broker gives way to CELERY_BROKER_URL."""
    sender = Celery("sender", set_as_current=False)
    try:
        with sender.connection_for_write(broker) as connection:
            sent = sender.send_task("celery.accumulate", args=(1, 2), countdown=countdown,
                                    connection=connection)  # fmt: skip
        return sent.id
    finally:
        sender.close()


def test_a_dead_workers_task_is_handed_out_again_within_30_s(
    broker: str, start_worker: Callable[[str], Worker]
) -> None:
    first = start_worker("first")
    task_id = send(broker, countdown=8)  # held, unacknowledged, until it is due
    wait_until(lambda: f"[{task_id}] received" in first.log, 20, "never received", first)
    first.kill()
    killed = time.time()
    second = start_worker("second")
    try:
        ran = wait_until(lambda: bool(second.ran(task_id)), BACK_WITHIN + 10,
                         "the dead worker's task never came back", second)  # fmt: skip
    except AssertionError as failed:
        raise AssertionError(f"{unacked(broker)}\n{failed}") from None
    time.sleep(2)  # a second run would show by now
    print(f"the dead worker's task ran {ran - killed:.1f} s after the kill")
    assert ran - killed <= BACK_WITHIN
    assert first.ran(task_id) == [] and second.ran(task_id) == ["(1, 2)"]


def test_a_live_workers_long_countdown_runs_once_and_on_time(
    broker: str, start_worker: Callable[[str], Worker]
) -> None:
    """25 s is longer than the visibility timeout (20 s): held in one piece, Redis would
    hand the message to the other worker too, and both would run it when due."""
    workers = [start_worker("first"), start_worker("second")]
    due = time.time() + 25
    task_id = send(broker, countdown=25)

    def results() -> list[str]:
        return [result for w in workers for result in w.ran(task_id) if result != "None"]

    ran = wait_until(lambda: bool(results()), 40, "the countdown never ran", *workers)
    time.sleep(5)  # a copy handed out twice would run at the same time
    assert results() == ["(1, 2)"]
    assert due - 0.5 <= ran <= due + 3, ran - due
    hops = [result for w in workers for result in w.ran(task_id) if result == "None"]
    assert len(hops) == 2  # sent due 10 s on, then 20 s, then at its time
