"""``manage.py load_puzzles``: bring the database's puzzles up to the shipped bank file."""

from django.core.management.base import BaseCommand

from puzzles import bank
from puzzles.models import Puzzle


class Command(BaseCommand):
    help = "Load puzzles/data/bank.json into the database (new puzzles added, others refreshed)."

    def handle(self, *args, **options):
        count = bank.load(Puzzle)
        self.stdout.write(
            f"{count} puzzles in the bank file; database now holds {Puzzle.objects.count()}."
        )
