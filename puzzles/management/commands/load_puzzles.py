"""``manage.py load_puzzles``: bring the database's puzzles up to the shipped bank files."""

from django.core.management.base import BaseCommand

from puzzles import bank
from puzzles.models import Puzzle


class Command(BaseCommand):
    help = (
        "Load every game's puzzle bank (puzzles/data/, if present) into the database "
        "(new puzzles added, others refreshed)."
    )

    def handle(self, *args, **options):
        count = bank.load_all(Puzzle)
        self.stdout.write(
            f"{count} puzzles in the bank files; database now holds {Puzzle.objects.count()}."
        )
