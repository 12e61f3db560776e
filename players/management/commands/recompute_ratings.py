"""manage.py recompute_ratings: replay every rated game and check (or store) the ratings.

By default it compares the replay with the stored ratings and exits non-zero
if anything differs; ``--write`` stores the replayed numbers instead.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from players import recompute


class Command(BaseCommand):
    help = "Recompute every rating from the rating history, in sequence order."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--kind", help="Only this game kind (default: every kind).")
        parser.add_argument("--write", action="store_true", help="Store the recomputed ratings.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = recompute.replay(options["kind"])
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        compared = [] if options["write"] else recompute.compare(result, options["kind"])
        problems = result.mismatches + compared
        self.stdout.write(f"Replayed {result.games} rated games, {len(result.ratings)} ratings.")
        if options["write"]:
            written = recompute.write(result, options["kind"])
            self.stdout.write(f"Stored {written} ratings.")
        if problems:
            for line in problems[:50]:
                self.stderr.write(line)
            if not options["write"]:
                raise CommandError(f"{len(problems)} differences from the stored ratings.")
        else:
            self.stdout.write("Every recomputed rating equals the stored one.")
