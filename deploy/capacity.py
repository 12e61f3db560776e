"""What a move costs and what one node serves, on a running ``scripts/cluster`` (a benchmark).

    scripts/cluster start
    .venv/bin/python deploy/capacity.py [--tables 20] [--seconds 40] [--transport poll,ws]
                                        [--ramp 20,40,80]

Tables of two guests and two computers (deploy/faults.py deals them), every person's
page open as the real one behaves (livebench's seats: ``poll`` pages wait for news on
the long poll, ``ws`` pages get each board over the live process's websocket). For each
transport, two runs with the same load: ``one node`` sends everything straight to node 1
(and its live process); ``balancer`` sends it through HAProxy to both nodes (and both
live processes). For each it prints moves, requests and their p50/p95 (a waiting
poll excluded: it waits on purpose), and per move: CPU seconds of the app nodes
(every process of their groups and of their live processes; the live share beside it),
the Celery workers, PostgreSQL (the backends serving ``rummy_cluster``) and Redis (the
whole server: other work shares it), statements and transactions (PgBouncer's SHOW
STATS), and Redis commands. App CPU, statements, transactions and Redis are less their
idle rates, measured just before with no one playing (HAProxy's health checks every
second, beat's sweeps): a move's own cost, whatever the run's move rate. ``--warmup S``
starts counting S seconds into the play, once every page is open: opening a table is
not a move, and a short run's page loads would otherwise weigh on every move of it.
``--ramp`` then runs one node alone at growing table counts (polling) and prints
request p95, to find the seats one node serves at p95 < 1 s. The app never imports this file.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from deploy import cluster, faults  # noqa: E402 - the repository root must be importable first

TICKS = os.sysconf("SC_CLK_TCK")
WAITING = {"poll", "board"}  # a poll waits for news on purpose; a board is pushed, not asked for


def cpu_of(pids: set[int]) -> float:
    """CPU seconds (user + system) the processes have used so far."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


def group_pids(names: list[str]) -> set[int]:
    """Every process in the parts' process groups (gunicorn's workers, Celery's pool)."""
    groups = {cluster.read_pid(next(p for p in cluster.parts() if p.name == n)) for n in names}
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getpgid(int(entry.name)) in groups:
                    out.add(int(entry.name))
            except OSError:
                continue
    return out


def postgres_pids() -> set[int]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [cluster.DB],
        )
        return {row[0] for row in cursor.fetchall()}


def rows_written() -> int:
    """Rows inserted, updated and deleted in the cluster's database so far (PostgreSQL's count)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tup_inserted + tup_updated + tup_deleted FROM pg_stat_database"
            " WHERE datname = %s",
            [cluster.DB],
        )
        return int(cursor.fetchone()[0])


def pgbouncer_stats() -> tuple[int, int]:
    """(transactions, statements) PgBouncer has passed to PostgreSQL for our database."""
    import psycopg

    url = f"postgres://postgres@127.0.0.1:{cluster.PORTS['pgbouncer']}/pgbouncer"
    with psycopg.connect(url, autocommit=True, prepare_threshold=None) as conn:
        cursor = conn.cursor()
        cursor.execute("SHOW STATS")
        names = [c.name for c in cursor.description]
        for row in cursor.fetchall():
            cells = dict(zip(names, row, strict=True))
            if cells["database"] == cluster.DB:
                return int(cells["total_xact_count"]), int(cells["total_query_count"])
    return 0, 0


def redis_counts() -> tuple[float, int]:
    """(CPU seconds, commands processed) of the whole Redis server so far."""
    import redis

    info = redis.Redis(host="127.0.0.1", port=6379).info()
    return info["used_cpu_sys"] + info["used_cpu_user"], int(info["total_commands_processed"])


@dataclass
class Snapshot:
    at: float
    app: float
    live: float
    workers: float
    pg: dict[int, float]
    redis_cpu: float
    redis_ops: int
    xacts: int
    statements: int
    moves: int
    balancer: float
    writes: int


def snapshot() -> Snapshot:
    from games.models import Move

    pg = {pid: cpu_of({pid}) for pid in postgres_pids()}
    redis_cpu, redis_ops = redis_counts()
    xacts, statements = pgbouncer_stats()
    nodes = range(1, cluster.NODES + 1)
    live = cpu_of(group_pids([f"live{i}" for i in nodes]))
    return Snapshot(
        time.time(),
        cpu_of(group_pids([f"node{i}" for i in nodes])) + live,
        live,
        cpu_of(group_pids([f"worker{i}" for i in range(1, cluster.WORKERS + 1)])),
        pg, redis_cpu, redis_ops, xacts, statements, Move.objects.count(),
        cpu_of(group_pids(["balancer"])), rows_written(),
    )  # fmt: skip


@dataclass
class Idle:
    """What the cluster does a second with no one playing: HAProxy's health checks (each
    a ``SELECT 1`` on every node and live process, every second), beat's sweeps, and for
    Redis the other work sharing the server. Subtracted, so a figure "a move" is the
    move's own cost whatever the move rate of the run."""

    redis_cpu: float
    redis_ops: float
    xacts: float
    statements: float
    app: float


def idle_rates(seconds: float = 10.0) -> Idle:
    before = snapshot()
    time.sleep(seconds)
    after = snapshot()
    span = after.at - before.at
    return Idle(
        (after.redis_cpu - before.redis_cpu) / span,
        (after.redis_ops - before.redis_ops) / span,
        (after.xacts - before.xacts) / span,
        (after.statements - before.statements) / span,
        (after.app - before.app) / span,
    )


def deal(tables: int) -> list[tuple[str, str, int]]:
    from django.db import connections

    faults.close_earlier_tables()
    seats = faults.deal(tables)
    connections.close_all()
    return seats


def load(
    ports: tuple[int, int], seats: list[tuple[str, str, int]], seconds: float, transport: str
) -> list[Any]:
    """Play the seats against (pages port, live port); ``ws`` seats listen on the socket."""
    from bench.livebench import run, sockets
    from games import catalogue

    plan = {
        "port": ports[0],
        "live_port": ports[1],
        "seconds": seconds,
        "think": 3.0,
        "processes": 2,
        "prefix": catalogue.get(catalogue.daily_game().kind).url_prefix,
    }
    return sockets.run(seats, plan) if transport == "ws" else run.run(seats, plan)


def latencies(logs: list[Any]) -> tuple[int, float, float]:
    took = sorted(s for log in logs for label, _, s in log.requests if label not in WAITING)
    if len(took) < 2:
        return len(took), 0.0, 0.0
    q = statistics.quantiles(took, n=100)
    return len(took), q[49], q[94]


def measured(
    name: str,
    ports: tuple[int, int],
    tables: int,
    seconds: float,
    transport: str,
    warmup: float = 0.0,
) -> None:
    seats = deal(tables)
    idle = idle_rates()
    before = snapshot() if not warmup else None
    later: list[Snapshot] = []  # with a warm-up: taken by a timer once the pages are open
    timer = threading.Timer(warmup, lambda: later.append(_snapshot_in_thread()))
    if warmup:
        timer.start()
    logs = load(ports, seats, warmup + seconds, transport)
    timer.join()
    after = snapshot()
    before = before or later[0]
    span = after.at - before.at
    moves = max(1, after.moves - before.moves)
    pg = sum(cpu - before.pg.get(pid, 0.0) for pid, cpu in after.pg.items())
    redis_cpu = after.redis_cpu - before.redis_cpu - idle.redis_cpu * span
    redis_ops = after.redis_ops - before.redis_ops - idle.redis_ops * span
    xacts = after.xacts - before.xacts - idle.xacts * span
    statements = after.statements - before.statements - idle.statements * span
    requests = sum(len(log.requests) for log in logs)
    failed = sum(1 for log in logs for _, status, _ in log.requests if status >= 500)
    count, p50, p95 = latencies(logs)
    counted = f"{span:.0f} s after a {warmup:.0f} s warm-up" if warmup else f"{span:.0f} s"
    print(
        f"\n{name}, pages {'on websockets' if transport == 'ws' else 'polling'}: {tables} tables "
        f"({2 * tables} people, {2 * tables} computers), {counted}"
    )
    print(
        f"  {after.moves - before.moves} moves ({(after.moves - before.moves) / span:.1f}/s), "
        f"{requests} requests over the whole run ({requests / (span + warmup):.1f}/s, "
        f"{failed} failed); "
        f"p50 {1000 * p50:.0f} ms, p95 {1000 * p95:.0f} ms over {count} (waiting polls excluded)"
    )
    app_cpu = after.app - before.app - idle.app * span
    app, workers = app_cpu / moves, (after.workers - before.workers) / moves
    print(
        f"  CPU s a move: app {app:.4f} (live {(after.live - before.live) / moves:.4f}), "
        f"workers {workers:.4f}, "
        f"PostgreSQL {pg / moves:.4f}, Redis {max(0.0, redis_cpu) / moves:.4f}, "
        f"HAProxy {(after.balancer - before.balancer) / moves:.4f}"
    )
    print(
        f"  a move: {statements / moves:.1f} statements, {xacts / moves:.1f} transactions "
        f"(less the idle {idle.statements:.1f} and {idle.xacts:.1f} a second), "
        f"{(after.writes - before.writes) / moves:.1f} rows written, "
        f"{max(0.0, redis_ops) / moves:.1f} Redis commands; "
        f"app CPU {100 * (after.app - before.app) / span:.0f}% of a core "
        f"(idle {100 * idle.app:.0f}%), "
        f"PostgreSQL {100 * pg / span:.0f}%"
    )


def _snapshot_in_thread() -> Snapshot:
    """A snapshot from the warm-up's timer thread, which closes its own connection after."""
    from django.db import connections

    try:
        return snapshot()
    finally:
        connections.close_all()


def ramp(steps: list[int], seconds: float) -> None:
    print("\none node alone (straight to node 1), growing:")
    for tables in steps:
        ports = (cluster.node_port(1), cluster.live_port(1))
        logs = load(ports, deal(tables), seconds, "poll")
        count, p50, p95 = latencies(logs)
        failed = sum(1 for log in logs for _, status, _ in log.requests if status >= 500)
        print(
            f"  {tables} tables, {2 * tables} people seats: p50 {1000 * p50:.0f} ms, "
            f"p95 {1000 * p95:.0f} ms over {count} requests, {failed} failed",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--ramp", default="", help="table counts for one node, e.g. 20,40,80")
    parser.add_argument("--transport", default="poll,ws", help="poll, ws or both (poll,ws)")
    parser.add_argument("--ramp-only", action="store_true", help="skip the measured runs")
    parser.add_argument(
        "--warmup",
        type=float,
        default=0.0,
        help="seconds of play before counting (the pages opened, the first turns dealt)",
    )
    opts = parser.parse_args()
    steps = [int(n) for n in opts.ramp.split(",") if n]
    if opts.tables > 150 or opts.seconds > 300 or any(n > 150 for n in steps):
        raise SystemExit("capacity: bounded on purpose: at most 150 tables and 300 s a run")
    if cluster.status():
        raise SystemExit("capacity: start the cluster first (scripts/cluster start)")
    faults.setup_django()
    transports = [t for t in opts.transport.split(",") if t]
    if any(t not in ("poll", "ws") for t in transports):
        raise SystemExit("capacity: --transport takes poll, ws or poll,ws")
    balancer = cluster.PORTS["balancer"]
    for transport in [] if opts.ramp_only else transports:
        one = (cluster.node_port(1), cluster.live_port(1))
        run = (opts.tables, opts.seconds, transport, opts.warmup)
        measured("one node", one, *run)
        measured("balancer, two nodes", (balancer, balancer), *run)
    if steps:
        ramp(steps, opts.seconds)


if __name__ == "__main__":
    main()
