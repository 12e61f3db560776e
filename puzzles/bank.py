"""Load the shipped banks (``data/bank.json`` for Tile Rummy, ``data/romanian_bank.json`` for
Romanian openings, written by ``research/puzzles``) into the database.

The files are the only thing the generator hands the app; loading is an upsert
by puzzle id, so data migrations and ``manage.py load_puzzles`` can all run it.
A puzzle's first rating is the generator's difficulty estimate. Tile Rummy's
file names no game or threshold: those default here. A missing file loads
nothing. Only the fields the given model has are written, so an older data
migration (run with the model as it was then) keeps working.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
BANK_FILE = DATA / "bank.json"
ROMANIAN_FILE = DATA / "romanian_bank.json"
BANK_FILES = (BANK_FILE, ROMANIAN_FILE)
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
    "difficulty",
    "source",
)
DEFAULTS: dict[str, Any] = {"game": "tile_rummy", "threshold": None}


def read_bank(path: Path = BANK_FILE) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return json.loads(path.read_text())["puzzles"]


def _values(puzzle: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    return {f: puzzle[f] if f in puzzle else DEFAULTS[f] for f in fields}


def load(puzzle_model: Any, path: Path = BANK_FILE) -> int:
    """Add the file's puzzles that are missing and refresh the others' positions; how many."""
    rows = read_bank(path)
    names = {f.name for f in puzzle_model._meta.get_fields()}
    fields = tuple(f for f in FIELDS if f in names)
    existing = set(puzzle_model.objects.values_list("id", flat=True))
    new = [
        puzzle_model(id=p["id"], rating=float(p["difficulty"]), **_values(p, fields))
        for p in rows
        if p["id"] not in existing
    ]
    puzzle_model.objects.bulk_create(new, batch_size=500)
    changed = [p for p in rows if p["id"] in existing]
    for p in changed:
        puzzle_model.objects.filter(id=p["id"]).update(**_values(p, fields))
    return len(rows)


def load_all(puzzle_model: Any) -> int:
    """Both games' files (either may be missing); how many puzzles they hold."""
    return sum(load(puzzle_model, path) for path in BANK_FILES)
