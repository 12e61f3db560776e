"""Two real ``celery beat`` processes with redbeat's scheduler on one Redis: one sends, the
other stands by and takes over within 30 s when the first dies, and no entry is ever
sent by both (issue 37, item 5 c).

What a beat sent is read from the broker itself, not from its log: every message names
the process that published it (``origin``: ``gen<pid>@host``), and a sweep's message
expires SWEEP_SECONDS after it was sent, which dates it. The schedule is the site's own
(three entries every 5 s), so the lock timeout and the tick under test are the deployed
ones. Nothing consumes the queue: the messages stay in it to be counted. Redis database
10 of the run's Redis is these tests' own (emptied before and after: 8, 9 and 14 are
other tests', 12 and 13 were taken by a cluster while this was written); the beats get
no database (they never query one).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest
from django.conf import settings

from tests.cluster.nodes import empty_redis_db, stop_group

ROOT = Path(__file__).resolve().parents[2]
BEAT_DB = 10
TAKEOVER = 30.0  # issue 37: the standby sends within this many seconds of the death
# What each entry's message says of its sending: expires = sent + this (the sweeps').
EXPIRES = {
    entry["task"]: float(entry["options"]["expires"])
    for entry in settings.CELERY_BEAT_SCHEDULE.values()
    if "expires" in entry.get("options", {})
}
EVERY = {
    entry["task"]: float(entry["schedule"])
    for entry in settings.CELERY_BEAT_SCHEDULE.values()
    if isinstance(entry["schedule"], float | int)
}
# The entries due every tick (the sweeps, the tournaments' run): a round is one of each.
EACH_TICK = {task for task, every in EVERY.items() if every == settings.SWEEP_SECONDS}


@pytest.fixture
def broker() -> Iterator[str]:
    """Redis database 10, empty, and emptied again after (only that database)."""
    yield from empty_redis_db(BEAT_DB, "two beats")


@pytest.fixture
def start_beat(broker: str, tmp_path: Path) -> Iterator[Callable[[str], Beat]]:
    """Starts a beat by name; every one started is stopped at the end, whatever failed."""
    started: list[Beat] = []

    def start(name: str) -> Beat:
        beat = Beat(name, broker, tmp_path)
        started.append(beat)
        beat.start()
        return beat

    yield start
    for beat in started:
        beat.stop()


@dataclass
class Sent:
    """One message a beat published: its task, the beat's PID, and when (epoch s; None for
    a crontab entry's, which has no expiry to tell)."""

    task: str
    pid: int
    at: float | None


@dataclass
class Beat:
    """One ``celery -A rummy_site beat`` process, in a process group of its own."""

    name: str
    broker: str
    folder: Path
    proc: subprocess.Popen[bytes] | None = None

    @property
    def log(self) -> Path:
        return self.folder / f"{self.name}.log"

    def start(self) -> None:
        env = dict(os.environ)
        for name in ("RUMMY_TESTING", "DATABASE_URL", "CACHE_URL"):
            env.pop(name, None)  # the beats are not the test process and need no database
        env.update(CELERY_BROKER_URL=self.broker, LOG_LEVEL="INFO")
        pidfile = str(self.folder / f"{self.name}.pid")
        argv = [str(Path(sys.executable).parent / "celery"), "-A", "rummy_site", "beat",
                "--loglevel", "INFO", "--pidfile", pidfile]  # fmt: skip
        out = self.log.open("wb")
        self.proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out,
                                     stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def says(self, text: str) -> bool:
        return text in self.log.read_text(errors="replace")

    def signal(self, sig: int) -> None:
        assert self.proc is not None
        os.killpg(self.proc.pid, sig)

    def stop(self) -> None:
        stop_group(self.proc)


def wait_until(check: Callable[[], bool], seconds: float, what: str, *beats: Beat) -> float:
    """Poll ``check`` every 0.1 s; the time it came true (epoch s), or fail with the logs."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return time.time()
        time.sleep(0.1)
    logs = "\n".join(f"--- {b.name}\n{b.log.read_text(errors='replace')[-3000:]}" for b in beats)
    raise AssertionError(f"{what} (within {seconds:.0f} s)\n{logs}")


def sent(broker: str) -> list[Sent]:
    """Every message in the default queue, oldest first."""
    import redis

    client = redis.Redis.from_url(broker)
    raw = client.lrange("celery", 0, -1)  # LPUSH: newest first
    client.close()
    out = []
    for body in reversed(raw):
        headers = json.loads(body)["headers"]
        task, at = headers["task"], None
        if task in EXPIRES:
            at = datetime.fromisoformat(headers["expires"]).timestamp() - EXPIRES[task]
        pid = int(headers["origin"].removeprefix("gen").split("@")[0])
        out.append(Sent(task, pid, at))
    return out


def dated(messages: list[Sent]) -> list[float]:
    return [s.at for s in messages if s.at is not None]


def by(broker: str, beat: Beat) -> list[Sent]:
    return [s for s in sent(broker) if s.pid == beat.pid]


def each_entry_once(messages: list[Sent]) -> dict[str, int]:
    """Per entry, how often it was sent; every send a whole interval after the one before
    (an entry sent by two beats, or twice by one, would be two sends a moment apart). A
    crontab entry (every 10 minutes at least) comes due at most once in a test."""
    times: dict[str, list[float]] = defaultdict(list)
    for message in messages:
        times[message.task].append(-1.0 if message.at is None else message.at)
    for task, moments in times.items():
        moments.sort()
        if task not in EVERY:
            assert len(moments) == 1, f"{task} sent {len(moments)} times"
            continue
        gaps = [later - earlier for earlier, later in zip(moments, moments[1:], strict=False)]
        assert all(gap > EVERY[task] - 1.0 for gap in gaps), (task, gaps)
    return {task: len(moments) for task, moments in times.items()}


def active_and_standby(start_beat: Callable[[str], Beat]) -> tuple[Beat, Beat]:
    """beat1 holding the lock and sending, beat2 started after it and waiting."""
    first = start_beat("beat1")
    wait_until(lambda: first.says("beat: Acquired lock"), 60, "beat1 never took the lock", first)
    second = start_beat("beat2")
    wait_until(lambda: second.says("beat: Starting..."), 60, "beat2 never started", second)
    return first, second


def after_a_round(broker: str, beat: Beat, rounds: int) -> None:
    """Once ``beat`` has sent ``rounds`` whole rounds (every entry), and a moment more, so
    that a signal finds it asleep between ticks, not halfway through one."""
    whole = rounds * len(EACH_TICK)
    ticks = lambda: len([s for s in by(broker, beat) if s.task in EACH_TICK])  # noqa: E731
    wait_until(lambda: ticks() >= whole, 60, f"{beat.name} sent too little", beat)
    time.sleep(1.0)


def test_the_standby_sends_within_30_s_of_the_active_beat_dying_and_never_beside_it(
    broker: str, start_beat: Callable[[str], Beat]
) -> None:
    first, second = active_and_standby(start_beat)
    after_a_round(broker, first, 2)
    assert by(broker, second) == [], "the standby sent while the active beat lived"
    first.signal(signal.SIGKILL)  # the machine dies: no lock released
    killed = time.time()
    took_over = wait_until(lambda: bool(by(broker, second)), TAKEOVER + 10,
                           "the standby never sent", first, second)  # fmt: skip
    after_a_round(broker, second, 2)
    second.stop()
    messages = sent(broker)
    assert {s.pid for s in messages} == {first.pid, second.pid}, "a third sender?"
    first_sends = [s for s in messages if s.pid == first.pid]
    second_sends = [s for s in messages if s.pid == second.pid]
    assert max(dated(first_sends)) < killed < min(dated(second_sends))
    assert min(dated(second_sends)) - killed <= TAKEOVER
    assert took_over - killed <= TAKEOVER + 1  # seen in the queue (polled every 0.1 s)
    print(f"standby's first send {min(dated(second_sends)) - killed:.1f} s after the kill")
    counts = each_entry_once(messages)
    assert all(counts[task] >= 4 for task in EACH_TICK), counts
    assert second.says("beat: Acquired lock")


def test_a_beat_frozen_past_its_lock_stops_instead_of_sending_beside_the_new_one(
    broker: str, start_beat: Callable[[str], Beat]
) -> None:
    """SIGSTOP (a stalled VM, a debugger) for longer than the lock: the standby takes over;
    woken, the old one finds its lock taken at its next tick and exits without sending."""
    first, second = active_and_standby(start_beat)
    after_a_round(broker, first, 1)
    first.signal(signal.SIGSTOP)
    frozen = time.time()
    wait_until(lambda: bool(by(broker, second)), TAKEOVER + 10, "the standby never sent",
               first, second)  # fmt: skip
    first.signal(signal.SIGCONT)
    assert first.proc is not None
    wait_until(lambda: first.proc.poll() is not None, 20, "the old beat went on", first)
    after_a_round(broker, second, 2)
    second.stop()
    assert first.proc.returncode != 0 and first.says("LockNotOwnedError")
    assert {s.pid for s in sent(broker)} == {first.pid, second.pid}, "a third sender?"
    first_sends = by(broker, first)
    assert max(dated(first_sends)) < frozen, "the old beat sent after it was frozen"
    took_over = min(dated(by(broker, second))) - frozen
    assert took_over <= TAKEOVER
    print(f"standby's first send {took_over:.1f} s after the freeze")
    each_entry_once(sent(broker))
