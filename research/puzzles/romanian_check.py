"""Check every shipped Romanian opening puzzle: ``python -m research.puzzles.romanian_check``.

For each puzzle: the stored answer is an opening the engine's own rules
accept (``judge_opening``: combinations from the rack, a run, the stored
threshold, a tile kept back) laying exactly the stored (tiles, value), and
the integer program (HiGHS, ``research.romanian_opening_ilp``) finds that
same optimum. Prints a count and every problem; exits 1 on any.
"""

from __future__ import annotations

import sys
from typing import Any

from games.bots.romanian.opening import rack_faces
from games.engine.base import IllegalAction
from games.engine.romanian.opening import judge_opening
from games.engine.romanian.tiles import TILE_COUNT
from research.romanian_opening_ilp import reference_opening

from . import check
from .romanian_build import DEFAULT_OUT, GAME, MIN_GAIN


def problems_of(puzzle: dict[str, Any]) -> list[str]:
    """What is wrong with one puzzle (empty: nothing)."""
    found: list[str] = []
    rack = puzzle["rack"]
    want = (puzzle["tiles"], puzzle["value"])
    if puzzle["game"] != GAME or puzzle["kind"] != "open" or puzzle["table"] != []:
        found.append("not a Romanian opening puzzle with an empty table")
    if len(set(rack)) != len(rack) or not all(0 <= t < TILE_COUNT for t in rack):
        found.append("the rack's tile ids are not distinct Romanian tiles")
        return found
    try:
        laid = judge_opening(rack, puzzle["solution"], puzzle["threshold"])
    except IllegalAction as refused:
        found.append(f"stored answer refused: {refused}")
    else:
        if laid != want:
            found.append(f"stored answer lays {laid}, not {want}")
    check = reference_opening(rack_faces(rack), puzzle["threshold"], len(rack) - 1)
    if check != want:
        found.append(f"the integer program finds {check}")
    if puzzle["tiles"] - puzzle["easy"] < MIN_GAIN:
        found.append("the easy level's opening is as good")
    return found


def main(argv: list[str] | None = None) -> int:
    return check.main(argv, DEFAULT_OUT, problems_of)


if __name__ == "__main__":
    sys.exit(main())
