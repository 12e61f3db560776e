"""Faults under load, through the balancer of a running ``scripts/cluster`` (a benchmark, not CI).

    scripts/cluster start
    .venv/bin/python deploy/faults.py [--tables 12] [--seconds 40] [--fault-at 10]

Online Rumbaroo tables of two guests and two computers are dealt into the cluster's
database; every person's page stays open through the balancer (livebench's seats:
the page's own waiting poll, a move 3 s after the seat is shown its turn). One run a
fault (all of them in turn, or those ``--only`` names), ``--fault-at`` seconds in:

- ``node``: SIGKILL to app node 1's whole process group (master and workers), as a
  machine dying; it is started again after the run;
- ``worker``: SIGKILL to Celery worker 1's process group: computer turns and clocks
  must go on in worker 2 (tasks are acknowledged late; the sweep catches the rest);
- ``pgbouncer``: PgBouncer stopped and started again (every pooled connection drops);
- ``node-without-database``: node 1 (restarted before the run with its database through
  a ``deploy.link.Link``) loses its database for ``DOWN_FOR`` seconds: the link is cut,
  then mended. The balancer's check (``/health/ready/``) takes it out within 3 s and
  back once it reaches its database again; both times are printed. Node 1 is started
  as usual after the run.

Each run prints requests failed (5xx or no answer), the longest a person's seat went
without a move that had been committed (commit → the seat has it), moves delivered,
and the audit: every game's log replays to its snapshot, seqs 1..version, none doubled.
The app never imports this file.
"""

from __future__ import annotations

import argparse
import dataclasses
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
from deploy.link import Link  # noqa: E402

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


def beat_then_worker() -> None:
    """SIGKILL the active beat, then 2 s later worker 1: nothing sweeps until the standby
    beat takes the lock (within 25 s), and worker 1's unacknowledged clocks and computer
    turns wait for Redis to hand them out again (within 25 s). Prints how long the
    takeover took, then starts the killed beat again as the new standby, as a supervisor
    would (worker 1 comes back after the run, as in ``worker``)."""
    killed = cluster.active_beat() or "beat1"
    kill_group(killed)
    at = time.monotonic()
    time.sleep(2)
    kill_group("worker1")
    while time.monotonic() - at < 60 and cluster.active_beat() is None:
        time.sleep(0.2)
    took = cluster.active_beat()
    print(f"faults: {took or 'no beat'} took over {time.monotonic() - at:.1f} s after "
          f"{killed} was killed", flush=True)  # fmt: skip
    bring_back(killed)


FAULTS = {
    "node": lambda: kill_group("node1"),
    "worker": lambda: kill_group("worker1"),
    "pgbouncer": lambda: cluster.restart("pgbouncer"),
    "beat-then-worker": beat_then_worker,
}
AFTER = {"node": "node1", "worker": "worker1", "pgbouncer": "pgbouncer"}

# node-without-database: node 1's database through a link this process can cut.
LINK = Link(target=cluster.PORTS["pgbouncer"])
DOWN_FOR = 10.0
seen_by_balancer: dict[str, float] = {}  # "out"/"back": seconds after the cut/the mend


def node1_through_the_link() -> None:
    """Node 1 restarted with its DATABASE_URL on the link (the other node as it was)."""
    seen_by_balancer.clear()
    plain = part("node1")
    cluster.stop_part(plain)
    LINK.start()
    url = f"postgres://rummy@127.0.0.1:{LINK.port}/{cluster.DB}"
    linked = dataclasses.replace(plain, env={**plain.env, "DATABASE_URL": url})
    cluster.wait_ready(linked, cluster.spawn(linked))


def lose_the_database() -> None:
    """Cut node 1's link; mend it DOWN_FOR seconds later; time the balancer's view of both."""
    LINK.cut()
    cut = time.monotonic()
    seen_by_balancer["out"] = wait_for_node1("DOWN", cut)
    time.sleep(max(0.0, DOWN_FOR - (time.monotonic() - cut)))
    LINK.mend()
    seen_by_balancer["back"] = wait_for_node1("UP", time.monotonic())


def wait_for_node1(state: str, since: float, seconds: float = 30) -> float:
    while time.monotonic() - since < seconds:
        if f"node1 {state}" in cluster.balancer_view():
            return time.monotonic() - since
        time.sleep(0.1)
    return float("nan")


def node1_straight() -> None:
    """Node 1 as the cluster runs it (once the fault is over), and what the balancer did."""
    deadline = time.monotonic() + DOWN_FOR + 60
    while "back" not in seen_by_balancer and time.monotonic() < deadline:
        time.sleep(0.5)  # a run shorter than the fault: let it end before undoing it
    cluster.stop_part(part("node1"))
    LINK.close()
    out, back = (seen_by_balancer.get(k, float("nan")) for k in ("out", "back"))
    print(f"\nnode-without-database: node 1 left the balancer {out:.1f} s after losing its "
          f"database, and came back {back:.1f} s after it could reach it again")  # fmt: skip


FAULTS["node-without-database"] = lose_the_database
AFTER["node-without-database"] = "node1"
# Faults that change the cluster before the run and change it back after.
AROUND = {"node-without-database": (node1_through_the_link, node1_straight)}
AFTER["beat-then-worker"] = "worker1"  # the beat is started again by the fault itself


def run_one(fault: str, opts: argparse.Namespace) -> None:
    from django.db import connections

    from bench.livebench import run
    from games import catalogue

    before, after = AROUND.get(fault, (None, None))
    if before is not None:
        before()
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
    if after is not None:
        after()
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
    for fault in opts.only or list(FAULTS):  # each in turn, in the order above
        run_one(fault, opts)


if __name__ == "__main__":
    main()
