"""Glicko-2 for puzzles (the ``glicko2`` library): each attempt is one game, solver v puzzle.

Solving is a win for the solver and a loss for the puzzle; a miss (a hint
included) the other way round. Both sides are updated from the other's
rating before the game, as one rating period of one game each.
"""

from __future__ import annotations

from dataclasses import dataclass

import glicko2


@dataclass(frozen=True)
class Rating:
    rating: float
    rd: float
    vol: float


def _updated(me: Rating, other: Rating, score: float) -> Rating:
    player = glicko2.Player(rating=me.rating, rd=me.rd, vol=me.vol)
    player.update_player([other.rating], [other.rd], [score])
    return Rating(player.getRating(), player.getRd(), player.vol)


def play(solver: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """(solver, puzzle) after one attempt."""
    score = 1.0 if solved else 0.0
    return _updated(solver, puzzle, score), _updated(puzzle, solver, 1.0 - score)
