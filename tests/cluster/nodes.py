"""Two app nodes for a test: gunicorn processes on loopback, sharing the test database.

Each node is gunicorn with the project's gunicorn.conf.py (one worker process, a few
threads), started as its own process against the pytest database (committed data:
the tests use ``transaction=True``) and one Redis, as two machines would share them.
The nodes get the test process's SECRET_KEY, so a device cookie signed here is one
the nodes would have set. Ports come from 18040-18099. Everything stops by PID.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PORTS = range(18040, 18100)
BROKER_DB, CACHE_DB = 8, 9  # Redis databases of these tests' own (CI's tests use 0 and 1)


def services_or_skip() -> tuple[str, str]:
    """(DATABASE_URL, Redis URL) when the run has PostgreSQL and Redis (CI does); else skip."""
    database = os.environ.get("DATABASE_URL", "")
    broker = os.environ.get("CELERY_BROKER_URL", "")
    if not database.startswith(("postgres://", "postgresql://")) or not broker:
        pytest.skip("two nodes need PostgreSQL and Redis (set DATABASE_URL, CELERY_BROKER_URL)")
    return database, broker


def forget_sign_in_counts(broker: str) -> None:
    """Sign-in throttles and allauth's limits count in the shared cache for a day: start clean."""
    import redis

    client = redis.Redis.from_url(redis_url(broker, CACHE_DB))
    for pattern in ("*signin-throttle:*", "*allauth:rl:*"):
        for key in client.scan_iter(match=pattern, count=500):
            client.delete(key)
    client.close()


def free_port(taken: set[int]) -> int:
    for port in PORTS:
        if port in taken:
            continue
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) != 0:
                taken.add(port)
                return port
    raise RuntimeError("no free port in 18040-18099")


def with_db(url: str, **parts: str) -> str:
    """``url`` with its path (database name) or netloc replaced."""
    parsed = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parsed._replace(**parts))


def redis_url(broker: str, db: int) -> str:
    return with_db(broker, path=f"/{db}")


@dataclass
class Node:
    """One gunicorn master (and its worker) serving the site on ``port``."""

    name: str
    port: int
    env: dict[str, str]
    log: Path
    proc: subprocess.Popen[bytes] | None = None
    live: bool = False  # a live process (uvicorn, websockets) rather than gunicorn

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        argv = [str(Path(sys.executable).parent / "gunicorn"), "-c", "gunicorn.conf.py",
                "--no-control-socket"]  # fmt: skip
        if self.live:  # as deploy/cluster.py starts a node's live process
            argv = [str(Path(sys.executable).parent / "uvicorn"), "rummy_site.asgi:application",
                    "--host", "127.0.0.1", "--port", str(self.port)]  # fmt: skip
        out = self.log.open("wb")
        self.proc = subprocess.Popen(argv, cwd=ROOT, env=self.env, stdout=out,
                                     stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip

    def wait_up(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.proc is not None and self.proc.poll() is None, self.log.read_text()[-2000:]
            try:
                with urllib.request.urlopen(f"{self.url}/health/live/", timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise AssertionError(f"{self.name} did not answer: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        stop_group(self.proc)


def stop_group(proc: subprocess.Popen | None) -> None:
    """End a process started in its own group (and its children): TERM, then KILL after
    15 s. A frozen one (SIGSTOP) is woken first so it can hear the TERM."""
    if proc is None or proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGCONT)
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def empty_redis_db(db: int, why: str) -> Iterator[str]:
    """Redis database ``db`` of the configured broker, emptied before and after (only that
    database); skips without a Redis broker. ``why`` says what needs it."""
    configured = os.environ.get("CELERY_BROKER_URL", "")
    if not configured.startswith("redis://"):
        pytest.skip(f"{why} need Redis (set CELERY_BROKER_URL=redis://127.0.0.1:6379/0)")
    import redis

    url = redis_url(configured, db)
    client = redis.Redis.from_url(url)
    client.flushdb()
    yield url
    client.flushdb()
    client.close()


def node_env(
    database_url: str, broker: str, port: int, secret: str, **extra: str
) -> dict[str, str]:
    """Production settings but DEBUG on: static files from the finders (no collectstatic)."""
    env = dict(os.environ)
    env.pop("RUMMY_TESTING", None)  # the nodes are not the test process
    env.update(
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=redis_url(broker, BROKER_DB),
        CACHE_URL=redis_url(broker, CACHE_DB),
        SECRET_KEY=secret,
        DEBUG="1",
        ALLOWED_HOSTS="127.0.0.1",
        GUNICORN_BIND=f"127.0.0.1:{port}",
        GUNICORN_WORKERS="1",
        GUNICORN_THREADS="24",
        DB_POOL_SIZE="4",
        LIVE_WAIT_SECONDS="10",
        LOG_LEVEL="WARNING",
    )
    env.update(extra)
    return env


CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


@dataclass
class Browser:
    """One person's browser: cookies kept across requests, whichever node answers."""

    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)

    def __post_init__(self) -> None:
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect()
        )

    def cookie(self, name: str) -> str:
        return next((c.value or "" for c in self.jar if c.name == name), "")

    def set_cookie(self, name: str, value: str) -> None:
        self.jar.set_cookie(http.cookiejar.Cookie(
            0, name, value, None, False, "127.0.0.1", False, False, "/", True, False,
            None, True, None, None, {},
        ))  # fmt: skip

    def get(self, url: str, htmx: bool = False, timeout: float = 30) -> tuple[int, str]:
        return self._open(urllib.request.Request(url), htmx, timeout)

    def post(self, url: str, data: dict[str, str], htmx: bool = False) -> tuple[int, str]:
        body = urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(url, data=body, method="POST")
        request.add_header("X-CSRFToken", self.cookie("csrftoken"))
        request.add_header("Referer", url)
        return self._open(request, htmx, 30)

    def _open(self, request: urllib.request.Request, htmx: bool, timeout: float) -> tuple[int, str]:
        if htmx:
            request.add_header("HX-Request", "true")
        try:
            with self.opener.open(request, timeout=timeout) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode()


@dataclass
class PgBouncer:
    """PgBouncer (Debian's 1.18) in transaction pooling mode in front of one database."""

    port: int
    database_url: str
    folder: Path
    proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        parsed = urllib.parse.urlsplit(self.database_url)
        name = parsed.path.lstrip("/")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.folder.chmod(0o755)  # it reads its files as the postgres user when run as root
        users = self.folder / "userlist.txt"
        users.write_text(f'"{parsed.username or "rummy"}" ""\n')
        ini = self.folder / "pgbouncer.ini"
        ini.write_text(
            (ROOT / "deploy" / "pgbouncer.ini")
            .read_text()
            .replace("@DBNAME@", name)
            .replace("@PG_PORT@", str(parsed.port or 5432))
            .replace("@PORT@", str(self.port))
            .replace("@DEPLOY@/userlist.txt", str(users))
            .replace("default_pool_size = 20", "default_pool_size = 3")
        )
        for path in (users, ini):
            path.chmod(0o644)
        argv = ["pgbouncer", *(["-u", "postgres"] if os.geteuid() == 0 else []), str(ini)]
        log = (self.folder / "pgbouncer.log").open("wb")
        self.proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                     start_new_session=True)  # fmt: skip
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            assert self.proc.poll() is None, (self.folder / "pgbouncer.log").read_text()
            time.sleep(0.1)
        raise AssertionError("PgBouncer did not listen")

    @property
    def url(self) -> str:
        parsed = urllib.parse.urlsplit(self.database_url)
        netloc = f"{parsed.username or 'rummy'}@127.0.0.1:{self.port}"
        return urllib.parse.urlunsplit(parsed._replace(netloc=netloc))

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=10)


@dataclass
class Balancer:
    """HAProxy with deploy/haproxy.cfg as scripts/cluster renders it, in front of ``nodes``."""

    port: int
    stats_port: int
    nodes: list[Node]
    folder: Path
    proc: subprocess.Popen[bytes] | None = None
    live: list[Node] = field(default_factory=list)  # behind ``/live/``

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        servers = "\n".join(f"    server {n.name} 127.0.0.1:{n.port} check" for n in self.nodes)
        lives = "\n".join(f"    server {n.name} 127.0.0.1:{n.port} check" for n in self.live)
        text = (ROOT / "deploy" / "haproxy.cfg").read_text()
        for key, value in {
            "@RUN@": str(self.folder), "@BIND@": "127.0.0.1", "@PORT@": str(self.port),
            "@STATS_PORT@": str(self.stats_port), "@SERVERS@": servers, "@LIVE_SERVERS@": lives,
        }.items():  # fmt: skip
            text = text.replace(key, value)
        cfg = self.folder / "haproxy.cfg"
        cfg.write_text(text)
        log = (self.folder / "haproxy.log").open("wb")
        self.proc = subprocess.Popen(["haproxy", "-db", "-f", str(cfg)], stdout=log,
                                     stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def states(self) -> dict[str, str]:
        """Each node's state as the health checks see it: UP, DOWN, "UP 1/2" (going down)…"""
        url = f"http://127.0.0.1:{self.stats_port}/;csv"
        with urllib.request.urlopen(url, timeout=2) as answer:
            rows = answer.read().decode().splitlines()
        header = rows[0].lstrip("# ").split(",")
        cells = [dict(zip(header, row.split(","), strict=False)) for row in rows[1:]]
        backends = ("nodes", "live")  # a node's name and its live process's differ
        return {c["svname"]: c["status"] for c in cells if c.get("pxname") in backends}

    def wait_for(self, node: str, state: str, seconds: float) -> float:
        """Seconds until ``node`` is exactly ``state``; fails after ``seconds``."""
        started = time.monotonic()
        seen = ""
        while time.monotonic() - started < seconds:
            assert self.proc is not None and self.proc.poll() is None, self.log()
            try:
                seen = self.states().get(node, "")
            except OSError:
                seen = "no stats yet"
            if seen == state:
                return time.monotonic() - started
            time.sleep(0.05)
        raise AssertionError(f"{node} still {seen!r}, not {state!r}, after {seconds} s")

    def log(self) -> str:
        return (self.folder / "haproxy.log").read_text()[-2000:]

    def logged(self, *words: str, seconds: float = 5.0) -> bool:
        """Whether the log holds every one of ``words`` within ``seconds``: HAProxy writes a
        request's line once its answer is sent, so an answer just read may not be there yet."""
        deadline = time.monotonic() + seconds
        while True:
            log = (self.folder / "haproxy.log").read_text()
            if all(w in log for w in words) or time.monotonic() > deadline:
                return all(w in log for w in words)
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=10)
