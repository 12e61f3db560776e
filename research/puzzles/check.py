"""Check every shipped puzzle by the independent method: ``python -m research.puzzles.check``.

For each puzzle: the stored arrangement is a legal table from that rack
(``melds.check_table``) laying exactly the stored optimum, and the integer
program (HiGHS, ``research.tile_rummy_ilp``) finds that same optimum (tiles,
then value). Prints a count and every disagreement; exits 1 on any.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from games.engine.melds import check_table
from games.engine.tile_rummy import RULES, face_of, tile_value
from research.tile_rummy_ilp import reference_optimum

from .build import DEFAULT_OUT


def problems_of(puzzle: dict[str, Any]) -> list[str]:
    """What is wrong with one puzzle (empty: nothing)."""
    found: list[str] = []
    old = [t for s in puzzle["table"] for t in s]
    placed, problems = check_table(old, puzzle["solution"], puzzle["rack"], face_of, RULES)
    if problems:
        found.append("stored arrangement invalid: " + "; ".join(p.message for p in problems))
    laid = (len(placed), sum(tile_value(t) for t in placed))
    if laid != (puzzle["tiles"], puzzle["value"]):
        found.append(f"stored arrangement lays {laid}, not {(puzzle['tiles'], puzzle['value'])}")
    check = reference_optimum(puzzle["table"], puzzle["rack"])
    if (check.tiles, check.value) != (puzzle["tiles"], puzzle["value"]):
        found.append(f"the integer program finds {(check.tiles, check.value)}")
    if puzzle["kind"] == "out" and puzzle["tiles"] != len(puzzle["rack"]):
        found.append("a go-out puzzle that does not go out")
    return found


def run(bank: Path, problems_of) -> int:
    """Check every puzzle of ``bank`` with ``problems_of``; print each problem; 1 if any."""
    puzzles = json.loads(bank.read_text())["puzzles"]
    started = time.perf_counter()
    bad = 0
    for puzzle in puzzles:
        for problem in problems_of(puzzle):
            bad += 1
            print(f"puzzle {puzzle['id']}: {problem}")
    spent = time.perf_counter() - started
    print(f"checked {len(puzzles)} puzzles in {spent:.1f} s: {bad} problems")
    return 1 if bad else 0


def main(argv: list[str] | None = None, default: Path = DEFAULT_OUT, judge=problems_of) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bank", type=Path, default=default)
    return run(parser.parse_args(argv).bank, judge)


if __name__ == "__main__":
    sys.exit(main())
