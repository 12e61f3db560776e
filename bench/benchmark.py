"""``python -m bench.benchmark``: how fast the computer players think and play.

Runs the benchmark of every catalogue game that has one (``bench.benchmarks.per_game``:
a module with ``add_arguments(parser)`` and ``report(out, options)``), in the
catalogue's order; ``--game KIND`` runs
one. Games are seeded, so runs measure the same games. Nothing touches the
database.

``--busy N`` runs, instead of those, the load check of ``bench.benchmarks.busy``:
each game's and level's moves on seeded positions, decided idle and then beside
N busy processes, with the share that stayed the same (``--busy-positions``).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from bench import cli
from bench.benchmarks import busy, per_game
from games import catalogue


class Command(BaseCommand):
    help = "Time the bots of every game: move times on seeded positions, and games per second."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default="", help="only this game kind")
        parser.add_argument(
            "--busy",
            type=int,
            default=0,
            metavar="N",
            help="check instead that moves are the same beside N busy processes as idle",
        )
        parser.add_argument(
            "--busy-positions",
            type=int,
            default=50,
            help="seeded positions per game and level for --busy (default 50)",
        )
        for _, module in per_game.benchmarked():
            module.add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        chosen = options["game"]
        if chosen and catalogue.find(chosen) is None:
            raise CommandError(
                f"No game {chosen!r}; kinds: {[e.kind for e in catalogue.CATALOGUE]}"
            )
        if options["busy"] < 0 or options["busy_positions"] < 1:
            raise CommandError("--busy must be 0 or more and --busy-positions 1 or more")
        if options["busy"]:
            busy.report(self.stdout.write, options["busy"], options["busy_positions"], chosen)
            return
        first = True
        for entry, module in per_game.benchmarked():
            if chosen and entry.kind != chosen:
                continue
            if not first:
                self.stdout.write("")
            module.report(self.stdout.write, options)
            first = False


if __name__ == "__main__":
    cli.run("bench.benchmark", "bench.benchmark")
