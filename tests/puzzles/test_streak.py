"""The puzzle streak, and lichess's two known streak exploits refused."""

from __future__ import annotations

from typing import Any

import pytest

from puzzles import choosing
from puzzles.models import Attempt, Puzzle, Solver, Streak

from .conftest import confirm, lay_out

pytestmark = pytest.mark.django_db


def current_puzzle(client: Any) -> Puzzle:
    streak = Streak.objects.get(ended_at=None)
    return streak.current.puzzle


def test_reloading_never_skips_the_streak_puzzle(guest: Any, puzzles: Any) -> None:
    start = guest.post("/puzzles/streak/new/")
    shown = start["Location"]
    for _ in range(3):
        assert guest.get("/puzzles/streak/")["Location"] == shown
        assert guest.get(shown).status_code == 200
    # Asking for the next one without solving this one deals nothing new either.
    assert guest.post("/puzzles/streak/next/")["Location"] == shown
    assert Attempt.objects.filter(streak__isnull=False).count() == 1


def test_new_streak_repeats_end_the_running_one_with_its_puzzle_missed(
    guest: Any, puzzles: Any
) -> None:
    first = guest.post("/puzzles/streak/new/")["Location"]
    for _ in range(4):  # "New streak" pressed again and again to fish for an easy puzzle
        guest.post("/puzzles/streak/new/")
    streaks = list(Streak.objects.order_by("id"))
    assert len(streaks) == 5
    assert [s.ended_at is None for s in streaks] == [False] * 4 + [True]
    assert all(s.length == 0 for s in streaks)
    missed = Attempt.objects.filter(streak__in=streaks[:4])
    assert missed.count() == 4 and all(a.status == Attempt.MISSED for a in missed)
    assert Solver.objects.get().best_streak == 0
    # Each dealt puzzle was shown and counted: the first is never offered as new again.
    assert guest.get("/puzzles/streak/")["Location"] != first


def test_solving_in_a_row_counts_and_a_miss_ends_the_run(guest: Any, puzzles: Any) -> None:
    guest.post("/puzzles/streak/new/")
    for length in (1, 2):
        puzzle = current_puzzle(guest)
        lay_out(guest, puzzle, puzzle.solution)
        confirm(guest, puzzle)
        assert Streak.objects.get(ended_at=None).length == length
        guest.post("/puzzles/streak/next/")
    assert Solver.objects.get().best_streak == 2
    puzzle = current_puzzle(guest)
    guest.post(f"/puzzles/{puzzle.id}/answer/")
    run = Streak.objects.get()
    assert run.ended_at is not None and run.length == 2
    # Every puzzle of the run can be looked at again afterwards, answers shown.
    review = guest.get(f"/puzzles/streak/{run.id}/").content.decode()
    attempts = list(run.attempts.order_by("id"))
    assert len(attempts) == 3
    for attempt in attempts:
        assert f"/puzzles/attempt/{attempt.id}/" in review
        page = guest.get(f"/puzzles/attempt/{attempt.id}/").content.decode()
        assert "The best arrangement" in page
    assert guest.get("/puzzles/leaderboard/").status_code == 200


def test_a_streak_puzzle_is_not_rated(guest: Any, puzzles: Any) -> None:
    guest.post("/puzzles/streak/new/")
    puzzle = current_puzzle(guest)
    lay_out(guest, puzzle, puzzle.solution)
    confirm(guest, puzzle)
    assert Solver.objects.get().rating == 1500


def test_streaks_open_with_either_game_in_proportion_to_the_bank(puzzles: Any) -> None:
    """The easiest puzzles are Romanian openings; a streak still starts with Tile Rummy most
    often (four puzzles in five are Tile Rummy), never with one game only."""
    solver = Solver.objects.create(device_key="streak-mix")
    firsts = [choosing.streak_puzzle(solver, streak_id, 0) for streak_id in range(1, 41)]
    games = [p.game for p in firsts if p is not None]
    assert len(games) == 40
    assert 20 <= games.count("tile_rummy") < 40
    assert games.count("romanian_tile_rummy") >= 1
