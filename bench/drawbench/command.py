"""``python -m bench.drawbench``: the CPU a move spends drawing its table's boards.

With websockets on, a move draws every connected audience's board inside its own
transaction (``live.publish.drawn_now``): livebench's tables seat four people, so a
move draws four boards, and at 1,000 seats that drawing is most of the app's CPU a
move. This deals ``--tables`` online games of four guests (as livebench deals them),
plays ``--moves`` moves at each (chosen by the game's computer, from the seat's own
view), and after each move times drawing the boards of the four seats (``--audiences
seats``) or of the four seats and the spectators (``seats+watch``), in this one
process, CPU time (``time.process_time``). It prints ms a move and a board (median and
p90 of the moves; ``--repeat R`` deals and times R times in one process and
reports the quickest run, as these shared machines are noisy), and with ``--profile
N`` the N functions that cost the most (cProfile, ``--sort`` cumulative or tottime)
and the Python function calls a board (a count, the same on a busy machine). Everything
it writes is rolled back: run it against any
database (``DATABASE_URL``; the embedded SQLite by default).
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time
from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction
from django.test.utils import override_settings

from bench.livebench import tables
from games import catalogue, services
from games.bots.registry import choose_for
from games.engine.registry import engine_for
from games.models import Game
from live import audiences, publish
from live.viewer import Audience


class _RolledBack(Exception):
    """Raised to leave the benchmark's transaction: nothing it wrote stays."""


class Command(BaseCommand):
    help = "Time drawing a move's boards (live.publish.drawn_now) for a table of four people."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--kind", default=tables.default_kind())
        parser.add_argument("--tables", type=int, default=4)
        parser.add_argument("--moves", type=int, default=40, help="moves timed at each table")
        parser.add_argument("--audiences", choices=["seats", "seats+watch"], default="seats")
        parser.add_argument("--language", default="en")
        parser.add_argument(
            "--repeat", type=int, default=1, help="deal and time again; report the quickest"
        )
        parser.add_argument("--profile", type=int, default=0, help="print the N costliest")
        parser.add_argument("--sort", default="cumulative", help="the profile's order (tottime…)")

    def handle(self, *args: Any, **opts: Any) -> None:
        profiler = cProfile.Profile() if opts["profile"] else None
        runs = [self._run(opts, profiler) for _ in range(opts["repeat"])]
        medians = [statistics.median(times) for times, _ in runs if times]
        times, boards = min(runs, key=lambda run: statistics.median(run[0] or [0.0]))
        self._report(opts, times, boards)
        if len(medians) > 1:
            listed = ", ".join(f"{1000 * m:.2f}" for m in medians)
            self.stdout.write(f"  the {len(medians)} runs' medians, ms a move: {listed}")
        if profiler is not None:
            stats = pstats.Stats(profiler, stream=sys.stdout)
            drawn = sum(boards for _, boards in runs)
            self.stdout.write(f"  Python function calls a board: {stats.total_calls / drawn:,.0f}")
            stats.sort_stats(opts["sort"]).print_stats(opts["profile"])

    def _run(self, opts: dict[str, Any], profiler: Any) -> tuple[list[float], int]:
        """Deal, play and time one set of tables; (seconds a move's drawing, boards drawn)."""
        times: list[float] = []
        boards = 0
        try:
            with override_settings(LIVE_WEBSOCKETS=False), transaction.atomic():
                for game in self._games(opts):
                    boards += self._time(game, opts, times, profiler)
                raise _RolledBack
        except _RolledBack:
            pass
        return times, boards

    def _games(self, opts: dict[str, Any]) -> list[Game]:
        dealt = tables.deal(opts["kind"], opts["tables"])
        ids = sorted({game_id for _, game_id, _ in dealt})
        return list(Game.objects.filter(pk__in=ids))

    def _time(self, game: Game, opts: dict[str, Any], times: list[float], profiler: Any) -> int:
        """Play and draw ``--moves`` times at ``game``; the boards drawn."""
        seats: list[int | None] = [0, 1, 2, 3]
        if opts["audiences"] == "seats+watch":
            seats.append(None)
        for seat in seats:
            audience = Audience(game.id.hex, seat, opts["language"], "normal", False, frozenset())
            audiences.add(game.id.hex, audience.group)
        drawn = 0
        for _ in range(opts["moves"]):
            if not _play_one(game):
                break
            game = Game.objects.prefetch_related("seats").get(pk=game.pk)
            publish.forget()
            if profiler is not None:
                profiler.enable()
            start = time.process_time()
            out = publish.drawn_now(game)
            times.append(time.process_time() - start)
            if profiler is not None:
                profiler.disable()
            drawn += len(out)
        return drawn

    def _report(self, opts: dict[str, Any], times: list[float], boards: int) -> None:
        if not times:
            self.stdout.write("no move was drawn")
            return
        per = boards / len(times)
        ms = sorted(t * 1000 for t in times)
        p90 = ms[int(0.9 * (len(ms) - 1))]
        self.stdout.write(
            f"{opts['kind']}: {len(ms)} moves, {per:.1f} boards a move ({opts['audiences']}, "
            f"{opts['language']}): a move's drawing {statistics.median(ms):.2f} ms median, "
            f"{p90:.2f} ms p90, {statistics.mean(ms):.2f} ms mean; a board "
            f"{statistics.mean(ms) / per:.2f} ms"
        )


def _play_one(game: Game) -> bool:
    """One move at ``game``'s table, chosen by its computer from the acting seat's view."""
    game.refresh_from_db()
    engine = engine_for(game.kind)
    state = engine.from_json(game.state)
    acting = engine.to_act(state) if game.status == "active" else set()
    if not acting:
        return False
    seat, level = min(acting), catalogue.get(game.kind).levels[0].key
    action = choose_for(game.kind)(engine.view(state, seat), level) or engine.TIMEOUT_ACTION
    services.play(game.id, seat, action, game.version)
    return True
