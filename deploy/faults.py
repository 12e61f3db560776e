"""Faults under load, through the balancer of a running ``scripts/cluster`` (a benchmark, not CI).

    scripts/cluster start
    .venv/bin/python deploy/faults.py [--tables 12] [--seconds 40] [--fault-at 10]

Online Rumbaroo tables of two guests and two computers are dealt into the cluster's
database; every person's page stays open through the balancer (livebench's seats:
the page's own waiting poll, a move 3 s after the seat is shown its turn). Three runs,
one fault each, ``--fault-at`` seconds in:

- ``node``: SIGKILL to app node 1's whole process group (master and workers), as a
  machine dying; it is started again after the run;
- ``worker``: SIGKILL to Celery worker 1's process group: computer turns and clocks
  must go on in worker 2 (tasks are acknowledged late; the sweep catches the rest);
- ``pgbouncer``: PgBouncer stopped and started again (every pooled connection drops).

Each run prints requests failed (5xx or no answer), the longest a person's seat went
without a move that had been committed (commit → the seat has it), moves delivered,
and the audit: every game's log replays to its snapshot, seqs 1..version, none doubled.
The app never imports this file.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from deploy import cluster  # noqa: E402 - the repository root must be importable first

SETTLE = 3.0  # moves this close to the end may not have reached everyone


def setup_django() -> None:
    os.environ.update(cluster.site_env(direct=True))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings")
    import django

    django.setup()


def deal(tables: int) -> list[tuple[str, str, int]]:
    """(device cookie, game id, seat) for the two people at each new table."""
    from bench.livebench.tables import room_config
    from bench.loadbench.setup import guest
    from games import catalogue, services

    kind = catalogue.daily_game().kind
    level = catalogue.get(kind).levels[0].key
    config = room_config(kind, 4)
    out = []
    for table in range(tables):
        people = [guest() for _ in range(2)]
        specs = [
            services.SeatSpec(f"Seat {i + 1}", device_key=key) for i, (key, _) in enumerate(people)
        ]
        specs += [services.SeatSpec("Joey", computer_level=level) for _ in range(2)]
        game = services.create_game(kind, dict(config), specs, seed=5000 + table, online=True)
        out += [(cookie, str(game.id), i) for i, (_, cookie) in enumerate(people)]
    return out


def close_earlier_tables() -> int:
    """Earlier runs' tables play on (clocks, the house, computers): close them, so only
    this run's tables load the cluster. The benchmark's own database only."""
    from games.models import Game, GameStatus

    return Game.objects.filter(status=GameStatus.ACTIVE).update(
        status=GameStatus.ABANDONED, deadline=None, awaiting_computer=False
    )


def part(name: str) -> cluster.Part:
    return next(p for p in cluster.parts() if p.name == name)


def kill_group(name: str) -> None:
    pid = cluster.read_pid(part(name))
    if pid is None:
        raise SystemExit(f"faults: {name} is not running (scripts/cluster status)")
    os.killpg(pid, signal.SIGKILL)


def bring_back(name: str) -> None:
    if cluster.read_pid(part(name)) is None:
        p = part(name)
        cluster.wait_ready(p, cluster.spawn(p))


FAULTS = {
    "node": lambda: kill_group("node1"),
    "worker": lambda: kill_group("worker1"),
    "pgbouncer": lambda: cluster.restart("pgbouncer"),
}
AFTER = {"node": "node1", "worker": "worker1", "pgbouncer": "pgbouncer"}


def run_one(fault: str, opts: argparse.Namespace) -> None:
    from django.db import connections

    from bench.livebench import run
    from games import catalogue

    close_earlier_tables()
    seats = deal(opts.tables)
    connections.close_all()
    plan = {
        "port": cluster.PORTS["balancer"],
        "seconds": opts.seconds,
        "think": opts.think,
        "processes": 2,
        "prefix": catalogue.get(catalogue.daily_game().kind).url_prefix,
    }
    started = time.time()
    timer = threading.Timer(opts.fault_at, FAULTS[fault])
    timer.start()
    try:
        logs = run.run(seats, plan)
    finally:
        timer.cancel()
    bring_back(AFTER[fault])
    report(fault, seats, logs, started, started + opts.seconds, started + opts.fault_at)


def report(
    fault: str, seats: list, logs: list, started: float, ended: float, at: float
) -> None:
    from datetime import UTC, datetime

    from bench.loadbench.audit import audit_all
    from games.models import Move

    seen = {(log.game, log.seat): log.had for log in logs}
    people: dict[str, list[int]] = {}
    for game, seat in seen:
        people.setdefault(game, []).append(seat)
    games = {game for _, game, _ in seats}
    cutoff = datetime.fromtimestamp(ended - SETTLE, tz=UTC)
    delays, missed, moves = [], 0, 0
    rows = Move.objects.filter(game_id__in=games, created__lt=cutoff)
    for game, seq, mover, created in rows.values_list("game_id", "seq", "seat", "created"):
        moves += 1
        for other in people.get(str(game), []):
            if other == mover:
                continue
            had = seen[(str(game), other)].get(seq)
            if had is None:
                missed += 1
            else:
                delays.append((max(0.0, had - created.timestamp()), created.timestamp()))
    quiet = longest_quiet(seen, started, ended - SETTLE)
    requests = [r for log in logs for r in log.requests]
    statuses = Counter(status for _, status, _ in requests)
    failed = sum(n for status, n in statuses.items() if status >= 500)
    worst = max(delays, default=(0.0, at))
    audit = snapshot_audit(audit_all)
    verdict = "all replay" if not audit.problems else f"PROBLEMS {audit.problems[:3]}"
    print(
        f"\nfault {fault!r} at {at - started:.0f} s of {ended - started:.0f} s; "
        f"{len(games)} tables, {len(seen)} people seats",
        flush=True,
    )
    by_status = dict(sorted(statuses.items()))
    print(f"  requests: {len(requests)}, failed {failed} (statuses {by_status})")
    print(
        f"  longest a seat went without a committed move: {worst[0]:.1f} s "
        f"(that move committed {worst[1] - at:+.1f} s from the fault); "
        f"{len(delays)} deliveries of {moves} moves, {missed} not delivered by the end"
    )
    print(
        f"  longest a seat saw no new move at all: {quiet[0]:.1f} s, from "
        f"{quiet[1] - at:+.1f} s from the fault (computers move within a few seconds)"
    )
    print(f"  audit: {audit.games} games, {audit.moves} moves, {verdict}", flush=True)


def longest_quiet(seen: dict, started: float, ended: float) -> tuple[float, float]:
    """The longest stretch in which one seat got no new version: (seconds, when it began)."""
    worst = (0.0, started)
    for had in seen.values():
        times = sorted(t for t in had.values() if started <= t <= ended)
        if not times:
            continue
        for before, after in zip([started, *times], [*times, ended], strict=True):
            if after - before > worst[0]:
                worst = (after - before, before)
    return worst


def snapshot_audit(audit_all: Any) -> Any:
    """The audit in one REPEATABLE READ snapshot: clocks and computers keep playing the
    tables after a run, and a game read before its newest moves would look broken."""
    from django.db import connection, transaction

    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        return audit_all()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--fault-at", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--only", choices=sorted(FAULTS), action="append")
    opts = parser.parse_args()
    if opts.tables > 100 or opts.seconds > 300:
        raise SystemExit("faults: bounded on purpose: at most 100 tables and 300 s a run")
    if cluster.status():
        raise SystemExit("faults: start the cluster first (scripts/cluster start)")
    setup_django()
    for fault in opts.only or ["node", "worker", "pgbouncer"]:
        run_one(fault, opts)


if __name__ == "__main__":
    main()
