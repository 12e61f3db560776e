"""The bank builders' filters and repeat rules, on hand-made positions (issue 40, items 1-2).

A position is kept only when the site's medium computer and the stated greedy both lay
less than the optimum; repeats are refused by faces, never by tile ids.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.engine.melds import Face
from research.puzzles import build, romanian_build
from research.puzzles.dedupe import Deduper
from research.puzzles.greedies import romanian_greedies, tile_rummy_greedy

COLOURS = "RBYK"
JOKER = 104  # both games number their tiles alike: two copies of each face, then the wilds


def tid(face: str, copy: int = 0) -> int:
    """A tile id from its face ("R7"; "J" a joker): two copies of each face, in colour order."""
    if face == "J":
        return JOKER + copy
    parsed = Face.parse(face)
    assert parsed.colour is not None and parsed.number is not None
    return (COLOURS.index(parsed.colour) * 13 + parsed.number - 1) * 2 + copy


def ids(faces: str, copy: int = 0) -> list[int]:
    return [tid(f, copy) for f in faces.split()]


def view(table: list[str], rack: str) -> dict[str, Any]:
    return dict(build.puzzle_view([ids(s) for s in table], ids(rack), False))


def test_the_ids_read_back_as_their_faces() -> None:
    from games.engine.tile_rummy import face_of

    assert [str(face_of(t)) for t in ids("R1 R7 Y1 K13 J")] == ["R1", "R7", "Y1", "K13", "J"]


# --- Tile Rummy ----------------------------------------------------------------------


def test_a_position_the_medium_computer_solves_is_refused() -> None:
    stats: Counter[str] = Counter()
    # a plain addition: the medium computer lays the R6 on the run, which is the optimum
    assert build.examine(view(["R3 R4 R5"], "R6 B1 K9"), stats) is None
    assert stats["medium_solves_quick"] + stats["medium_solves"] == 1


def test_a_position_the_greedy_solves_is_refused_even_if_medium_missed_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(build, "propose", lambda view, level: None)  # medium lays nothing
    stats: Counter[str] = Counter()
    # a rack set, then an addition: exactly the greedy's two steps
    assert build.examine(view(["R3 R4 R5"], "R6 K9 K10 K11"), stats) is None
    assert stats["greedy_solves"] == 1


def test_a_position_both_first_ideas_miss_is_kept_with_its_gain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(build, "propose", lambda view, level: None)  # medium lays nothing
    stats: Counter[str] = Counter()
    # the R8 must leave its run for a group with the rack's B8 and K8: no greedy step does it
    found = build.examine(view(["R5 R6 R7 R8"], "B8 K8"), stats)
    assert found is not None, stats
    assert (found["tiles"], found["value"], found["gain"]) == (2, 16, [2, 16])
    assert build.ilp_disagrees(found) is None


def test_the_greedy_lays_sets_then_adds_singles_without_moving_the_table() -> None:
    table = [ids("R3 R4 R5"), ids("B7 Y7 K7")]
    (tiles, value), after = tile_rummy_greedy(table, ids("R6 R7 R8 R7", 1)[:3] + ids("R1"))
    # R6 R7 R8 is a rack set; nothing else fits, and the table's sets are untouched
    assert (tiles, value) == (3, 21)
    assert after[:2] == table
    (tiles, _), _ = tile_rummy_greedy([ids("R5 R6 R7 R8")], ids("B8 K8"))
    assert tiles == 0  # taking the R8 for a group is a rearrangement: the greedy never does it


# --- Romanian openings ----------------------------------------------------------------


def test_a_rack_the_medium_computer_opens_best_is_refused() -> None:
    stats: Counter[str] = Counter()
    rack = ids("R9 R10 R11 R12 R13 B10 Y10 K10 Y2")
    assert romanian_build.examine(rack, 50, stats) is None
    assert stats["medium_solves"] == 1


def test_a_rack_one_of_the_three_greedies_opens_best_is_refused() -> None:
    faces = "B1 B4 B5 B6 B8 K1 K2 K3 K4 K6 R1 R2 Y2"
    rack = sorted(ids(faces) + ids("B6 K6", 1))
    greedy = romanian_greedies(Counter(romanian_build.rack_faces(rack)), 50, len(rack) - 1)
    # runs first (the medium computer's way) cannot reach 50; points first opens with the ones
    assert greedy["runs-first"] == (0, 0) and greedy["most-points"] == (9, 105)
    stats: Counter[str] = Counter()
    assert romanian_build.examine(rack, 50, stats) is None
    assert stats["greedy_solves"] == 1


# --- repeats, by faces ----------------------------------------------------------------


def puzzle(table: list[str], rack: str, solution: list[str], source: str, copy: int = 0):
    return {
        "table": [ids(s, copy) for s in table],
        "rack": ids(rack, copy),
        "solution": [ids(s, copy) for s in solution],
        "source": source,
    }


def tile_rummy_deduper() -> Deduper:
    from games.engine.tile_rummy import face_of

    return Deduper(face_of)


def test_the_same_table_by_faces_is_a_repeat_even_with_other_tile_ids() -> None:
    seen = tile_rummy_deduper()
    first = puzzle(["R5 R6 R7 R8"], "B8 K8", ["R5 R6 R7", "R8 B8 K8"], "1:10")
    assert seen.admit(first) is None
    twin = puzzle(["R5 R6 R7 R8"], "B8 K8 Y1", ["R5 R6 R7", "R8 B8 K8"], "2:10", copy=1)
    assert seen.admit(twin) == "same_table"


def test_the_same_new_sets_are_a_repeat() -> None:
    seen = tile_rummy_deduper()
    assert seen.admit(puzzle(["R5 R6 R7 R8"], "B8 K8", ["R5 R6 R7", "R8 B8 K8"], "1:10")) is None
    other = puzzle(
        ["R5 R6 R7 R8", "Y1 Y2 Y3"], "B8 K8", ["Y1 Y2 Y3", "R5 R6 R7", "R8 B8 K8"], "2:9"
    )
    assert seen.admit(other) == "same_new_sets"


def test_racks_differing_only_by_unused_tiles_are_a_repeat() -> None:
    seen = tile_rummy_deduper()
    assert seen.admit(puzzle(["R5 R6 R7 R8"], "B8 K8", ["R5 R6 R7", "R8 B8 K8"], "1:10")) is None
    # another table and other new sets, but the same tiles laid (a Y12 left unused)
    other = puzzle(["Y8 Y9 Y10 Y11"], "B8 K8 Y12", ["Y9 Y10 Y11", "Y8 B8 K8"], "2:10")
    assert seen.admit(other) == "same_laid"


def test_at_most_three_puzzles_from_one_game() -> None:
    seen = tile_rummy_deduper()
    for n, (run, tile) in enumerate([("R1 R2 R3", "R4"), ("B4 B5 B6", "B7"), ("Y7 Y8 Y9", "Y10")]):
        assert seen.admit(puzzle([run], tile, [f"{run} {tile}"], f"7:{n}")) is None
    fourth = puzzle(["K10 K11 K12"], "K13", ["K10 K11 K12 K13"], "7:30")
    assert seen.admit(fourth) == "per_game"
    assert seen.admit({**fourth, "source": "8:30"}) is None  # another game: welcome


def test_near_twins_from_one_game_are_a_repeat() -> None:
    seen = tile_rummy_deduper()
    table = ["R1 R2 R3", "B4 B5 B6", "Y7 Y8 Y9", "K10 K11 K12", "K1 K2 K3 K4", "R9 B9 K9"]
    first = puzzle(table, "R4 Y1", ["R1 R2 R3 R4", *table[1:]], "9:20")
    assert seen.admit(first) is None
    # a turn later: one table set has grown and the rack changed by a tile (over 90% alike)
    later = [*table[:5], "R9 B9 K9 Y9"]
    twin = puzzle(later, "B7 Y1", [later[0], "B4 B5 B6 B7", *later[2:]], "9:24")
    assert seen.why_not(twin) == "near_sibling"
    assert seen.why_not({**twin, "source": "10:24"}) is None  # from another game it may stay
