"""Puzzle ratings (Glicko-2, ``puzzles.glicko``) against the paper and sums worked by hand."""

from __future__ import annotations

from typing import Any

import pytest

from puzzles.glicko import Glicko, Opponent, rate
from puzzles.models import Puzzle, Solver
from puzzles.rating import Rating, play

from .conftest import confirm, latest, lay_out


def test_glickmans_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system" (2013): 1500/200 v 1400/30 (won),
    # 1550/100 (lost), 1700/300 (lost) gives 1464.06, RD 151.52, volatility 0.05999.
    games = [Opponent(1400, 30, 1), Opponent(1550, 100, 0), Opponent(1700, 300, 0)]
    after = rate(Glicko(1500, 200, 0.06), games)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.vol == pytest.approx(0.05999, abs=0.00001)


def test_the_worked_example_uses_the_papers_tau() -> None:
    # The paper's example takes τ = 0.5, the constant the site uses; another τ moves σ'.
    games = [Opponent(1400, 30, 1), Opponent(1550, 100, 0), Opponent(1700, 300, 0)]
    assert rate(Glicko(1500, 200, 0.06), games).vol == pytest.approx(0.059996, abs=1e-6)
    assert rate(Glicko(1500, 200, 0.06), games, tau=1.2).vol != pytest.approx(0.059996, abs=1e-6)


def test_a_player_far_above_an_opponent_he_beats_barely_moves() -> None:
    # E close to 1: the win earns almost nothing and tells so little that the RD grows
    # (φ* = sqrt(φ² + σ²) is wider than one near-certain game narrows it).
    after = rate(Glicko(2400, 60, 0.06), [Opponent(1200, 60, 1)])
    assert 2400 < after.rating < 2400.1
    assert 60 < after.rd < 61


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
