"""``manage.py benchmark``: how fast the computer players think and play.

Runs the benchmark of every catalogue game that declares one
(``GameEntry.benchmark``: a module with ``add_arguments(parser)`` and
``report(out, options)``), in the catalogue's order; ``--game KIND`` runs
one. Games are seeded, so runs measure the same games. Nothing touches the
database.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import catalogue


def _benchmarked() -> list[tuple[catalogue.GameEntry, Any]]:
    return [(e, catalogue.load(e.benchmark)) for e in catalogue.CATALOGUE if e.benchmark]


class Command(BaseCommand):
    help = "Time the bots of every game: move times on seeded positions, and games per second."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default="", help="only this game kind")
        for _, module in _benchmarked():
            module.add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        chosen = options["game"]
        if chosen and catalogue.find(chosen) is None:
            raise CommandError(
                f"No game {chosen!r}; kinds: {[e.kind for e in catalogue.CATALOGUE]}"
            )
        first = True
        for entry, module in _benchmarked():
            if chosen and entry.kind != chosen:
                continue
            if not first:
                self.stdout.write("")
            module.report(self.stdout.write, options)
            first = False
