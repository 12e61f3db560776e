"""Load the shipped banks (one file a game, named in the catalogue's ``PuzzleSpec``, written
by ``research/puzzles``) into the database.

The files are the only thing the generator hands the app; loading is an upsert
by puzzle id, so data migrations and ``manage.py load_puzzles`` can all run it.
A puzzle's first rating is the generator's difficulty estimate. A row that names
no game (the first bank's) belongs to the game whose file it is. A missing file
loads nothing. Only the fields the given model has are written, so an older data
migration (run with the model as it was then) keeps working.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games import catalogue

DATA = Path(__file__).resolve().parent / "data"
FIELDS = (
    "game",
    "kind",
    "threshold",
    "table",
    "rack",
    "tiles",
    "value",
    "solution",
    "themes",
    "hint",
    "gain",
    "difficulty",
    "source",
)


def bank_file(kind: str) -> Path:
    """Where the game's puzzles are shipped."""
    spec = catalogue.get(kind).puzzles
    assert spec is not None, f"{kind} has no puzzles"
    return DATA / spec.bank


def read_bank(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return json.loads(path.read_text())["puzzles"]


def _values(puzzle: dict[str, Any], fields: tuple[str, ...], game: str) -> dict[str, Any]:
    defaults: dict[str, Any] = {"game": game, "threshold": None, "hint": {}, "gain": None}
    return {f: puzzle[f] if f in puzzle else defaults[f] for f in fields}


def load(puzzle_model: Any, path: Path, game: str) -> int:
    """Add the file's puzzles that are missing and refresh the others' positions; how many."""
    rows = read_bank(path)
    names = {f.name for f in puzzle_model._meta.get_fields()}
    fields = tuple(f for f in FIELDS if f in names)
    existing = set(puzzle_model.objects.values_list("id", flat=True))
    new = [
        puzzle_model(id=p["id"], rating=float(p["difficulty"]), **_values(p, fields, game))
        for p in rows
        if p["id"] not in existing
    ]
    puzzle_model.objects.bulk_create(new, batch_size=500)
    changed = [p for p in rows if p["id"] in existing]
    for p in changed:
        puzzle_model.objects.filter(id=p["id"]).update(**_values(p, fields, game))
    return len(rows)


def load_game(puzzle_model: Any, kind: str) -> int:
    return load(puzzle_model, bank_file(kind), kind)


def load_all(puzzle_model: Any) -> int:
    """Every game's file (any may be missing); how many puzzles they hold."""
    return sum(load_game(puzzle_model, entry.kind) for entry in catalogue.with_puzzles())


def shipped_ids() -> set[int]:
    """The ids of every puzzle in every game's shipped file."""
    return {p["id"] for e in catalogue.with_puzzles() for p in read_bank(bank_file(e.kind))}


def retire_missing(puzzle_model: Any) -> int:
    """Mark retired the bank puzzles no shipped file holds any more (a rebuilt bank has new
    ids): never dealt again, their rows kept for the attempts on them. How many."""
    stale = puzzle_model.objects.filter(owner__isnull=True).exclude(id__in=shipped_ids())
    return stale.update(retired=True)
