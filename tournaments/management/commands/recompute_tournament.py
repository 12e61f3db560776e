"""manage.py recompute_tournament <id>: recompute a tournament's standings from its games.

Each game's seats are read again from the game itself (its result, who left, where the
house played) and scored from nothing with the pure scoring functions; every difference
from the stored standings is printed and the command exits non-zero.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import standings
from tournaments.models import Table, Tournament


class Command(BaseCommand):
    help = "Recompute a tournament's standings from its games and compare with the stored ones."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(pk=options["tournament_id"]).first()
        if tournament is None:
            raise CommandError(f"No tournament {options['tournament_id']}.")
        differences = standings.compare(tournament)
        counted = Table.objects.filter(tournament=tournament, counted=True).count()
        self.stdout.write(
            f"Tournament {tournament.pk}: {counted} counted games,"
            f" {tournament.entries.count()} players."
        )
        if differences:
            for line in differences[:50]:
                self.stderr.write(line)
            raise CommandError(f"{len(differences)} differences from the stored standings.")
        self.stdout.write("The recomputed standings equal the stored ones.")
