"""Glicko-2 for puzzles (``puzzles.glicko``): each attempt is one game, solver v puzzle.

Solving is a win for the solver and a loss for the puzzle; a miss (a hint
included) the other way round. Both sides are updated from the other's
rating before the game, as one rating period of one game each.
"""

from __future__ import annotations

from .glicko import Glicko, Opponent, rate

Rating = Glicko  # (rating, rd, vol), as a Solver and a Puzzle store them


def _updated(me: Rating, other: Rating, score: float) -> Rating:
    return rate(me, [Opponent(other.rating, other.rd, score)])


def play(solver: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """(solver, puzzle) after one attempt."""
    score = 1.0 if solved else 0.0
    return _updated(solver, puzzle, score), _updated(puzzle, solver, 1.0 - score)
