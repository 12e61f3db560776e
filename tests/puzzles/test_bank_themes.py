"""A Tile Rummy answer's main theme and its hint, on hand-made tables (issue 40, item 4).

Each puzzle gets one main theme (what its key set goes through) and a hint pointing at that
set, so themes separate the bank and the hint nudges without giving the answer away.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from puzzles import tile_rummy
from research.puzzles.hints import tile_rummy_hint
from research.puzzles.themes import themes_of
from tests.puzzles.test_bank_filters import ids, tid

CASES = [
    # (table, rack, answer, themes, hint)
    (
        ["R3 J R5"],
        "R4 B9 K9",
        [["R3", "R4", "R5"], ["J", "B9", "K9"]],
        ["go-out", "swapping-a-joker"],
        {"key": "joker", "set": "run", "colour": "R", "low": 3, "high": 5},
    ),
    (
        ["R2 Y2 J"],
        "B2 B11 K11",
        [["R2", "B2", "Y2"], ["B11", "K11", "J"]],
        ["go-out", "swapping-a-joker"],
        {"key": "joker", "set": "group", "number": 2},
    ),
    (
        ["R7 B7 Y7 J"],
        "K2 K3 Y1",
        [["R7", "B7", "Y7"], ["K2", "K3", "J"]],
        ["joker-from-a-group"],
        {"key": "joker", "set": "group", "number": 7},
    ),
    (
        ["R3 R4 R5 R6 R7 R8 R9"],
        "R6 Y1",
        [["R3", "R4", "R5", "R6"], ["R6", "R7", "R8", "R9"]],
        ["splitting-a-run"],
        {"key": "set", "set": "run", "colour": "R", "low": 3, "high": 9},
    ),
    (
        ["R5 R6 R7 R8"],
        "B8 K8",
        [["R5", "R6", "R7"], ["R8", "B8", "K8"]],
        ["go-out", "runs-to-groups"],
        {"key": "set", "set": "run", "colour": "R", "low": 5, "high": 8},
    ),
    (
        ["R5 B5 Y5 K5"],
        "K6 K7 R1",
        [["R5", "B5", "Y5"], ["K5", "K6", "K7"]],
        ["groups-to-runs"],
        {"key": "set", "set": "group", "number": 5},
    ),
    (
        ["R1 R2 R3"],
        "B5 B6 B7 K13",
        [["R1", "R2", "R3"], ["B5", "B6", "B7"]],
        ["new-sets-only"],
        {"key": "count", "count": 3},
    ),
]


def _ids(table: list[str], rack: str, answer: list[list[str]]):
    """Tile ids for faces: the table's first copies, the rack's the copy the table lacks, and
    each face of the answer takes the next unused id showing it."""
    table_ids = [ids(row) for row in table]
    on_table = {t for row in table_ids for t in row}
    rack_ids = [tid(f, 1) if tid(f) in on_table else tid(f) for f in rack.split()]
    pool: dict[str, list[int]] = {}
    for t in [*on_table, *rack_ids]:
        pool.setdefault(f"{'RBYK'[t // 26]}{t // 2 % 13 + 1}" if t < 104 else "J", []).append(t)
    for tiles in pool.values():
        tiles.sort()
    return table_ids, rack_ids, [[pool[f].pop(0) for f in row] for row in answer]


@pytest.mark.parametrize(("table", "rack", "answer", "themes", "hint"), CASES)
def test_the_main_theme_and_the_hint(table, rack, answer, themes, hint) -> None:
    table_ids, rack_ids, solution = _ids(table, rack, answer)
    assert themes_of(table_ids, rack_ids, solution) == themes
    assert tile_rummy_hint(table_ids, rack_ids, solution) == hint
    with translation.override("en"):
        assert tile_rummy.hint_text(hint)


def test_the_hint_in_words() -> None:
    with translation.override("en"):
        run = {"key": "joker", "set": "run", "colour": "B", "low": 3, "high": 7}
        assert tile_rummy.hint_text(run) == (
            "The joker in the blue run 3–7 on the table can do more elsewhere."
        )
        group = {"key": "set", "set": "group", "number": 8}
        assert tile_rummy.hint_text(group) == "A tile of the group of 8s on the table is the key."
        assert (
            tile_rummy.hint_text({"key": "count", "count": 4}) == "You can lay 4 tiles this turn."
        )
        assert tile_rummy.hint_text({"key": "nonsense"}) == ""
