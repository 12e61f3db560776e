"""Solving a puzzle through its page: any optimal table counts, the answer stays on the server."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.bots.tile_rummy import propose
from games.engine import tile_rummy
from games.engine.melds import check_table
from puzzles.models import Attempt, Puzzle, Solver
from puzzles.tile_rummy import puzzle_view

from .conftest import confirm, faces_table, latest, lay_out

pytestmark = pytest.mark.django_db


def shown_sets(html: str) -> list[list[int]]:
    """The sets the board draws, as tile ids (the table part of the form only)."""
    table = html.split('data-testid="table"', 1)[1].split('data-testid="dock"', 1)[0]
    sets = table.split('data-testid="set"')[1:]
    return [[int(t) for t in re.findall(r'data-tile="(\d+)"', s)] for s in sets]


def test_the_open_page_shows_the_position_and_never_the_answer(guest: Any, puzzles: Any) -> None:
    puzzle = next(p for p in puzzles if faces_table(p.solution) != faces_table(p.table))
    response = guest.get(f"/puzzles/{puzzle.id}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert faces_table(shown_sets(html)) == faces_table(puzzle.table)
    assert response.context["result"] is None
    assert "best arrangement" not in html.lower()
    assert f"{puzzle.tiles} tiles worth {puzzle.value}" not in html
    # A hint and a refused Confirm do not show it either.
    hinted = guest.post(f"/puzzles/{puzzle.id}/hint/", HTTP_HX_REQUEST="true").content.decode()
    assert "best arrangement" not in hinted.lower() and "Hint" in hinted
    refused = confirm(guest, puzzle)
    assert refused.status_code == 400 and "best arrangement" not in refused.content.decode().lower()


def test_the_stored_answer_laid_tile_by_tile_solves_it(guest: Any, puzzles: Any) -> None:
    puzzle = puzzles[0]
    guest.get(f"/puzzles/{puzzle.id}/")
    lay_out(guest, puzzle, puzzle.solution)
    response = confirm(guest, puzzle)
    attempt = latest(puzzle)
    assert attempt.status == Attempt.SOLVED and attempt.rated and attempt.scored
    html = response.content.decode()
    assert "Solved!" in html and 'data-testid="best"' in html
    assert Solver.objects.get().rating > 1500


def _plain_run(ids: list[int]) -> list[tuple[int, int]] | None:
    """(number, id) in order if ``ids`` is a run without jokers, else None."""
    shown = tile_rummy.set_view(ids)
    if shown["kind"] != "run" or any(t["joker"] for t in shown["tiles"]):
        return None
    return [(t["number"], t["id"]) for t in shown["tiles"]]


def other_arrangements(solution: list[list[int]]):
    """Tables laying the same tiles in other sets: a long run split, two runs joined, the
    end of a run moved into a group of three."""
    for i, s in enumerate(solution):
        run = _plain_run(s)
        rest = solution[:i] + solution[i + 1 :]
        if run and len(run) >= 6:
            yield [*rest, [t for _, t in run[:3]], [t for _, t in run[3:]]]
        for j, other in enumerate(solution):
            second = _plain_run(other) if j != i else None
            if (
                run
                and second
                and tile_rummy.face_of(run[0][1]).colour == tile_rummy.face_of(second[0][1]).colour
                and run[-1][0] + 1 == second[0][0]
            ):
                yield [x for k, x in enumerate(solution) if k not in (i, j)] + [s + other]
            shown = tile_rummy.set_view(other)
            if run and len(run) >= 4 and j != i and shown["kind"] == "group" and len(other) == 3:
                for end in (run[0], run[-1]):
                    moved = [t for _, t in run if t != end[1]]
                    grown = [*other, end[1]]
                    table = [x for k, x in enumerate(solution) if k not in (i, j)] + [moved, grown]
                    if all(tile_rummy.set_view(x)["kind"] for x in (moved, grown)):
                        yield table


def test_an_optimal_table_other_than_the_stored_one_counts(guest: Any, puzzles: Any) -> None:
    """Not one fixed answer: another table laying the same tiles is a solve."""
    chosen = None
    for puzzle in puzzles:
        for table in other_arrangements(puzzle.solution):
            old = [t for s in puzzle.table for t in s]
            _, problems = check_table(old, table, puzzle.rack, tile_rummy.face_of, tile_rummy.RULES)
            if not problems and faces_table(table) != faces_table(puzzle.solution):
                chosen = puzzle, table
                break
        if chosen:
            break
    assert chosen is not None, "no puzzle with a second optimal arrangement"
    puzzle, table = chosen
    guest.get(f"/puzzles/{puzzle.id}/")
    lay_out(guest, puzzle, table)
    response = confirm(guest, puzzle)
    assert latest(puzzle).status == Attempt.SOLVED, response.content.decode()[:300]
    assert faces_table(latest(puzzle).answer) != faces_table(puzzle.solution)
    assert "differs from ours and counts" in response.content.decode()


def easy_puzzle(puzzles: list[Puzzle]) -> tuple[Puzzle, list[list[int]]]:
    """A puzzle and the easy level's (valid, smaller) move on it."""
    for puzzle in puzzles:
        move = propose(puzzle_view_for_bot(puzzle), "easy")
        if move:
            return puzzle, move
    raise AssertionError("no puzzle where the easy level lays anything")


def puzzle_view_for_bot(puzzle: Puzzle) -> dict[str, Any]:
    view = puzzle_view(puzzle)
    return {**view, "phase": "play", "turn": 0, "seat": 0, "rack_counts": [len(puzzle.rack), 14]}


def test_a_smaller_play_is_a_miss_with_the_best_beside_it_then_an_unrated_retry(
    guest: Any, puzzles: Any
) -> None:
    puzzle, move = easy_puzzle(puzzles)
    guest.get(f"/puzzles/{puzzle.id}/")
    lay_out(guest, puzzle, move)
    html = confirm(guest, puzzle).content.decode()
    first = latest(puzzle)
    assert first.status == Attempt.MISSED and first.laid < puzzle.tiles
    assert (
        'data-testid="compare"' in html and "Your table" in html and "The best arrangement" in html
    )
    after_miss = Solver.objects.get().rating
    assert after_miss < 1500
    guest.post(f"/puzzles/{puzzle.id}/retry/")
    second = latest(puzzle)
    assert second.pk != first.pk and not second.rated and second.status == Attempt.OPEN
    lay_out(guest, puzzle, puzzle.solution)
    confirm(guest, puzzle)
    second.refresh_from_db()
    assert second.status == Attempt.SOLVED
    assert Solver.objects.get().rating == after_miss  # a retry is never rated


def test_an_invalid_table_is_refused_with_its_reason_and_not_counted(
    guest: Any, puzzles: Any
) -> None:
    puzzle = puzzles[0]
    guest.get(f"/puzzles/{puzzle.id}/")
    tile = puzzle.rack[0]
    guest.post(f"/puzzles/{puzzle.id}/move/", {"tile": tile, "to": "new"}, HTTP_HX_REQUEST="true")
    response = confirm(guest, puzzle)
    assert response.status_code == 400
    assert "Not a valid table" in response.content.decode()
    assert "at least 3 tiles" in response.content.decode()
    attempt = latest(puzzle)
    assert attempt.status == Attempt.OPEN and not attempt.scored
    assert Solver.objects.get().rating == 1500


def test_a_hint_makes_the_attempt_a_miss_even_if_solved_after(guest: Any, puzzles: Any) -> None:
    puzzle = puzzles[1]
    guest.get(f"/puzzles/{puzzle.id}/")
    guest.post(f"/puzzles/{puzzle.id}/hint/", HTTP_HX_REQUEST="true")
    rating = Solver.objects.get().rating
    assert rating < 1500  # scored as a miss at once: walking away changes nothing
    lay_out(guest, puzzle, puzzle.solution)
    html = confirm(guest, puzzle).content.decode()
    assert latest(puzzle).status == Attempt.MISSED and "hint" in html
    assert Solver.objects.get().rating == rating


def test_next_returns_to_an_open_rated_puzzle_instead_of_skipping_it(
    guest: Any, puzzles: Any
) -> None:
    first = guest.get("/puzzles/next/")
    again = guest.get("/puzzles/next/")
    assert first.status_code == 302 and first["Location"] == again["Location"]


def test_someone_elses_attempt_is_not_shown(guest: Any, puzzles: Any, client: Any) -> None:
    puzzle = puzzles[0]
    guest.get(f"/puzzles/{puzzle.id}/")
    guest.post(f"/puzzles/{puzzle.id}/answer/")
    attempt = latest(puzzle)
    client.get("/")
    assert client.get(f"/puzzles/attempt/{attempt.id}/").status_code == 404
    assert guest.get(f"/puzzles/attempt/{attempt.id}/").status_code == 200


def test_puzzles_are_chosen_near_the_solvers_rating(guest: Any, puzzles: Any) -> None:
    guest.get("/puzzles/streak/")  # makes the guest's solver, deals nothing rated
    Solver.objects.update(rating=1900.0)
    gaps = sorted(abs(p.rating - 1900.0) for p in Puzzle.objects.all())
    location = guest.get("/puzzles/next/")["Location"]
    chosen = Puzzle.objects.get(id=int(location.strip("/").split("/")[-1]))
    assert abs(chosen.rating - 1900.0) <= gaps[9]  # one of the ten nearest


def test_a_second_confirm_changes_nothing(guest: Any, puzzles: Any) -> None:
    puzzle = puzzles[0]
    guest.get(f"/puzzles/{puzzle.id}/")
    lay_out(guest, puzzle, puzzle.solution)
    confirm(guest, puzzle)
    rating = Solver.objects.get().rating
    again = confirm(guest, puzzle)
    assert again.status_code == 400 and "already over" in again.content.decode()
    assert Solver.objects.get().rating == rating
