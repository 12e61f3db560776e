"""``python -m bench.livebench``: online tables under load — how soon the other seats have a move.

It deals ``--tables`` online games of four guests, starts the production stack
on 127.0.0.1 (its own database and Redis databases, like ``loadbench``, only when
told so: ``--wipe-database rummy_bench_live --wipe-redis-db 5,6``), and
plays them for ``--minutes``: every seat's page stays open and updates as the
real page does, and the seat to act moves 3 s after it is shown the table.
It prints the delay from each move's commit to each other seat having it
(p50/p95/max), the server's requests per second and statuses, the load
generator's CPU, and the audit (every log replays to its snapshot).
``--short-poll`` serves pages that ask every second instead of waiting for
news, to compare the two choices in one sitting.
"""

from __future__ import annotations

import os
import resource
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from bench import cli, wipe
from bench.loadbench import stack

FLAG = "RUMMY_LIVEBENCH"
SETTLE_SECONDS = 3.0  # moves made this close to the end may not have reached everyone


def planned(opts: dict[str, Any]) -> wipe.Wipe:
    """What a run wipes: its database and the stack's broker and cache databases."""
    return wipe.Wipe(opts["db"], (stack.BROKER_DB, stack.CACHE_DB))


class Command(BaseCommand):
    help = "Online tables on the production stack: move-to-other-seats delay, requests/s."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--tables", type=int, default=100)
        parser.add_argument("--minutes", type=float, default=2.0)
        parser.add_argument("--think", type=float, default=3.0, help="seconds before a move")
        parser.add_argument("--processes", type=int, default=4, help="load generator processes")
        parser.add_argument("--game", default="", help="a catalogue kind (default: the daily's)")
        parser.add_argument("--short-poll", action="store_true", help="no waiting for news")
        parser.add_argument("--port", type=int, default=8766)
        parser.add_argument("--db", default="rummy_bench_live")
        parser.add_argument("--gunicorn-args", default="-c gunicorn.conf.py")
        wipe.add_arguments(parser)

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["tables"] > 200 or opts["minutes"] > 10:
            raise CommandError("bounded on purpose: at most 200 tables and 10 minutes")
        if not opts["db"].startswith("rummy_bench"):
            raise CommandError("the benchmark only touches databases named rummy_bench*")
        relaunched = os.environ.get(FLAG) == "1"
        stack.check(planned(opts), opts, "livebench", relaunched)
        if not relaunched:
            self._reexec(opts)
        self._run(opts)

    def _reexec(self, opts: dict[str, Any]) -> None:
        env = stack.wipe_and_env(planned(opts), opts["port"])
        env[FLAG] = "1"
        # A waiting page holds a server thread: enough of them for every seat (gunicorn.conf.py
        # reads this, and settings leave 8 a process for everything else).
        env.setdefault("GUNICORN_THREADS", "160")
        if opts["short_poll"]:
            env["LIVE_WAIT_SECONDS"] = "0"
        os.execve(sys.executable, cli.reexec_argv("bench.livebench"), env)

    def _run(self, opts: dict[str, Any]) -> None:
        from bench.livebench import run, tables
        from games import catalogue

        kind = opts["game"] or tables.default_kind()
        bench = stack.Stack(
            app_dir=Path.cwd(),
            env=dict(os.environ),
            port=opts["port"],
            gunicorn_args=opts["gunicorn_args"].split(),
            log_dir=Path("/tmp") / f"livebench-{opts['db']}",
        )
        bench.prepare()
        seats = tables.deal(kind, opts["tables"])
        connections.close_all()
        bench.start()
        plan = {
            "port": opts["port"],
            "seconds": opts["minutes"] * 60,
            "think": opts["think"],
            "processes": opts["processes"],
            "prefix": catalogue.get(kind).url_prefix,
        }
        cpu0, started = _cpu(), time.time()
        try:
            logs = run.run(seats, plan)
        finally:
            bench.stop()
        ended = started + plan["seconds"]  # the seats stop acting then (a last wait may linger)
        self._report(kind, opts, logs, started, ended, _cpu() - cpu0)

    def _report(
        self, kind: str, opts: dict[str, Any], logs: list, started: float, ended: float, cpu: float
    ) -> None:
        from bench.loadbench.audit import audit_all
        from games.models import Move

        seen = {(log.game, log.seat): log.had for log in logs}
        seats_of: dict[str, list[int]] = {}
        for game, seat in seen:
            seats_of.setdefault(game, []).append(seat)
        delays, missed, moves = [], 0, 0
        rows = Move.objects.filter(created__lt=_aware(ended - SETTLE_SECONDS))
        for game, seq, mover, created in rows.values_list("game_id", "seq", "seat", "created"):
            moves += 1
            for other in seats_of.get(str(game), []):
                if other == mover:
                    continue
                had = seen[(str(game), other)].get(seq)
                if had is None:
                    missed += 1
                else:
                    delays.append(max(0.0, had - created.timestamp()))
        requests = [r for log in logs for r in log.requests]
        statuses = Counter(status for _, status, _ in requests)
        labels = Counter(label for label, _, _ in requests)
        seconds = ended - started
        mode = "every 1 s (short poll)" if opts["short_poll"] else "waiting for news (long poll)"
        self.stdout.write(
            f"\nlivebench: {opts['tables']} {kind} tables × 4 seats for {seconds:.0f} s, "
            f"pages {mode}, a move {opts['think']:.0f} s after the table is shown"
        )
        if delays:
            q = statistics.quantiles(delays, n=100)
            self.stdout.write(
                f"commit → other seats: p50 {1000 * q[49]:.0f} ms, p95 {1000 * q[94]:.0f} ms, "
                f"max {1000 * max(delays):.0f} ms over {len(delays)} deliveries of {moves} moves"
                f" ({missed} not delivered by the end)"
            )
        errors = sum(n for s, n in statuses.items() if s >= 500)
        by_status = dict(sorted(statuses.items()))
        self.stdout.write(
            f"server: {len(requests) / seconds:.1f} requests/s; statuses {by_status}; "
            f"{errors} errors; by kind {dict(labels.most_common())}"
        )
        self.stdout.write(
            f"load generator CPU: {cpu:.0f} s over {seconds:.0f} s "
            f"({100 * cpu / seconds:.0f}% of one core; {os.cpu_count()} cores)"
        )
        audit = audit_all()
        verdict = "all replay" if not audit.problems else f"PROBLEMS: {audit.problems[:3]}"
        self.stdout.write(f"audit: {audit.games} games, {audit.moves} moves, {verdict}")


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _aware(stamp: float) -> Any:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(stamp, tz=UTC)
