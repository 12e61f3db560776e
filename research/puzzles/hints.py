"""One nudge per puzzle, stored with it: a pointer toward the answer, never the answer.

A hint is data (``{"key": ..., and its values}``), not a sentence: the site's
puzzle module turns it into words in the reader's language
(``puzzles.tile_rummy.hint_text``, ``puzzles.romanian.hint_text``), so the
bank stays one file for every language.

Tile Rummy, from the answer's key set (``themes.key_set``):

* ``joker``: the key set holds a table joker: "the joker in the blue run 3-7
  on the table can do more elsewhere" (a set named by colour and the numbers it
  spans, or a group by its number);
* ``set``: "a tile of the blue run 3-7 (of the group of 8s) on the table is the key";
* ``out``: no table set is taken apart and the whole rack goes down;
* ``count``: no table set is taken apart: "you can lay N tiles".

Romanian openings (an empty table, so the hint speaks of the opening itself),
after the answer's main theme (``romanian_themes``): ``joly-group`` ("your joly
does more in a group"), ``ones`` ("a 1 can count for more than 5"), ``combos``
("the best opening takes N combinations"), ``runs`` ("it holds N runs"),
``one-run`` ("one run is enough; the rest can be groups") and ``run`` ("you can
open with a run of N", its longest run).
"""

from __future__ import annotations

from typing import Any

from games.engine.melds import read
from games.engine.romanian.tiles import reading_of
from games.engine.tile_rummy import RULES, face_of

from .romanian_themes import main_theme
from .themes import key_set

Table = list[list[int]]
Hint = dict[str, Any]


def describe(tiles: list[int]) -> Hint:
    """A table set as the hint names it: a run by colour and the numbers it spans (a joker
    at an end counted as what it stands for), a group by its number."""
    faces = [face_of(t) for t in tiles]
    reading = read(faces, RULES)
    assert reading is not None, "a table set is valid"
    if reading.kind == "group":
        return {"set": "group", "number": reading.numbers[0]}
    colour = next(f.colour for f in faces if not f.wild)
    return {
        "set": "run",
        "colour": colour,
        "low": min(reading.numbers),
        "high": max(reading.numbers),
    }


def tile_rummy_hint(table: Table, rack: list[int], solution: Table) -> Hint:
    """The hint for one Tile Rummy answer: its key set (``themes.key_set``), or a count."""
    key, main = key_set(table, rack, solution)
    if key is not None:
        return {"key": "joker" if "joker" in main else "set", **describe(key)}
    laid = sum(1 for s in solution for t in s if t in set(rack))
    return {"key": "out" if laid == len(rack) else "count", "count": laid}


def romanian_hint(solution: Table) -> Hint:
    """The hint for one Romanian opening, after its main theme (``romanian_themes``)."""
    main = main_theme(solution)
    readings = [reading_of(m) for m in solution]
    runs = [len(m) for m, r in zip(solution, readings, strict=True) if r and r.kind == "run"]
    if main == "joly-in-a-group":
        return {"key": "joly-group"}
    if main == "ones":
        return {"key": "ones"}
    if main == "many-combinations":
        return {"key": "combos", "count": len(solution)}
    if main == "two-runs":
        return {"key": "runs", "count": len(runs)}
    if main == "run-and-groups":
        return {"key": "one-run"}
    return {"key": "run", "size": max(runs)}  # a long run, or a joly in a run
