"""``python -m bench.matchbench``: N players join quick match over M seconds on a real stack.

Not part of CI. Like ``loadbench`` it makes its own database (``rummy_bench_match``,
dropped and recreated), uses Redis database 6 (broker and cache) — only when told
so: ``--wipe-database rummy_bench_match --wipe-redis-db 6`` — and starts
gunicorn (``gunicorn.conf.py``) and a Celery worker with beat on 127.0.0.1; it
stops them at the end. Each simulated player arrives at a random moment within
``--seconds``, presses a quick-match preset and follows the waiting page (see
``bench/matchbench/players.py``). It prints the time from the press to seated
(p50/p95/max), split into players whose press found an opponent waiting and
those who waited, how long a waiting page took to follow its match, and the
audit: players seated at two tables (must be 0), tables not of exactly the
preset's seat count, queue rows that say one table while the seats say another.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from bench import cli, wipe
from bench.loadbench import stack

ENV_FLAG = "RUMMY_MATCHBENCH"
REDIS_DB = 6


def planned(opts: dict[str, Any]) -> wipe.Wipe:
    """What a run wipes: its database and its one Redis database (broker and cache)."""
    return wipe.Wipe(opts["db"], (REDIS_DB,))


class Command(BaseCommand):
    help = "Quick-match benchmark: players joining over time against a local server (not CI)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--players", type=int, default=200)
        parser.add_argument("--seconds", type=float, default=120.0, help="arrivals spread over")
        parser.add_argument("--kind", default="", help="a game kind (default: the daily's game)")
        parser.add_argument("--preset", default="", help="a preset key (default: its first)")
        parser.add_argument("--give-up", type=float, default=30.0, help="a player waits at most")
        parser.add_argument("--port", type=int, default=8790)
        parser.add_argument("--db", default="rummy_bench_match")
        parser.add_argument("--seed", type=int, default=26)
        parser.add_argument("--gunicorn-args", default="-c gunicorn.conf.py")
        wipe.add_arguments(parser)

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["players"] > 400 or opts["seconds"] > 300 or opts["give_up"] > 120:
            raise CommandError("bounded on purpose: at most 400 players, 300 s, 120 s of waiting")
        if not opts["db"].startswith("rummy_bench"):
            raise CommandError("the benchmark's database must be named rummy_bench*")
        relaunched = os.environ.get(ENV_FLAG) == "1"
        stack.check(planned(opts), opts, "matchbench", relaunched)
        _choose_game(opts)
        if not relaunched:
            self._reexec(opts)  # never returns: settings must point at the bench database
        self._run(opts)

    def _reexec(self, opts: dict[str, Any]) -> None:
        env = stack.wipe_and_env(planned(opts), opts["port"])
        env.update(
            CELERY_BROKER_URL=f"redis://127.0.0.1:6379/{REDIS_DB}",
            CACHE_URL=f"redis://127.0.0.1:6379/{REDIS_DB}",
            **{ENV_FLAG: "1"},
        )
        os.execve(sys.executable, cli.reexec_argv("bench.matchbench"), env)

    def _run(self, opts: dict[str, Any]) -> None:
        from django.conf import settings

        bench = stack.Stack(
            app_dir=Path(settings.BASE_DIR),
            env=dict(os.environ),
            port=opts["port"],
            gunicorn_args=opts["gunicorn_args"].split(),
            log_dir=Path("/tmp") / f"matchbench-{opts['db']}",
        )
        bench.prepare()
        bench.start()
        try:
            outcomes = self._load(opts)
        finally:
            bench.stop()
        self._report(opts, outcomes)

    def _load(self, opts: dict[str, Any]) -> list[Any]:
        from bench.loadbench.setup import guest
        from bench.matchbench.players import Client, Outcome, play

        rng = random.Random(opts["seed"])
        begin = time.time() + 2.0
        stop = threading.Event()
        outcomes, threads = [], []
        join_path = f"/match/{opts['kind']}/join/"
        for i in range(opts["players"]):
            outcome = Outcome(i)
            client = Client(opts["port"], guest()[1])
            form = {"table_name": f"Bench {i:03d}", "preset": opts["preset"]}
            start_at = begin + rng.uniform(0, opts["seconds"])
            args = (outcome, client, start_at, join_path, form, opts["give_up"], stop)
            threads.append(threading.Thread(target=play, args=args, daemon=True))
            outcomes.append(outcome)
        self.stdout.write(
            f"{opts['players']} players joining {opts['kind']} {opts['preset']} "
            f"over {opts['seconds']:.0f} s on 127.0.0.1:{opts['port']}…"
        )
        for thread in threads:
            thread.start()
        limit = begin + opts["seconds"] + opts["give_up"] + 60
        for thread in threads:
            thread.join(max(0.1, limit - time.time()))
        stop.set()
        return outcomes

    def _report(self, opts: dict[str, Any], outcomes: list[Any]) -> None:
        seated = [o for o in outcomes if o.seated_after is not None]
        direct = [o.seated_after for o in seated if o.direct]
        waited = [o.seated_after for o in seated if not o.direct]
        loaded = [o.loaded_after for o in seated if o.loaded_after is not None]
        follow = self._follow_times(seated)
        out = self.stdout.write
        out(
            f"seated {len(seated)} of {len(outcomes)}; "
            f"errors {sum(len(o.errors) for o in outcomes)}"
        )
        out(_line("press → seated, all", [o.seated_after for o in seated]))
        out(_line("press → seated, an opponent was waiting", direct))
        out(_line("press → seated, waited for an opponent", waited))
        out(_line("press → table page loaded", loaded))
        out(_line("match made → waiting page at the table", follow))
        out(
            "waiting-page polls per waiting player: "
            f"{_mean([o.polls for o in seated if not o.direct])}"
        )
        doubles, wrong_size, mismatched, client_doubles = self._audit(opts, seated)
        out(
            f"audit: players at two tables {doubles} (client view {client_doubles}); "
            f"tables of the wrong size {wrong_size}; queue rows not matching seats {mismatched}"
        )
        errors = Counter(e for o in outcomes for e in o.errors)
        if errors:
            out(f"errors: {dict(errors)}")

    def _follow_times(self, seated: list[Any]) -> list[float]:
        """For players who waited: from the game's creation to their page knowing the table."""
        from games.models import Game

        ids = {o.table.rstrip("/").rsplit("/", 1)[-1] for o in seated}
        created = {str(g.pk): g.created.timestamp() for g in Game.objects.filter(pk__in=ids)}
        times = []
        for o in seated:
            made = created.get(o.table.rstrip("/").rsplit("/", 1)[-1])
            if made is not None and not o.direct:
                times.append(max(0.0, o.pressed + o.seated_after - made))
        return times

    def _audit(self, opts: dict[str, Any], seated: list[Any]) -> tuple[int, int, int, int]:
        from games.models import Seat
        from matchmaking import presets
        from matchmaking.models import EntryStatus, QueueEntry

        seats = list(Seat.objects.filter(computer_level="").values_list("device_key", "game_id"))
        per_player = Counter(key for key, _ in seats)
        doubles = sum(1 for n in per_player.values() if n > 1)
        preset = presets.find(opts["kind"], opts["preset"])
        size = preset.seats if preset else 2
        wrong = sum(1 for n in Counter(g for _, g in seats).values() if n != size)
        pairs = set(seats)
        rows = QueueEntry.objects.filter(status=EntryStatus.MATCHED)
        mismatched = sum(1 for r in rows if (r.device_key, r.game_id) not in pairs)
        tables_seen = Counter(o.index for o in seated)
        client_doubles = sum(1 for n in tables_seen.values() if n > 1)
        return doubles, wrong, mismatched, client_doubles


def _line(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (
        f"{label}: n={len(values)} p50 {statistics.median(ordered):.3f} s, "
        f"p95 {p95:.3f} s, max {ordered[-1]:.3f} s"
    )


def _mean(values: list[int]) -> str:
    return f"{statistics.mean(values):.1f}" if values else "-"


def _choose_game(opts: dict[str, Any]) -> None:
    """Fill in the defaults: the daily challenge's game and its first two-seat preset."""
    from games import catalogue
    from matchmaking import presets

    opts["kind"] = opts["kind"] or next(e.kind for e in catalogue.CATALOGUE if e.daily)
    if catalogue.find(opts["kind"]) is None:
        raise CommandError(f"no game {opts['kind']!r}")
    found = presets.presets(opts["kind"])
    if not opts["preset"]:
        opts["preset"] = next((p.key for p in found if p.seats == 2), found[0].key)
    if presets.find(opts["kind"], opts["preset"]) is None:
        raise CommandError(f"no preset {opts['preset']!r}; choose from {[p.key for p in found]}")
