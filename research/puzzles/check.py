"""Check every shipped Tile Rummy puzzle again: ``python -m research.puzzles.check``.

For each puzzle, by methods apart from the build's own where it matters:

* the stored arrangement is a legal table from that rack (``melds.check_table``)
  laying exactly the stored optimum, and the integer program (HiGHS,
  ``research.tile_rummy_ilp``) finds that same optimum (tiles, then value);
* it is still a puzzle: the medium computer and the stated greedy both lay less,
  and the stored gain is the optimum less the better of the two;
* it has a hint, and its themes are those the answer shows.

Over the whole file: no repeats (``dedupe``: by faces, at most 3 a game) and no
theme on more than ``MAX_SHARE`` of the puzzles (a game's own theme excepted; only
for a file of more than ``SHARES_FROM`` puzzles, so a trial build of a few passes).
Prints a count and every problem; exits 1 on any.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from games.engine.melds import check_table
from games.engine.tile_rummy import RULES, face_of, tile_value
from research.tile_rummy_ilp import reference_optimum

from .build import DEFAULT_OUT, level_laid
from .dedupe import repeats
from .greedies import tile_rummy_greedy
from .themes import themes_of

MAX_SHARE = 0.4
SHARES_FROM = 100  # a file this small or smaller (a trial build) is too small to judge shares
Judge = Callable[[dict[str, Any]], list[str]]


def problems_of(puzzle: dict[str, Any]) -> list[str]:
    """What is wrong with one puzzle (empty: nothing)."""
    found: list[str] = []
    table, rack = puzzle["table"], puzzle["rack"]
    old = [t for s in table for t in s]
    placed, problems = check_table(old, puzzle["solution"], rack, face_of, RULES)
    if problems:
        found.append("stored arrangement invalid: " + "; ".join(p.message for p in problems))
    optimum = (puzzle["tiles"], puzzle["value"])
    laid = (len(placed), sum(tile_value(t) for t in placed))
    if laid != optimum:
        found.append(f"stored arrangement lays {laid}, not {optimum}")
    check = reference_optimum(table, rack)
    if (check.tiles, check.value) != optimum:
        found.append(f"the integer program finds {(check.tiles, check.value)}")
    if puzzle["kind"] == "out" and puzzle["tiles"] != len(rack):
        found.append("a go-out puzzle that does not go out")
    found += _first_ideas(puzzle, optimum)
    if not puzzle.get("hint", {}).get("key"):
        found.append("no hint")
    if puzzle["themes"] != themes_of(table, rack, puzzle["solution"]):
        found.append("its themes are not those its answer shows")
    return found


def _first_ideas(puzzle: dict[str, Any], optimum: tuple[int, int]) -> list[str]:
    """The medium computer and the stated greedy must both lay less; the gain is the rest."""
    found = []
    medium = level_laid(puzzle["table"], puzzle["rack"], "medium")
    greedy, _ = tile_rummy_greedy(puzzle["table"], puzzle["rack"])
    if medium >= optimum:
        found.append(f"the medium computer lays {medium}: as much as the optimum")
    if greedy >= optimum:
        found.append(f"the stated greedy lays {greedy}: as much as the optimum")
    best = max(medium, greedy)
    if puzzle["gain"] != [optimum[0] - best[0], optimum[1] - best[1]]:
        found.append(f"stored gain {puzzle['gain']}, not the optimum less {best}")
    return found


def theme_shares(puzzles: list[dict[str, Any]], exempt: str | None = None) -> dict[str, float]:
    """Each theme's share of the puzzles (``exempt``: the game's own theme, on all of them)."""
    counts = Counter(t for p in puzzles for t in p["themes"] if t != exempt)
    return {t: n / max(len(puzzles), 1) for t, n in counts.most_common()}


def crowded(puzzles: list[dict[str, Any]], exempt: str | None = None) -> list[str]:
    """Themes on more than ``MAX_SHARE`` of a bank of more than ``SHARES_FROM`` puzzles."""
    if len(puzzles) <= SHARES_FROM:
        return []
    shares = theme_shares(puzzles, exempt).items()
    return [
        f"theme {t} is on {share:.0%} of the puzzles" for t, share in shares if share > MAX_SHARE
    ]


def whole_bank(puzzles: list[dict[str, Any]], exempt: str | None = None) -> list[str]:
    """What is wrong with the file as a whole: repeats, a theme on too many puzzles."""
    return repeats(puzzles, face_of) + crowded(puzzles, exempt)


def run(bank: Path, problems_of: Judge, whole: Callable[[list[dict[str, Any]]], list[str]]) -> int:
    """Check every puzzle of ``bank`` and the file as a whole; print each problem; 1 if any."""
    puzzles = json.loads(bank.read_text())["puzzles"]
    started = time.perf_counter()
    bad = 0
    for puzzle in puzzles:
        for problem in problems_of(puzzle):
            bad += 1
            print(f"puzzle {puzzle['id']}: {problem}")
    for problem in whole(puzzles):
        bad += 1
        print(problem)
    spent = time.perf_counter() - started
    print(f"checked {len(puzzles)} puzzles in {spent:.1f} s: {bad} problems")
    return 1 if bad else 0


def main(
    argv: list[str] | None = None,
    default: Path = DEFAULT_OUT,
    judge: Judge = problems_of,
    whole: Callable[[list[dict[str, Any]]], list[str]] = whole_bank,
) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bank", type=Path, default=default)
    return run(parser.parse_args(argv).bank, judge, whole)


if __name__ == "__main__":
    sys.exit(main())
