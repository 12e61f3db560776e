"""A local cluster on 127.0.0.1: ``scripts/cluster start|stop|status|restart NAME|env``.

What ``start`` brings up, each a process of its own with its PID in var/cluster/run
and its output in var/cluster/logs (one folder, gitignored):

- ``pgbouncer``: PgBouncer 1.18 in transaction pooling mode (deploy/pgbouncer.ini) in
  front of the local PostgreSQL, database ``rummy_cluster``;
- ``node1``, ``node2``: gunicorn with gunicorn.conf.py on their own ports, each its
  own master and workers, through PgBouncer with ``DATABASE_POOLER=pgbouncer``;
- ``live1``, …: the live process of each node (uvicorn serving rummy_site.asgi): the
  online tables' websockets under ``/live/`` (docs/live.md), on their own ports;
- ``balancer``: HAProxy 2.6 (deploy/haproxy.cfg), round robin over the nodes,
  checking ``/health/ready/`` every second, and ``/live/`` to the live processes (fewest
  connections first); the site is at http://127.0.0.1:18000/;
- ``worker1``, ``worker2``: Celery workers (computer turns, clocks, reviews), each
  with a metrics page of its own (``METRICS_PORT``);
- ``beat1``, ``beat2``: two Celery beats with redbeat's scheduler: the first to take
  its Redis lock sends (beat1, started first), the other waits for the lock and takes
  over within 25 s if the active one dies; a beat that lost its lock exits rather than
  send beside the new one (settings' REDBEAT_LOCK_TIMEOUT, docs/cluster.md). They log
  at INFO, so ``status`` can name the active one ("Acquired lock" since its start).

Redis (databases 8 and 9) and PostgreSQL are the machine's own: started if they are
down, never stopped. Debian's haproxy and pgbouncer are installed when missing (as
root). Everything else is stopped by ``stop``, each by its own PID and process group.
Settings come from the environment: CLUSTER_PORT (18000), CLUSTER_DB (rummy_cluster),
CLUSTER_REDIS_DBS (8,9), CLUSTER_NODES (2), CLUSTER_WORKERS (2), CLUSTER_NODE_PROCESSES
(gunicorn workers a node, 2), CLUSTER_WORKER_CONCURRENCY (2).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the repository's packages importable
from live.server_args import UVICORN_WS_ARGS  # noqa: E402 - after the path above

DEPLOY = ROOT / "deploy"
VAR = ROOT / "var" / "cluster"
LOGS, RUN, CONF, PROM = VAR / "logs", VAR / "run", VAR / "conf", VAR / "prom"
BIN = Path(sys.executable).parent
PG_PORT = 5432


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


BASE = env_int("CLUSTER_PORT", 18000)
PORTS = {"balancer": BASE, "stats": BASE + 1, "pgbouncer": BASE + 20}
DB = os.environ.get("CLUSTER_DB", "rummy_cluster")
BROKER_DB, CACHE_DB = (int(n) for n in os.environ.get("CLUSTER_REDIS_DBS", "8,9").split(","))
NODES = env_int("CLUSTER_NODES", 2)
WORKERS = env_int("CLUSTER_WORKERS", 2)


def node_port(i: int) -> int:
    return BASE + 10 + i


def live_port(i: int) -> int:
    return BASE + 40 + i


def worker_metrics_port(i: int) -> int:
    return BASE + 30 + i


def say(text: str) -> None:
    print(f"cluster: {text}", flush=True)


# --- the environment every process of the site gets ----------------------------------


def _secret(name: str) -> str:
    """A random value made on first start and kept (0600), so restarts keep sessions."""
    path = VAR / name
    if not path.exists():
        VAR.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()


def site_env(direct: bool = False) -> dict[str, str]:
    """Production settings on 127.0.0.1; ``direct`` skips PgBouncer (migrations, audits)."""
    port = PG_PORT if direct else PORTS["pgbouncer"]
    env = dict(os.environ)
    env.pop("RUMMY_TESTING", None)
    env.update(
        DATABASE_URL=f"postgres://rummy@127.0.0.1:{port}/{DB}",
        CELERY_BROKER_URL=f"redis://127.0.0.1:6379/{BROKER_DB}",
        CACHE_URL=f"redis://127.0.0.1:6379/{CACHE_DB}",
        SECRET_KEY=_secret("secret-key"),
        METRICS_TOKEN=_secret("metrics-token"),
        DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_COOKIES="0",
        HTTPS="0",
        TRUSTED_PROXY_COUNT="1",
        LOG_LEVEL=os.environ.get("LOG_LEVEL", "WARNING"),
    )
    if direct:
        env.pop("DATABASE_POOLER", None)
    else:
        env["DATABASE_POOLER"] = "pgbouncer"
    return env


# --- processes ------------------------------------------------------------------------


@dataclass
class Part:
    """One process of the cluster: how to start it and how to tell it is up."""

    name: str
    argv: list[str]
    env: dict[str, str]
    ready_url: str = ""
    ready_port: int = 0
    ready_log: str = ""  # a line its log shows (since its start) once it is up

    @property
    def pidfile(self) -> Path:
        return RUN / f"{self.name}.pid"


def parts() -> list[Part]:
    """Every part, in start order (stopped in reverse)."""
    out = [_pgbouncer()]
    for i in range(1, NODES + 1):
        out += [_node(i), _live(i)]
    out.append(_balancer())
    for i in range(1, WORKERS + 1):
        out.append(_worker(i))
    out += [_beat(1), _beat(2)]
    return out


def _pgbouncer() -> Part:
    argv = ["pgbouncer"]
    if os.geteuid() == 0:
        argv += ["-u", "postgres"]  # PgBouncer refuses to run as root
    return Part("pgbouncer", [*argv, str(CONF / "pgbouncer.ini")], dict(os.environ),
                ready_port=PORTS["pgbouncer"])  # fmt: skip


def _node(i: int) -> Part:
    env = site_env()
    env.update(
        GUNICORN_BIND=f"127.0.0.1:{node_port(i)}",
        GUNICORN_WORKERS=os.environ.get("CLUSTER_NODE_PROCESSES", "2"),
        PROMETHEUS_MULTIPROC_DIR=str(PROM / f"node{i}"),
    )
    if os.environ.get("CLUSTER_ACCESS_LOG") == "1":
        env["GUNICORN_ACCESS_LOG"] = "-"
    # Each master its own control socket (gunicorn 27's default is one per user).
    argv = [str(BIN / "gunicorn"), "-c", "gunicorn.conf.py", "--control-socket",
            str(RUN / f"node{i}.ctl")]  # fmt: skip
    return Part(f"node{i}", argv, env, ready_url=f"http://127.0.0.1:{node_port(i)}/health/live/")


def _live(i: int) -> Part:
    """A node's live process: one uvicorn (asyncio) process holds its websockets."""
    argv = [str(BIN / "uvicorn"), "rummy_site.asgi:application", "--host", "127.0.0.1",
            "--port", str(live_port(i)), *UVICORN_WS_ARGS]  # fmt: skip
    url = f"http://127.0.0.1:{live_port(i)}/health/live/"
    return Part(f"live{i}", argv, site_env(), ready_url=url)


def _balancer() -> Part:
    url = f"http://127.0.0.1:{PORTS['balancer']}/health/live/"
    return Part("balancer", ["haproxy", "-db", "-f", str(CONF / "haproxy.cfg")],
                dict(os.environ), ready_url=url)  # fmt: skip


def _celery(name: str, args: list[str], extra: dict[str, str]) -> Part:
    env = {**site_env(), **extra}
    return Part(name, [str(BIN / "celery"), "-A", "rummy_site", *args], env)


def _worker(i: int) -> Part:
    concurrency = os.environ.get("CLUSTER_WORKER_CONCURRENCY", "2")
    args = ["worker", "-n", f"worker{i}@%h", f"--concurrency={concurrency}",
            "-Q", "celery,reviews", "--without-gossip", "--without-mingle"]  # fmt: skip
    extra = {
        "METRICS_PORT": str(worker_metrics_port(i)),
        "PROMETHEUS_MULTIPROC_DIR": str(PROM / f"worker{i}"),
    }
    part = _celery(f"worker{i}", args, extra)
    part.ready_url = f"http://127.0.0.1:{worker_metrics_port(i)}/metrics"
    return part


def _beat(i: int) -> Part:
    """A beat; the schedule and its last runs are in Redis (redbeat), so no schedule file."""
    args = ["beat", "--pidfile", str(RUN / f"celerybeat{i}.pid"), "--loglevel", "INFO"]
    part = _celery(f"beat{i}", args, {"LOG_LEVEL": "INFO"})
    # Up: configured and asking for the lock. beat1 then takes it at once, before beat2
    # has even started, so beat1 is the active one after ``start``.
    part.ready_log = "beat: Starting..."
    return part


LOCK_TAKEN = "beat: Acquired lock"


def active_beat() -> str | None:
    """The beat holding redbeat's lock: alive, and its log says so since it started."""
    for part in parts():
        if part.name.startswith("beat") and read_pid(part) and LOCK_TAKEN in log_since_start(part):
            return part.name
    return None


def log_since_start(part: Part) -> str:
    """The part's log since ``spawn`` last wrote its start line."""
    try:
        log = (LOGS / f"{part.name}.log").read_text(errors="replace")
    except OSError:
        return ""
    return log.rsplit("\n--- ", 1)[-1]


def read_pid(part: Part) -> int | None:
    """The part's PID if that process is alive and still the program we started."""
    try:
        pid = int(part.pidfile.read_text().split()[0])
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except (OSError, ValueError, IndexError):
        return None
    program = Path(part.argv[0]).name
    return pid if program in cmdline else None


def spawn(part: Part) -> int:
    LOGS.mkdir(parents=True, exist_ok=True)
    metrics_dir = part.env.get("PROMETHEUS_MULTIPROC_DIR")
    if metrics_dir:  # a process that died left its files: a restart starts from empty
        shutil.rmtree(metrics_dir, ignore_errors=True)
        Path(metrics_dir).mkdir(parents=True)
    log = (LOGS / f"{part.name}.log").open("ab")
    log.write(f"\n--- {time.strftime('%F %T')} start: {' '.join(part.argv)}\n".encode())
    log.flush()
    proc = subprocess.Popen(part.argv, cwd=ROOT, env=part.env, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    part.pidfile.write_text(f"{proc.pid}\n")
    return proc.pid


def wait_ready(part: Part, pid: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _alive(pid):
            raise SystemExit(f"cluster: {part.name} exited; see {LOGS / (part.name + '.log')}")
        if _answers(part):
            return
        time.sleep(0.2)
    raise SystemExit(f"cluster: {part.name} did not come up; see {LOGS / (part.name + '.log')}")


def _answers(part: Part) -> bool:
    if part.ready_url:
        return http_status(part.ready_url) == 200
    if part.ready_log:
        return part.ready_log in log_since_start(part)
    if part.ready_port:
        import socket

        with socket.socket() as sock:
            sock.settimeout(0.5)
            return sock.connect_ex(("127.0.0.1", part.ready_port)) == 0
    return True


def http_status(url: str, timeout: float = 3) -> int:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return 0


def stop_part(part: Part, grace: float = 15) -> bool:
    """SIGTERM the part's process group, SIGKILL after ``grace`` seconds; True if it ran."""
    pid = read_pid(part)
    part.pidfile.unlink(missing_ok=True)
    if pid is None:
        return False
    _signal_group(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and _alive(pid):
        time.sleep(0.1)
    if _alive(pid):
        _signal_group(pid, signal.SIGKILL)
    return True


def _signal_group(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, sig)  # start_new_session: the group is the part's own, id = its PID


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie child of nobody in particular still "exists": look at its state
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


# --- preparing the machine --------------------------------------------------------------


def ensure_packages() -> None:
    missing = [name for name in ("haproxy", "pgbouncer") if shutil.which(name) is None]
    if not missing:
        return
    if os.geteuid() != 0:
        raise SystemExit(f"cluster: install {' '.join(missing)} (apt-get install -y …) as root")
    say(f"installing Debian packages: {' '.join(missing)}")
    try:
        run(["apt-get", "install", "-y", *missing], quiet=True)
    except subprocess.CalledProcessError:  # a fresh machine may have no package lists yet
        run(["apt-get", "update"], quiet=True)
        run(["apt-get", "install", "-y", *missing], quiet=True)


def ensure_services() -> None:
    """The machine's PostgreSQL and Redis: started if down (as .ci/run does), never stopped."""
    if subprocess.run(["pg_isready", "-h", "127.0.0.1", "-q"], check=False).returncode:
        version = sorted(os.listdir("/etc/postgresql"))[-1]
        say(f"starting PostgreSQL {version}")
        run(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "start"])
    if subprocess.run(["redis-cli", "-h", "127.0.0.1", "ping"], capture_output=True,
                      check=False).returncode:  # fmt: skip
        say("starting Redis")
        run(["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"])  # fmt: skip
    for _ in range(60):
        if not subprocess.run(["pg_isready", "-h", "127.0.0.1", "-q"], check=False).returncode:
            return
        time.sleep(0.5)
    raise SystemExit("cluster: PostgreSQL did not become ready")


def ensure_database() -> None:
    def psql(sql: str) -> str:
        argv = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-v", "ON_ERROR_STOP=1", "-tAqc", sql]
        return subprocess.run(argv, capture_output=True, text=True, check=True).stdout.strip()

    if psql("SELECT 1 FROM pg_roles WHERE rolname = 'rummy'") != "1":
        psql("CREATE ROLE rummy LOGIN CREATEDB")
    if psql(f"SELECT 1 FROM pg_database WHERE datname = '{DB}'") != "1":
        say(f"creating database {DB}")
        psql(f'CREATE DATABASE "{DB}" OWNER rummy')
    # The site's connections speak UTC. A server connection that starts in another zone
    # is SET to UTC by Django, and PgBouncer then SETs it back and forth as clients with
    # and without that SET share it: a statement on most transactions (docs/cluster.md).
    psql(f"ALTER DATABASE \"{DB}\" SET timezone TO 'UTC'")


def run(argv: list[str], env: dict[str, str] | None = None, quiet: bool = False) -> None:
    out = subprocess.DEVNULL if quiet else None
    subprocess.run(argv, cwd=ROOT, env=env, check=True, stdout=out)


def render_configs() -> None:
    CONF.mkdir(parents=True, exist_ok=True)
    values = {
        "@RUN@": str(RUN), "@BIND@": "127.0.0.1", "@PORT@": str(PORTS["balancer"]),
        "@STATS_PORT@": str(PORTS["stats"]), "@DEPLOY@": str(DEPLOY), "@DBNAME@": DB,
        "@PG_PORT@": str(PG_PORT),
        "@SERVERS@": "\n".join(
            f"    server node{i} 127.0.0.1:{node_port(i)} check" for i in range(1, NODES + 1)
        ),
        "@LIVE_SERVERS@": "\n".join(
            f"    server live{i} 127.0.0.1:{live_port(i)} check" for i in range(1, NODES + 1)
        ),
    }  # fmt: skip
    for name, port in (("haproxy.cfg", PORTS["balancer"]), ("pgbouncer.ini", PORTS["pgbouncer"])):
        text = (DEPLOY / name).read_text().replace("@PORT@", str(port))
        for key, value in values.items():
            text = text.replace(key, value)
        (CONF / name).write_text(text)
        (CONF / name).chmod(0o644)  # PgBouncer reads its file as the postgres user


# --- commands ---------------------------------------------------------------------------


def start() -> None:
    running = [p.name for p in parts() if read_pid(p)]
    if running:
        raise SystemExit(f"cluster: already running ({', '.join(running)}); stop it first")
    for folder in (LOGS, RUN):
        folder.mkdir(parents=True, exist_ok=True)
    ensure_packages()
    ensure_services()
    ensure_database()
    render_configs()
    say("migrating and collecting static files (straight to PostgreSQL)")
    for args in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        run([sys.executable, "manage.py", *args], env=site_env(direct=True), quiet=True)
    for part in parts():
        pid = spawn(part)
        wait_ready(part, pid)
        say(f"{part.name} up (pid {pid})")
    say(f"the site: http://127.0.0.1:{PORTS['balancer']}/  logs: {LOGS}")
    status()


def stop() -> None:
    for part in reversed(parts()):
        if stop_part(part):
            say(f"{part.name} stopped")


def restart(name: str) -> None:
    found = [p for p in parts() if p.name == name]
    if not found:
        raise SystemExit(f"cluster: no part named {name!r} ({', '.join(p.name for p in parts())})")
    part = found[0]
    stop_part(part)
    pid = spawn(part)
    wait_ready(part, pid)
    say(f"{name} up again (pid {pid})")


def status() -> int:
    """One line per part (pid or down), the balancer's view of the nodes, and /health/."""
    down, active = 0, active_beat()
    for part in parts():
        pid = read_pid(part)
        down += pid is None
        role = ""
        if pid and part.name.startswith("beat"):
            role = " (active: holds the lock)" if part.name == active else " (standby)"
        print(f"  {part.name:<10} {'pid ' + str(pid) + role if pid else 'down'}")
    for line in balancer_view():
        print(f"  balancer sees {line}")
    health = f"http://127.0.0.1:{PORTS['balancer']}/health/"
    print(f"  {health} → {http_status(health) or 'no answer'}")
    return 1 if down else 0


def balancer_view() -> list[str]:
    """Each node's state as HAProxy's health checks see it (from its stats page)."""
    url = f"http://127.0.0.1:{PORTS['stats']}/;csv"
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            rows = response.read().decode().splitlines()
    except OSError:
        return []
    header = rows[0].lstrip("# ").split(",")
    out = []
    for row in rows[1:]:
        cells = dict(zip(header, row.split(","), strict=False))
        name = cells.get("svname", "")
        if cells.get("pxname") in ("nodes", "live") and name.startswith(("node", "live")):
            out.append(f"{cells['svname']} {cells.get('status', '?')}")
    return out


def print_env() -> None:
    """``eval "$(scripts/cluster env)"``: run manage.py commands against the cluster."""
    for key in ("DATABASE_URL", "DATABASE_POOLER", "CELERY_BROKER_URL", "CACHE_URL",
                "SECRET_KEY", "METRICS_TOKEN", "DEBUG", "ALLOWED_HOSTS"):  # fmt: skip
        print(f"export {key}={json.dumps(site_env()[key])}")


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "status"
    if command == "start":
        start()
    elif command == "stop":
        stop()
    elif command == "status":
        return status()
    elif command == "restart" and len(argv) == 3:
        restart(argv[2])
    elif command == "env":
        print_env()
    else:
        print(__doc__)
        print("usage: scripts/cluster start|stop|status|restart NAME|env")
        return 2
    return 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main(sys.argv))
