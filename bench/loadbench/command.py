"""``python -m bench.loadbench``: the production stack on 127.0.0.1, measured (issue 13; not CI).

It makes its own database (``rummy_bench``) and Redis databases (5 and 6) — only when
told so: ``--wipe-database rummy_bench --wipe-redis-db 5,6`` (``bench.wipe``) — starts
gunicorn with ``gunicorn.conf.py`` and a Celery worker with beat, then prints for
each endpoint the rate at saturation, its ratio to the bare view, p50/p95 and the
SQL statements per request; ``--soak-players N --soak-minutes M`` adds the soak and
its audit. It stops what it started and reports its own CPU use.
"""

from __future__ import annotations

import functools
import gc
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from bench import cli, wipe
from bench.loadbench import stack

ENV_FLAG = "RUMMY_LOADBENCH"


def _cpu_seconds() -> float:
    """This command's CPU plus its finished children's.

    Read around each load phase only: then the only children that finish are the
    client processes, so the difference is the load generator's own use (the
    server's processes are children too, but finish after the last phase).
    """
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


class Generator:
    """The load generator's CPU seconds and wall seconds, summed over the load phases."""

    def __init__(self) -> None:
        self.cpu = self.wall = 0.0

    def measure(self, run: Any) -> Any:
        cpu0, wall0 = _cpu_seconds(), time.monotonic()
        result = run()
        self.cpu += _cpu_seconds() - cpu0
        self.wall += time.monotonic() - wall0
        return result


def _machine_busy() -> tuple[int, int]:
    """(busy, total) jiffies from /proc/stat, for the machine's CPU use over a phase."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


# Short names for --phases, in the order the phases run.
PHASE_KEYS = {
    "bare": "bare view",
    "table": "table page",
    "poll": "poll (nothing new)",
    "draft": "draft action",
    "move": "move",
    "reply": "move + computer reply",
}


def _phases(chosen: str) -> list[str]:
    """The saturation phases to run: all, or the bare view plus those named."""
    keys = {k.strip() for k in chosen.split(",") if k.strip()}
    unknown = keys - set(PHASE_KEYS)
    if unknown:
        raise CommandError(f"unknown phases {sorted(unknown)}; choose from {list(PHASE_KEYS)}")
    return [name for key, name in PHASE_KEYS.items() if not keys or key in keys | {"bare"}]


def planned(opts: dict[str, Any]) -> wipe.Wipe:
    """What a run wipes: its database and the stack's broker and cache databases."""
    return wipe.Wipe(opts["db"], (stack.BROKER_DB, stack.CACHE_DB))


class Command(BaseCommand):
    help = "Load-test the production stack on 127.0.0.1 (saturation per endpoint, soak, audit)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--clients", type=int, default=16, help="concurrent clients per phase")
        parser.add_argument(
            "--seconds", type=float, default=10.0, help="measured seconds per phase"
        )
        parser.add_argument("--warmup", type=float, default=2.0)
        parser.add_argument("--soak-players", type=int, default=0)
        parser.add_argument("--soak-minutes", type=float, default=3.0)
        parser.add_argument("--no-saturation", action="store_true")
        parser.add_argument(
            "--phases",
            default="",
            help="only these saturation phases, e.g. draft,poll (the bare view always runs: "
            "it is every ratio's base); keys: " + ", ".join(PHASE_KEYS),
        )
        parser.add_argument("--port", type=int, default=8765)
        parser.add_argument("--db", default="rummy_bench")
        parser.add_argument("--app-dir", default=str(settings.BASE_DIR), help="the tree to serve")
        parser.add_argument(
            "--gunicorn-args",
            default="-c gunicorn.conf.py",
            help='e.g. "-w 2 rummy_site.wsgi" to measure without the config file',
        )
        wipe.add_arguments(parser)

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["clients"] > 64 or opts["seconds"] > 120 or opts["soak_minutes"] > 15:
            raise CommandError("bounded on purpose: at most 64 clients, 120 s a phase, 15 minutes")
        relaunched = os.environ.get(ENV_FLAG) == "1"
        stack.check(planned(opts), opts, "loadbench", relaunched)
        if not relaunched:
            self._reexec(opts)  # never returns: settings must point at the bench database
        self._run(opts)

    def _reexec(self, opts: dict[str, Any]) -> None:
        env = stack.wipe_and_env(planned(opts), opts["port"])
        os.chdir(opts["app_dir"])
        os.execve(sys.executable, cli.reexec_argv("bench.loadbench"), env)

    def _run(self, opts: dict[str, Any]) -> None:
        app_dir = Path(opts["app_dir"])
        bench = stack.Stack(
            app_dir=app_dir,
            env=dict(os.environ),
            port=opts["port"],
            gunicorn_args=opts["gunicorn_args"].split(),
            log_dir=Path("/tmp") / f"loadbench-{opts['db']}",
        )
        bench.prepare()
        started, self.generator = time.monotonic(), Generator()
        counts = self._sql_counts()
        bench.start()
        try:
            if not opts["no_saturation"]:
                self._saturation(opts, counts)
            if opts["soak_players"]:
                self._soak(opts)
        finally:
            bench.stop()
        self._audit()
        cpu, wall = self.generator.cpu, max(self.generator.wall, 1e-9)
        self.stdout.write(
            f"\nload generator CPU: {cpu:.1f} s over {wall:.0f} s of load "
            f"({100 * cpu / wall:.0f}% of one core; {os.cpu_count()} cores); "
            f"total {time.monotonic() - started:.0f} s; logs in {bench.log_dir}"
        )

    def _sql_counts(self) -> dict[str, tuple[int, int]]:
        from bench.loadbench import sqlcount

        counts = sqlcount.counts()
        connections.close_all()  # the client processes fork from here
        # The clients fork from this process with Django loaded: frozen, its objects are
        # never traversed by the children's garbage collector (which made the load
        # generator itself eat most of a core), nor copied by touching their refcounts.
        gc.collect()
        gc.freeze()
        return counts

    def _saturation(self, opts: dict[str, Any], counts: dict[str, tuple[int, int]]) -> None:
        self.stdout.write(
            f"\nsaturation: {opts['clients']} clients, {opts['seconds']:.0f} s each "
            f"(+{opts['warmup']:.0f} s warm-up), gunicorn {opts['gunicorn_args']!r}\n"
        )
        header = f"{'endpoint':24} {'req/s':>8} {'ratio':>6} {'base':>7} {'p50 ms':>7} "
        self.stdout.write(header + f"{'p95 ms':>7} {'SQL':>4} {'tx':>3} {'CPU%':>5}  statuses")
        bare_name = PHASE_KEYS["bare"]
        for name in _phases(opts["phases"]):
            # Each ratio's base is the bare view measured just before it: the machine's
            # speed drifts by a tenth between minutes, as much as the gaps being measured.
            base = self._phase(opts, bare_name) if name != bare_name else None
            result, cpu = self._phase(opts, name), self._last_cpu
            sql, tx = counts.get(name, (0, 0))
            base_rate = base.rate if base is not None else result.rate
            self.stdout.write(
                f"{name:24} {result.rate:8.1f} {result.rate / base_rate:6.2f} {base_rate:7.1f} "
                f"{1000 * result.percentile(50):7.1f} {1000 * result.percentile(95):7.1f} "
                f"{sql:4d} {tx:3d} {cpu:5.0f}  {dict(sorted(result.statuses.items()))}"
            )

    def _phase(self, opts: dict[str, Any], name: str) -> Any:
        """One saturation phase, with the machine's CPU use over it kept in ``_last_cpu``."""
        from bench.loadbench import saturation, setup

        plans = setup.plans(name, opts["clients"], opts["port"])
        connections.close_all()
        busy0 = _machine_busy()
        result = self.generator.measure(
            functools.partial(saturation.run_phase, name, plans, opts["warmup"], opts["seconds"])
        )
        busy1 = _machine_busy()
        self._last_cpu = 100 * (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1])
        return result

    def _soak(self, opts: dict[str, Any]) -> None:
        from bench.loadbench import setup, soak

        players = opts["soak_players"]
        cookies = [setup.guest()[1] for _ in range(players)]
        connections.close_all()
        busy0 = _machine_busy()
        records, games = self.generator.measure(
            lambda: soak.run(opts["port"], cookies, opts["soak_minutes"])
        )
        busy1 = _machine_busy()
        latencies = sorted(r[0] for r in records)
        errors = sum(1 for r in records if r[1] >= 500)
        by_label: dict[str, int] = {}
        for _, _, label in records:
            by_label[label] = by_label.get(label, 0) + 1

        def pct(q: float) -> float:
            return (
                1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))]
                if latencies
                else 0
            )

        self.stdout.write(
            f"\nsoak: {players} players, {opts['soak_minutes']:g} min: {len(records)} requests "
            f"({len(records) / (opts['soak_minutes'] * 60):.1f}/s) {by_label}; "
            f"p50 {pct(0.50):.0f} ms, p95 {pct(0.95):.0f} ms, p99 {pct(0.99):.0f} ms, "
            f"max {pct(1.0):.0f} ms; 5xx: {errors}; games started: {len(games)}; "
            f"machine CPU {100 * (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1]):.0f}%"
        )

    def _audit(self) -> None:
        from bench.loadbench import audit

        report = audit.audit_all()
        verdict = "OK" if not report.problems else f"{len(report.problems)} PROBLEMS"
        self.stdout.write(
            f"\naudit: {report.games} games, {report.moves} moves replayed: {verdict} "
            "(each log replays to its snapshot; seqs 1..version, none doubled or missing)"
        )
        for problem in report.problems[:20]:
            self.stdout.write(f"  {problem}")
