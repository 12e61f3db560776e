"""Check every shipped Romanian opening puzzle: ``python -m research.puzzles.romanian_check``.

For each puzzle: the stored answer is an opening the engine's own rules
accept (``judge_opening``: combinations from the rack, a run, the stored
threshold, a tile kept back) laying exactly the stored (tiles, value); the
integer program (HiGHS, ``research.romanian_opening_ilp``) finds that same
optimum; the medium computer's opening and the best of the three stated
greedies both lay less, and the stored gain is the optimum less the better of
them; it has a hint and the themes its answer shows. Over the whole file: no
repeats (``dedupe``, by faces) and no theme but the game's own ("opening", on
every puzzle) on more than 40% of them. Prints every problem; exits 1 on any.
"""

from __future__ import annotations

import sys
from typing import Any

from games.bots.romanian.opening import rack_faces
from games.engine.base import IllegalAction
from games.engine.romanian.opening import judge_opening
from games.engine.romanian.tiles import TILE_COUNT, face_of
from research.romanian_opening_ilp import reference_opening

from . import check
from .dedupe import repeats
from .greedies import best_of, romanian_greedies
from .romanian_build import DEFAULT_OUT, GAME, medium_laid
from .romanian_themes import themes_of

GAME_THEME = "opening"  # the catalogue's theme for the game: on every puzzle by design


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
    faces, keep = rack_faces(rack), len(rack) - 1
    if reference_opening(faces, puzzle["threshold"], keep) != want:
        found.append("the integer program finds another optimum")
    medium = medium_laid(faces, puzzle["threshold"], keep)
    greedy = best_of(romanian_greedies(faces, puzzle["threshold"], keep))
    if medium >= want or greedy >= want:
        found.append(f"a first idea lays as much: medium {medium}, greedies {greedy}")
    first = max(medium, greedy)
    if puzzle["gain"] != [want[0] - first[0], want[1] - first[1]]:
        found.append(f"stored gain {puzzle['gain']}, not the optimum less {first}")
    if not puzzle.get("hint", {}).get("key"):
        found.append("no hint")
    if puzzle["themes"] != themes_of(puzzle["solution"], puzzle["threshold"]):
        found.append("its themes are not those its answer shows")
    return found


def whole_bank(puzzles: list[dict[str, Any]]) -> list[str]:
    return repeats(puzzles, face_of) + check.crowded(puzzles, GAME_THEME)


def main(argv: list[str] | None = None) -> int:
    return check.main(argv, DEFAULT_OUT, problems_of, whole_bank)


if __name__ == "__main__":
    sys.exit(main())
