"""Puzzle ratings (Glicko-2, the ``glicko2`` library) against numbers worked out by hand."""

from __future__ import annotations

from typing import Any

import glicko2
import pytest

from puzzles.models import Puzzle, Solver
from puzzles.rating import Rating, play

from .conftest import confirm, latest, lay_out


def test_the_library_reproduces_glickmans_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system" (2013): 1500/200 v 1400/30 (won),
    # 1550/100 (lost), 1700/300 (lost) gives 1464.06, RD 151.52, volatility 0.05999.
    player = glicko2.Player(rating=1500, rd=200, vol=0.06)
    player.update_player([1400, 1550, 1700], [30, 100, 300], [1, 0, 0])
    assert player.getRating() == pytest.approx(1464.06, abs=0.01)
    assert player.getRd() == pytest.approx(151.52, abs=0.01)
    assert player.vol == pytest.approx(0.05999, abs=0.00001)


def test_a_new_solver_solving_a_1500_puzzle() -> None:
    # By hand: phi = 350/173.7178, g(250/173.7178) = 0.7834, E = 0.5, v = 6.518,
    # phi' = 1.5821 (RD 274.83), mu' = phi'^2 * g * 0.5 = 0.9805 (1670.3).
    solver, puzzle = play(Rating(1500, 350, 0.06), Rating(1500, 250, 0.06), solved=True)
    assert solver.rating == pytest.approx(1670.30, abs=0.01)
    assert solver.rd == pytest.approx(274.83, abs=0.01)
    assert puzzle.rating == pytest.approx(1402.15, abs=0.01)
    assert puzzle.rd == pytest.approx(225.41, abs=0.01)


def test_missing_a_harder_puzzle_costs_less_than_missing_an_even_one() -> None:
    solver, puzzle = play(Rating(1500, 350, 0.06), Rating(1800, 250, 0.06), solved=False)
    assert solver.rating == pytest.approx(1419.28, abs=0.01)
    assert puzzle.rating == pytest.approx(1849.40, abs=0.01)


@pytest.mark.django_db
def test_a_first_try_moves_both_ratings_by_those_numbers(guest: Any, puzzles: Any) -> None:
    puzzle = puzzles[0]
    Puzzle.objects.filter(pk=puzzle.pk).update(rating=1500.0, rd=250.0, vol=0.06)
    puzzle.refresh_from_db()
    guest.get(f"/puzzles/{puzzle.id}/")
    lay_out(guest, puzzle, puzzle.solution)
    confirm(guest, puzzle)
    solver = Solver.objects.get()
    puzzle.refresh_from_db()
    assert solver.rating == pytest.approx(1670.30, abs=0.01)
    assert puzzle.rating == pytest.approx(1402.15, abs=0.01)
    attempt = latest(puzzle)
    assert (round(attempt.rating_before), round(attempt.rating_after)) == (1500, 1670)
