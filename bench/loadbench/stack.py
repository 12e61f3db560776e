"""Start and stop the production stack for a benchmark run, on 127.0.0.1 only."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from django.core.management.base import CommandError

from bench import wipe
from live.server_args import UVICORN_WS_ARGS

PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
PG_USER = "rummy"
BROKER_DB, CACHE_DB = 5, 6  # Redis databases of the benchmark's own
SECRET = "loadbench-only-secret-key-never-used-anywhere-else-0123456789"


def bench_env(db_name: str, port: int) -> dict[str, str]:
    """The environment of every benchmark process: production settings, local services."""
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"postgres://{PG_USER}@127.0.0.1:5432/{db_name}",
        CELERY_BROKER_URL=f"redis://127.0.0.1:6379/{BROKER_DB}",
        CACHE_URL=f"redis://127.0.0.1:6379/{CACHE_DB}",
        SECRET_KEY=SECRET,
        DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1,testserver",
        SECURE_COOKIES="0",
        HTTPS="0",
        LOG_LEVEL=env.get("LOADBENCH_LOG_LEVEL", "WARNING"),
        GUNICORN_BIND=f"127.0.0.1:{port}",
        RUMMY_LOADBENCH="1",
    )
    env.pop("RUMMY_TESTING", None)
    return env


def fresh_database(name: str) -> None:
    """Drop and create the benchmark's own database (never the site's)."""
    if not name.startswith("rummy_bench"):
        raise ValueError("the benchmark only touches databases named rummy_bench*")
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}" OWNER {PG_USER}')


def flush_redis(dbs: tuple[int, ...] = (BROKER_DB, CACHE_DB)) -> None:
    """Empty the benchmark's own Redis databases (by default its queue and cache)."""
    import redis

    for db in dbs:
        redis.Redis(host="127.0.0.1", port=6379, db=db).flushdb()


def check(wiped: wipe.Wipe, opts: dict[str, Any], tool: str, relaunched: bool) -> None:
    """Before a run: refuse unless ``wiped`` was allowed (first process only), need the services.

    The relaunched process (settings pointing at the wiped database) was allowed already.
    """
    if not relaunched:
        wipe.require(wiped, opts, tool)
    missing = have_services()
    if missing:
        raise CommandError(missing)


def wipe_and_env(wiped: wipe.Wipe, port: int) -> dict[str, str]:
    """Wipe exactly what was allowed; the environment of the run's processes."""
    fresh_database(wiped.database)
    flush_redis(wiped.redis_dbs)
    return bench_env(wiped.database, port)


@dataclass
class Stack:
    """gunicorn + a Celery worker (with beat, for the sweep) serving ``app_dir``."""

    app_dir: Path
    env: dict[str, str]
    port: int
    gunicorn_args: list[str]
    log_dir: Path
    procs: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    live_port: int | None = None  # also a live process (uvicorn: the websockets) on this port

    def prepare(self) -> None:
        python = sys.executable
        for args in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
            subprocess.run(
                [python, "manage.py", *args],
                cwd=self.app_dir,
                env=self.env,
                check=True,
                stdout=subprocess.DEVNULL,
            )

    def start(self) -> None:
        bin_dir = Path(sys.executable).parent
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self._spawn("gunicorn", [str(bin_dir / "gunicorn"), *self.gunicorn_args])
        worker = [str(bin_dir / "celery"), "-A", "rummy_site", "worker", "-B", "--concurrency=2"]
        worker += ["--without-gossip", "--without-mingle", "-s", str(self.log_dir / "beat")]
        self._spawn("celery", worker)
        if self.live_port is not None:
            live = [str(bin_dir / "uvicorn"), "rummy_site.asgi:application", "--host", "127.0.0.1"]
            live += ["--port", str(self.live_port), *UVICORN_WS_ARGS]
            self._spawn("live", live)
        self._wait_until_up()
        if self.live_port is not None:
            self._wait_until_up(port=self.live_port)

    def _spawn(self, name: str, argv: list[str]) -> None:
        out = (self.log_dir / f"{name}.log").open("wb")
        self.procs[name] = subprocess.Popen(
            argv,
            cwd=self.app_dir,
            env=self.env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def _wait_until_up(self, seconds: float = 30, port: int | None = None) -> None:
        deadline = time.monotonic() + seconds
        url = f"http://127.0.0.1:{port or self.port}/health/live/"
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url, timeout=1) as response:
                    if response.status == 200:
                        time.sleep(1.0)  # let the worker connect too
                        return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the stack did not answer on {url}; see {self.log_dir}")

    def pids(self) -> list[int]:
        return [p.pid for p in self.procs.values()]

    def stop(self) -> None:
        """Stop what this run started (each by its own process group), then wait for it."""
        for proc in self.procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        self.procs.clear()


def have_services() -> str | None:
    """None when PostgreSQL and Redis answer on 127.0.0.1, else what is missing."""
    if (
        shutil.which("pg_isready")
        and subprocess.run(["pg_isready", "-h", "127.0.0.1", "-q"], check=False).returncode
    ):
        return "PostgreSQL is not answering on 127.0.0.1:5432"
    try:
        import redis

        redis.Redis(host="127.0.0.1", port=6379).ping()
    except Exception as exc:  # noqa: BLE001
        return f"Redis is not answering on 127.0.0.1:6379 ({exc})"
    return None
