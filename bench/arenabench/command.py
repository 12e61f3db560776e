"""``python -m bench.arenabench``: an Arena of N simulated people for M minutes on a real stack.

Not part of CI. Like ``livebench`` it makes its own database (``rummy_bench_arena``,
dropped and recreated) and uses Redis databases 5 and 6 (broker and cache), only when
told so: ``--wipe-database rummy_bench_arena --wipe-redis-db 5,6``; it starts gunicorn
(``gunicorn.conf.py``) and a Celery worker with beat on 127.0.0.1, and stops them at
the end.

It makes ``--players`` accounts with public names and one Arena of a catalogue game
(``--game``) at tables of 2, dealt with the game's tournament options
(``GameEntry.tournament_options``: short on purpose), that starts as the people arrive
and lasts ``--minutes``. The game is by default the catalogue's first that can seat 2
and whose table page a person can work here: its benchmark module names a page adapter
(``bench.arenabench.board.pages_for``), so its moves go through the pages as a person's
do. Every person is simulated through the pages (``bench/arenabench/people.py``): Join,
the tournament page's poll, the table's page and forms, moves the game's computer player
chooses from the seat's view read off the page, Game over and on to the next table. (A
game without a page adapter has its moves made through ``games.services`` in the
generator instead, said so as the run starts.) The server's computers play nothing (a
seat the house took after timeouts is counted and reported). After the end the people
finish their games (the grace), the standings freeze, and the run reports:

- the pairing wait after a game ends (p50/p95/max), to the player's page knowing its
  next table and to that table being dealt, for the waits when another player was
  free (the figure the issue asks for) and for all;
- players ever at two running tables (the games' own seats; and as the pages saw it);
- games dealt and finished, moves, requests and statuses;
- whether the standings recomputed from the games equal the stored ones
  (``tournaments.standings.compare``, as ``manage.py recompute_tournament``);
- the CPU of the server (gunicorn, the worker, PostgreSQL's backends) beside the
  generator's own, and the whole machine's busy share and load.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from bench import cli, wipe
from bench.arenabench import board
from bench.loadbench import stack
from games import catalogue

FLAG = "RUMMY_ARENABENCH"
LEAD_SECONDS = 3.0  # from the stack being up to the Arena's start (and the first arrival)


def planned(opts: dict[str, Any]) -> wipe.Wipe:
    """What a run wipes: its database and the stack's broker and cache databases."""
    return wipe.Wipe(opts["db"], (stack.BROKER_DB, stack.CACHE_DB))


def fits(entry: catalogue.GameEntry) -> bool:
    """A game an Arena of tables of 2 can deal: it seats 2 and has tournament options."""
    return (
        entry.ready
        and entry.min_players <= 2 <= entry.max_players
        and bool(entry.tournament_options)
    )


def default_game() -> str:
    """The catalogue's first game for tables of 2 whose page a person can work here (a page
    adapter), else the first for tables of 2."""
    fit = [entry.kind for entry in catalogue.CATALOGUE if fits(entry)]
    return next((kind for kind in fit if board.pages_for(kind) is not None), fit[0])


class Command(BaseCommand):
    help = "Arena benchmark: simulated people through the pages on a local stack (not CI)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--players", type=int, default=300)
        parser.add_argument("--minutes", type=int, default=10, help="the Arena's length")
        parser.add_argument("--arrive", type=float, default=60.0, help="arrivals spread over (s)")
        parser.add_argument("--think", default="3,7", help="seconds before a move: low,high")
        parser.add_argument(
            "--back", type=float, default=0.3,
            help="share of Game overs after which a person goes back to the tournament page",
        )  # fmt: skip
        parser.add_argument(
            "--game", default="",
            help="a catalogue kind (default: the first at tables of 2 with a page adapter)",
        )  # fmt: skip
        parser.add_argument("--port", type=int, default=8792)
        parser.add_argument("--db", default="rummy_bench_arena")
        parser.add_argument("--seed", type=int, default=38)
        parser.add_argument("--gunicorn-args", default="-c gunicorn.conf.py")
        wipe.add_arguments(parser)

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["players"] > 400 or opts["minutes"] > 30 or opts["players"] < 2:
            raise CommandError("bounded on purpose: 2 to 400 players, at most 30 minutes")
        opts["game"] = opts["game"] or default_game()
        entry = catalogue.find(opts["game"])
        if entry is None or not fits(entry):
            fit = ", ".join(e.kind for e in catalogue.CATALOGUE if fits(e))
            raise CommandError(f"--game is a catalogue game for tables of 2: one of {fit}")
        if not opts["db"].startswith("rummy_bench"):
            raise CommandError("the benchmark's database must be named rummy_bench*")
        low, _, high = opts["think"].partition(",")
        try:
            opts["think_range"] = (float(low), float(high or low))
        except ValueError as exc:
            raise CommandError("--think is low,high in seconds, e.g. 3,7") from exc
        relaunched = os.environ.get(FLAG) == "1"
        stack.check(planned(opts), opts, "arenabench", relaunched)
        if not relaunched:
            self._reexec(opts)  # never returns: settings must point at the bench database
        self._run(opts)

    def _reexec(self, opts: dict[str, Any]) -> None:
        env = stack.wipe_and_env(planned(opts), opts["port"])
        env[FLAG] = "1"
        os.execve(sys.executable, cli.reexec_argv("bench.arenabench"), env)

    def _run(self, opts: dict[str, Any]) -> None:
        from django.conf import settings

        from bench.arenabench import measure, people, setup

        bench = stack.Stack(
            app_dir=Path(settings.BASE_DIR),
            env=dict(os.environ),
            port=opts["port"],
            gunicorn_args=opts["gunicorn_args"].split(),
            log_dir=Path("/tmp") / f"arenabench-{opts['db']}",
        )
        bench.prepare()
        accounts = setup.people(opts["players"])
        connections.close_all()
        bench.start()
        try:
            start = time.time() + LEAD_SECONDS
            tournament = setup.arena(
                opts["game"], datetime.fromtimestamp(start, tz=UTC), opts["minutes"]
            )
            ends = start + 60 * opts["minutes"]
            plan = people.Plan(
                base=f"http://127.0.0.1:{opts['port']}",
                tournament=tournament.pk,
                start=start,
                arrive=opts["arrive"],
                deadline=ends + tournament.grace_seconds + 60,
                think=opts["think_range"],
                back=opts["back"],
                kind=opts["game"],
                options=dict(tournament.options),
                seed=opts["seed"],
            )
            crowd = [people.Person(i, user) for i, (user, _) in enumerate(accounts)]
            connections.close_all()
            how = "the page's forms" if board.pages_for(opts["game"]) else "games.services"
            self.stdout.write(
                f"arenabench: {len(crowd)} people arriving over {opts['arrive']:.0f} s at "
                f"Arena {tournament.pk} ({opts['game']} {dict(tournament.options)}, tables of 2, "
                f"moves through {how}) for {opts['minutes']} min on 127.0.0.1:{opts['port']}; "
                f"logs {bench.log_dir}"
            )
            sampler = measure.CpuSampler(
                {proc.pid: name for name, proc in bench.procs.items()}, opts["db"]
            )
            sampler.start()
            cpu0 = measure.rusage_cpu()
            asyncio.run(people.crowd(plan, list(zip(crowd, (c for _, c in accounts), strict=True))))
            generator = measure.rusage_cpu() - cpu0
            cpu = sampler.stop()
            _keep(bench.log_dir / "people.json", crowd)
            self._settle(tournament.pk, plan.deadline)
        finally:
            bench.stop()
        self._report(opts, tournament.pk, crowd, ends, generator, cpu)

    def _settle(self, tournament_id: int, deadline: float) -> None:
        """Let the beat finish the event (the standings freeze), at most until the deadline."""
        from tournaments.models import Status, Tournament

        while time.time() < deadline:
            status = Tournament.objects.filter(pk=tournament_id).values_list("status", flat=True)
            if status.first() == Status.FINISHED:
                return
            time.sleep(2.0)

    def _report(
        self,
        opts: dict[str, Any],
        tournament_id: int,
        crowd: list[Any],
        ends: float,
        generator: float,
        cpu: dict[str, Any],
    ) -> None:
        from bench.arenabench import measure
        from tournaments import standings
        from tournaments.models import Entry, TableSeat, Tournament

        out = self.stdout.write
        tournament = Tournament.objects.get(pk=tournament_id)
        served = measure.tables(tournament_id)
        ended = [t for t in served.values() if t.ended is not None]
        counted = sum(1 for t in ended if t.counted)
        unrecorded = sum(1 for t in served.values() if t.ended is None and not t.active)
        playing = sum(1 for t in served.values() if t.active)
        house = TableSeat.objects.filter(table__tournament_id=tournament_id, house_played=True)
        out(
            f"\nArena {tournament_id}: {tournament.status}; "
            f"{Entry.objects.filter(tournament_id=tournament_id).count()} players joined "
            f"(of {len(crowd)}); tables dealt {len(served)}, games finished {len(ended)} "
            f"(counted {counted}, past the grace {len(ended) - counted}), ended but not "
            f"recorded {unrecorded}, still playing {playing}; seats the house played "
            f"{house.count()}"
        )
        moves = sum(p.moves for p in crowd)
        refused = sum((p.refused for p in crowd), Counter())
        fallbacks = sum((p.fallbacks for p in crowd), Counter())
        out(
            f"people: moves made {moves}, of which not the computer player's choice (what a "
            f"stuck person presses instead) {dict(fallbacks) or 0}; clicks refused "
            f"{dict(refused) or 0}; saw the end {sum(p.finished for p in crowd)}"
        )
        waits = measure.waits(crowd, served, ends)
        busy = [w for w in waits if w.others]
        out("pairing wait after a game ends (game end → the player's page at its next table):")
        out(
            "  " + measure.line("with others waiting", [w.told for w in busy if w.told is not None])
        )
        out("  " + measure.line("all", [w.told for w in waits if w.told is not None]))
        for how in ("game over", "tournament page"):
            values = [w.told for w in busy if w.told is not None and w.how == how]
            out("  " + measure.line(f"with others waiting, sent on by the {how}", values))
        out("  game end → next table dealt (server):")
        out("    " + measure.line("with others waiting", [w.dealt for w in busy if w.dealt]))
        out("    " + measure.line("all", [w.dealt for w in waits if w.dealt is not None]))
        never = [w for w in waits if w.dealt is None]
        again = [w for w in waits if w.again]
        out(
            f"  games ended while pairing: {len(waits)} player-waits ({len(busy)} with others "
            f"waiting); never seated again before the end {len(never)} (with others waiting "
            f"{sum(w.others for w in never)}); seated again with the same opponent "
            f"{len(again)} (with others waiting {sum(w.others for w in again)})"
        )
        doubles = measure.seated_twice()
        client = sum(p.client_doubles for p in crowd)
        out(
            f"players at two running tables: {doubles} (games' seats); as the pages saw it {client}"
        )
        differences = standings.compare(tournament)
        verdict = (
            "equal" if not differences else f"{len(differences)} differences: {differences[:3]}"
        )
        out(f"standings recomputed from the games: {verdict}")
        requests = [r for p in crowd for r in p.requests]
        statuses = Counter(status for _, status, _ in requests)
        seconds = cpu["seconds"]
        out(
            f"requests: {len(requests)} ({len(requests) / seconds:.1f}/s), moves "
            f"{moves / seconds:.1f}/s; statuses {dict(sorted(statuses.items()))}"
        )
        by_label: dict[str, list[float]] = {}
        for label, status, took in requests:
            if status < 500:
                by_label.setdefault(label, []).append(took)
        for label, values in sorted(by_label.items(), key=lambda kv: -len(kv[1])):
            waits_for_news = label in ("board poll", "tournament poll")
            shown = f"{label} (waits for news, up to 20 s)" if waits_for_news else label
            out("  " + measure.line(shown, values))
        errors = sum((p.errors for p in crowd), Counter())
        if errors:
            out(f"errors: {dict(errors.most_common(8))}")
        cores = os.cpu_count() or 1
        server_cpu = cpu["app"] + cpu["database"]
        per_move = server_cpu / max(1, moves)
        load0, load1 = cpu["load"]
        parts = " + ".join(f"{name} {cpu_s:.0f} s" for name, cpu_s in cpu["parts"].items())
        out(
            f"CPU over {seconds:.0f} s: server {cpu['app']:.0f} s ({parts}) + "
            f"PostgreSQL {cpu['database']:.0f} s = {100 * server_cpu / seconds:.0f}% "
            f"of one core; generator {generator:.0f} s ({100 * generator / seconds:.0f}% of one "
            f"core); the whole machine {100 * cpu['machine_busy']:.0f}% busy of {cores} cores; "
            f"load average {load0[0]:.1f} before, {load1[0]:.1f} after; server CPU per move "
            f"made {per_move:.3f} s (its polls and pages included)"
        )


def _keep(path: Path, crowd: list[Any]) -> None:
    """What each person saw (tables, Game overs), for a look after the run."""
    rows = [
        {"user": p.user_id, "joined": p.joined, "tables": p.tables, "overs": p.overs} for p in crowd
    ]
    path.write_text(json.dumps(rows))
