"""What a move costs and what one node serves, on a running ``scripts/cluster`` (a benchmark).

    scripts/cluster start
    .venv/bin/python deploy/capacity.py [--tables 20] [--seconds 40] [--ramp 20,40,80]

Tables of two guests and two computers (deploy/faults.py deals them), every person's
page open as the real one behaves (livebench's seats). Two runs with the same load:
``one node`` sends everything straight to node 1; ``balancer`` sends it through
HAProxy to both nodes. For each it prints moves, requests and their p50/p95 (a waiting
poll excluded: it waits on purpose), and per move: CPU seconds of the app nodes
(every process of their groups), the Celery workers, PostgreSQL (the backends serving
``rummy_cluster``) and Redis (the whole server, less its idle rate measured just
before: other work shares it), statements and transactions (PgBouncer's SHOW STATS),
and Redis commands (the server's, less the idle rate). ``--ramp`` then runs one node
alone at growing table counts and prints request p95, to find the seats one node
serves at p95 < 1 s. The app never imports this file.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from deploy import cluster, faults  # noqa: E402 - the repository root must be importable first

TICKS = os.sysconf("SC_CLK_TCK")
WAITING = {"poll"}  # a poll waits for news up to LIVE_WAIT_SECONDS: not a latency


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
    return Snapshot(
        time.time(),
        cpu_of(group_pids([f"node{i}" for i in range(1, cluster.NODES + 1)])),
        cpu_of(group_pids([f"worker{i}" for i in range(1, cluster.WORKERS + 1)])),
        pg, redis_cpu, redis_ops, xacts, statements, Move.objects.count(),
        cpu_of(group_pids(["balancer"])), rows_written(),
    )  # fmt: skip


def idle_redis(seconds: float = 8.0) -> tuple[float, float]:
    """Redis's CPU and commands a second with our cluster idle (others share the server)."""
    cpu0, ops0 = redis_counts()
    time.sleep(seconds)
    cpu1, ops1 = redis_counts()
    return (cpu1 - cpu0) / seconds, (ops1 - ops0) / seconds


def deal(tables: int) -> list[tuple[str, str, int]]:
    from django.db import connections

    faults.close_earlier_tables()
    seats = faults.deal(tables)
    connections.close_all()
    return seats


def load(port: int, seats: list[tuple[str, str, int]], seconds: float) -> list[Any]:
    from bench.livebench import run
    from games import catalogue

    plan = {
        "port": port,
        "seconds": seconds,
        "think": 3.0,
        "processes": 2,
        "prefix": catalogue.get(catalogue.daily_game().kind).url_prefix,
    }
    return run.run(seats, plan)


def latencies(logs: list[Any]) -> tuple[int, float, float]:
    took = sorted(s for log in logs for label, _, s in log.requests if label not in WAITING)
    if len(took) < 2:
        return len(took), 0.0, 0.0
    q = statistics.quantiles(took, n=100)
    return len(took), q[49], q[94]


def measured(name: str, port: int, tables: int, seconds: float) -> None:
    seats = deal(tables)
    idle_cpu, idle_ops = idle_redis()
    before = snapshot()
    logs = load(port, seats, seconds)
    after = snapshot()
    span = after.at - before.at
    moves = max(1, after.moves - before.moves)
    pg = sum(cpu - before.pg.get(pid, 0.0) for pid, cpu in after.pg.items())
    redis_cpu = after.redis_cpu - before.redis_cpu - idle_cpu * span
    redis_ops = after.redis_ops - before.redis_ops - idle_ops * span
    requests = sum(len(log.requests) for log in logs)
    failed = sum(1 for log in logs for _, status, _ in log.requests if status >= 500)
    count, p50, p95 = latencies(logs)
    print(f"\n{name}: {tables} tables ({2 * tables} people, {2 * tables} computers), {span:.0f} s")
    print(
        f"  {after.moves - before.moves} moves ({(after.moves - before.moves) / span:.1f}/s), "
        f"{requests} requests ({requests / span:.1f}/s, {failed} failed); "
        f"p50 {1000 * p50:.0f} ms, p95 {1000 * p95:.0f} ms over {count} (waiting polls excluded)"
    )
    app, workers = (after.app - before.app) / moves, (after.workers - before.workers) / moves
    print(
        f"  CPU s a move: app {app:.4f}, workers {workers:.4f}, "
        f"PostgreSQL {pg / moves:.4f}, Redis {max(0.0, redis_cpu) / moves:.4f}, "
        f"HAProxy {(after.balancer - before.balancer) / moves:.4f}"
    )
    print(
        f"  a move: {(after.statements - before.statements) / moves:.1f} statements, "
        f"{(after.xacts - before.xacts) / moves:.1f} transactions, "
        f"{(after.writes - before.writes) / moves:.1f} rows written, "
        f"{max(0.0, redis_ops) / moves:.1f} Redis commands; "
        f"app CPU {100 * (after.app - before.app) / span:.0f}% of a core, "
        f"PostgreSQL {100 * pg / span:.0f}%"
    )


def ramp(steps: list[int], seconds: float) -> None:
    print("\none node alone (straight to node 1), growing:")
    for tables in steps:
        logs = load(cluster.node_port(1), deal(tables), seconds)
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
    parser.add_argument("--ramp-only", action="store_true", help="skip the two measured runs")
    opts = parser.parse_args()
    steps = [int(n) for n in opts.ramp.split(",") if n]
    if opts.tables > 150 or opts.seconds > 300 or any(n > 150 for n in steps):
        raise SystemExit("capacity: bounded on purpose: at most 150 tables and 300 s a run")
    if cluster.status():
        raise SystemExit("capacity: start the cluster first (scripts/cluster start)")
    faults.setup_django()
    if not opts.ramp_only:
        measured("one node", cluster.node_port(1), opts.tables, opts.seconds)
        measured("balancer, two nodes", cluster.PORTS["balancer"], opts.tables, opts.seconds)
    if steps:
        ramp(steps, opts.seconds)


if __name__ == "__main__":
    main()
