"""``manage.py build_puzzles``: build (or check) a puzzle bank, then load it.

The generator and its check are research code the site never imports (an
import-linter contract): this command runs them as their own process
(``python -m research.puzzles.…``) from the project folder, so one command
regenerates a bank from its seed, checks it and brings the database up to it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games import catalogue
from puzzles import bank
from puzzles.models import Puzzle

ROOT = Path(__file__).resolve().parents[3]


def _games() -> dict[str, catalogue.GameEntry]:
    return {entry.url_prefix: entry for entry in catalogue.with_puzzles()}


class Command(BaseCommand):
    help = "Build a puzzle bank from its seed (research/puzzles), check it, and load it."

    def add_arguments(self, parser) -> None:
        games = list(_games())
        parser.add_argument("--game", choices=games, default=games[0], help="the game's URL name")
        parser.add_argument("--seed", type=int, default=31)
        parser.add_argument("--count", type=int, help="how many puzzles (default: as shipped)")
        parser.add_argument("--out", type=Path, help="where to write (default: the shipped file)")
        parser.add_argument("--check-only", action="store_true", help="check the file only")
        parser.add_argument("--no-load", action="store_true", help="leave the database alone")

    def handle(self, *args, **options) -> None:
        entry = _games()[options["game"]]
        spec = entry.puzzles
        assert spec is not None
        shipped = bank.bank_file(entry.kind)
        out = options["out"] or shipped
        if not options["check_only"]:
            seed, how_many = str(options["seed"]), str(options["count"] or spec.count)
            self._run(spec.builder, "--seed", seed, "--count", how_many, "--out", str(out))
        self._run(spec.checker, "--bank", str(out))
        if not options["no_load"] and Path(out).resolve() == shipped.resolve():
            bank.load_game(Puzzle, entry.kind)
            self.stdout.write(f"Loaded: the database now holds {Puzzle.objects.count()} puzzles.")

    def _run(self, module: str, *args: str) -> None:
        done = subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, check=False)
        if done.returncode:
            raise CommandError(f"{module} failed (exit {done.returncode}).")
