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

``--transport ws`` runs the node's live process too (uvicorn, rummy_site.asgi) and the
seats learn of moves over its websockets (bench/livebench/sockets.py: one process, one
event loop); ``--idle N`` opens N more connections that only listen, and reports the live
process's memory with them open. Each run prints the server's CPU (gunicorn, Celery, the
live process, PostgreSQL's backends) and transactions per move beside the generator's CPU,
so polls and websockets compare side by side (``--transport poll`` turns the sockets off).
``--arrive S`` spreads the seats' first page loads over S seconds (by default they come
4 ms apart, a thousand table pages in four seconds, a crowd no site sees at once) and
prints the delays again for the moves made once every seat is there: play, not arrival.
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
BASELINE_SECONDS = 10.0  # the stack up and nobody playing: what it costs by itself


def planned(opts: dict[str, Any]) -> wipe.Wipe:
    """What a run wipes: its database and the stack's broker and cache databases."""
    return wipe.Wipe(opts["db"], (stack.BROKER_DB, stack.CACHE_DB))


class Command(BaseCommand):
    help = "Online tables on the production stack: move-to-other-seats delay, requests/s."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--tables", type=int, default=100)
        parser.add_argument("--minutes", type=float, default=2.0)
        parser.add_argument("--think", type=float, default=3.0, help="seconds before a move")
        parser.add_argument(
            "--arrive",
            type=float,
            default=0.0,
            help="seconds over which the seats open their tables (0: all at once)",
        )
        parser.add_argument("--processes", type=int, default=4, help="load generator processes")
        parser.add_argument("--transport", choices=("poll", "ws"), default="poll")
        parser.add_argument("--idle", type=int, default=0, help="ws: more listening sockets")
        parser.add_argument("--game", default="", help="a catalogue kind (default: the daily's)")
        parser.add_argument("--short-poll", action="store_true", help="no waiting for news")
        parser.add_argument("--port", type=int, default=8766)
        parser.add_argument("--db", default="rummy_bench_live")
        parser.add_argument("--gunicorn-args", default="-c gunicorn.conf.py")
        wipe.add_arguments(parser)

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["tables"] > 500 or opts["minutes"] > 10 or opts["idle"] > 10_000:
            raise CommandError("bounded: at most 500 tables, 10 minutes, 10,000 idle sockets")
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
        env["LIVE_WEBSOCKETS"] = "1" if opts["transport"] == "ws" else "0"
        os.execve(sys.executable, cli.reexec_argv("bench.livebench"), env)

    def _run(self, opts: dict[str, Any]) -> None:
        from bench.livebench import tables
        from games import catalogue

        kind = opts["game"] or tables.default_kind()
        sockets = opts["transport"] == "ws"
        bench = stack.Stack(
            app_dir=Path.cwd(),
            env=dict(os.environ),
            port=opts["port"],
            gunicorn_args=opts["gunicorn_args"].split(),
            log_dir=Path("/tmp") / f"livebench-{opts['db']}",
            live_port=opts["port"] + 1 if sockets else None,
        )
        bench.prepare()
        seats = tables.deal(kind, opts["tables"])
        connections.close_all()
        bench.start()
        plan = {
            "port": opts["port"],
            "live_port": opts["port"] + 1,
            "seconds": opts["minutes"] * 60,
            "think": opts["think"],
            "arrive": opts["arrive"],
            "processes": opts["processes"],
            "prefix": catalogue.get(kind).url_prefix,
        }
        figures = Figures(bench, opts["db"])
        try:
            logs = self._play(seats, plan, opts, figures)
            figures.close()
        finally:
            bench.stop()
        ended = figures.started + plan["seconds"]  # the seats stop acting then
        self._report(kind, opts, logs, figures.started, ended, figures)

    def _play(
        self, seats: list, plan: dict[str, Any], opts: dict[str, Any], figures: Figures
    ) -> list:
        from bench.livebench import run, sockets

        figures.open()
        if opts["transport"] == "poll":
            return run.run(seats, plan)
        return sockets.run(seats, plan, opts["idle"], figures.with_idle)

    def _report(
        self,
        kind: str,
        opts: dict[str, Any],
        logs: list,
        started: float,
        ended: float,
        figures: Figures,
    ) -> None:
        from bench.loadbench.audit import audit_all
        from games.models import Move

        seen = {(log.game, log.seat): log.had for log in logs}
        seats_of: dict[str, list[int]] = {}
        for game, seat in seen:
            seats_of.setdefault(game, []).append(seat)
        delays, missed, moves = [], 0, 0
        arrived = started + opts["arrive"]  # every seat has its table open from here on
        steady: list[float] = []  # the delays of the moves made after that
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
                    if created.timestamp() >= arrived:
                        steady.append(delays[-1])
        requests = [r for log in logs for r in log.requests]
        statuses = Counter(status for _, status, _ in requests)
        labels = Counter(label for label, _, _ in requests)
        seconds = ended - started
        mode = "every 1 s (short poll)" if opts["short_poll"] else "waiting for news (long poll)"
        if opts["transport"] == "ws":
            mode = "over the live process's websockets"
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
        if opts["arrive"] and steady:
            q = statistics.quantiles(steady, n=100)
            self.stdout.write(
                f"  of moves made once every seat had arrived ({opts['arrive']:.0f} s): p50"
                f" {1000 * q[49]:.0f} ms, p95 {1000 * q[94]:.0f} ms, max {1000 * max(steady):.0f}"
                f" ms over {len(steady)} deliveries"
            )
        errors = sum(n for s, n in statuses.items() if s >= 500)
        by_status = dict(sorted(statuses.items()))
        self.stdout.write(
            f"server: {len(requests) / seconds:.1f} requests/s; statuses {by_status}; "
            f"{errors} errors; by kind {dict(labels.most_common())}"
        )
        for line in figures.lines(moves, seconds):
            self.stdout.write(line)
        audit = audit_all()
        verdict = "all replay" if not audit.problems else f"PROBLEMS: {audit.problems[:3]}"
        self.stdout.write(f"audit: {audit.games} games, {audit.moves} moves, {verdict}")


class Figures:
    """The run's costs: the generator's CPU beside the server's, transactions, memory."""

    def __init__(self, bench: stack.Stack, database: str) -> None:
        from bench.livebench import server

        self.groups = {name: {proc.pid} for name, proc in bench.procs.items()}
        self.database = server.Database(database)
        self.started = 0.0
        self.idle: tuple[int, float] | None = None  # (open sockets, live process MB)
        self.idle_base = 0.0  # the live process's MB just before they opened
        self.live_mb = 0.0

    def _server(self) -> dict[str, float]:
        from bench.livebench import server

        out = {name: server.cpu_seconds(pids) for name, pids in self.groups.items()}
        out["postgres"] = self.database.backends_cpu()
        return out

    def open(self) -> None:
        """Start counting, after a quiet spell that says what the stack spends doing nothing."""
        quiet0, tx0 = self._server(), self.database.transactions()
        time.sleep(BASELINE_SECONDS)
        quiet1, tx1 = self._server(), self.database.transactions()
        self.quiet = (sum(quiet1.values()) - sum(quiet0.values())) / BASELINE_SECONDS
        self.quiet_tx = (tx1 - tx0) / BASELINE_SECONDS
        self.cpu0, self.server0 = _cpu(), self._server()
        self.tx0, self.started = self.database.transactions(), time.time()
        connections.close_all()  # the poll generator forks: no shared database socket

    def with_idle(self, count: int) -> None:
        from bench.livebench import server

        mb = server.rss_mb(self.groups.get("live", set()))
        if count == 0:
            self.idle_base = mb
        else:
            self.idle = (count, mb)

    def close(self) -> None:
        from bench.livebench import server

        self.seconds = time.time() - self.started
        self.generator = _cpu() - self.cpu0  # before the stack stops: its CPU is not in it
        after = self._server()
        self.server = {k: after[k] - self.server0.get(k, 0.0) for k in after}
        self.tx = self.database.transactions() - self.tx0
        self.live_mb = server.rss_mb(self.groups.get("live", set()))

    def lines(self, moves: int, seconds: float) -> list[str]:
        total = sum(self.server.values())
        parts = ", ".join(f"{k} {v:.0f} s" for k, v in sorted(self.server.items()))
        per = moves or 1
        net_cpu = total - self.quiet * seconds
        net_tx = self.tx - self.quiet_tx * seconds
        out = [
            f"server CPU: {total:.0f} s over {seconds:.0f} s ({100 * total / seconds:.0f}% of one"
            f" core: {parts}); per move {1000 * total / per:.1f} ms, {1000 * net_cpu / per:.1f}"
            f" ms beyond the quiet stack's {100 * self.quiet:.0f}% of a core",
            f"transactions: {self.tx} ({self.tx / per:.1f} per move, every seat's page counted;"
            f" {net_tx / per:.1f} beyond the quiet stack's {self.quiet_tx:.1f}/s)",
            f"load generator CPU: {self.generator:.0f} s ({100 * self.generator / seconds:.0f}% "
            f"of one core; {os.cpu_count()} cores)",
        ]
        if "live" in self.groups:
            out.append(f"live process memory at the end: {self.live_mb:.0f} MB")
        if self.idle is not None:
            count, mb = self.idle
            each = 1000 * (mb - self.idle_base) / count
            out.append(
                f"with {count} more sockets open and listening: live process {mb:.0f} MB"
                f" ({self.idle_base:.0f} MB before they opened: {each:.0f} KB a socket)"
            )
        return out


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _aware(stamp: float) -> Any:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(stamp, tz=UTC)
