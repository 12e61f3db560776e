"""Load the shipped bank (``data/bank.json``, written by ``research/puzzles/build``) into the DB.

The file is the only thing the generator hands the app; loading is an upsert
by puzzle id, so a data migration and ``manage.py load_puzzles`` can both run it.
A puzzle's first rating is the generator's difficulty estimate.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

BANK_FILE = Path(__file__).resolve().parent / "data" / "bank.json"
FIELDS = ("kind", "table", "rack", "tiles", "value", "solution", "themes", "difficulty", "source")


def read_bank(path: Path = BANK_FILE) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return json.loads(path.read_text())["puzzles"]


def load(puzzle_model: Any, path: Path = BANK_FILE) -> int:
    """Add the file's puzzles that are missing and refresh the others' positions; how many."""
    rows = read_bank(path)
    existing = set(puzzle_model.objects.values_list("id", flat=True))
    new = [
        puzzle_model(id=p["id"], rating=float(p["difficulty"]), **{f: p[f] for f in FIELDS})
        for p in rows
        if p["id"] not in existing
    ]
    puzzle_model.objects.bulk_create(new, batch_size=500)
    changed = [p for p in rows if p["id"] in existing]
    for p in changed:
        puzzle_model.objects.filter(id=p["id"]).update(**{f: p[f] for f in FIELDS})
    return len(rows)
