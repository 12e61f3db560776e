""" "Your arrangement differs from ours" compares what the tiles show, not their ids: the two
copies of a face (and the two jokers) are the same tile to the eye."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.engine import tile_rummy
from games.engine.melds import check_table
from puzzles.models import Attempt, Puzzle
from puzzles.presenters import differs

from .conftest import confirm, latest, lay_out

pytestmark = pytest.mark.django_db

# Ids: colours in blocks of 26 (R, B, Y, K), two ids per face; 104 and 105 the jokers.
R1, R1_TWIN, R2, R3 = 0, 1, 2, 4
B1, B1_TWIN, Y1, K1 = 26, 27, 52, 78
JOKER, OTHER_JOKER = 104, 105


@pytest.mark.parametrize("game", ["tile_rummy", "romanian_tile_rummy"])
def test_twins_and_jokers_swapped_are_the_same_arrangement(game: str) -> None:
    puzzle = Puzzle(game=game, solution=[[R1, B1, Y1], [JOKER, R2, R3]])
    assert not differs(puzzle, [[R1_TWIN, B1_TWIN, Y1], [OTHER_JOKER, R2, R3]])
    assert not differs(puzzle, [[R3, R2, JOKER], [Y1, R1, B1]])  # another order, same sets
    assert differs(puzzle, [[R1, B1, Y1, K1], [JOKER, R2, R3]])
    assert differs(puzzle, [[R1, B1, JOKER], [Y1, R2, R3]])


def twin(tile: int) -> int:
    return tile ^ 1  # 0-103: the other copy of the face; 104 <-> 105: the other joker


def swapped_by_faces(puzzle: Puzzle) -> Iterator[list[list[int]]]:
    """The stored answer with a tile and its twin swapped (both on the new table, in two
    sets), or a laid rack tile replaced by its unused twin from the rack."""
    laid = {t: i for i, s in enumerate(puzzle.solution) for t in s}
    for tile, where in laid.items():
        other = twin(tile)
        if other in laid and laid[other] != where:
            swap = {tile: other, other: tile}
        elif other in puzzle.rack and other not in laid and tile in puzzle.rack:
            swap = {tile: other}
        else:
            continue
        yield [[swap.get(t, t) for t in s] for s in puzzle.solution]


def legal(puzzle: Puzzle, table: list[list[int]]) -> bool:
    old = [t for s in puzzle.table for t in s]
    _, problems = check_table(old, table, puzzle.rack, tile_rummy.face_of, tile_rummy.RULES)
    return not problems


def test_a_solve_equal_by_faces_is_not_called_different(guest: Any, puzzles: Any) -> None:
    found = next(
        (p, table)
        for p in puzzles
        if p.game == "tile_rummy"
        for table in swapped_by_faces(p)
        if legal(p, table)
    )
    puzzle, table = found
    assert sorted(map(sorted, table)) != sorted(map(sorted, puzzle.solution))  # other ids
    guest.get(f"/puzzles/{puzzle.id}/")
    lay_out(guest, puzzle, table)
    html = confirm(guest, puzzle).content.decode()
    assert latest(puzzle).status == Attempt.SOLVED
    assert "Solved!" in html and "differs from ours" not in html
