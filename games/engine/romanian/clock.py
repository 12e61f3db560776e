"""Which question the seats are answering, so the site's clock knows when to start afresh."""

from __future__ import annotations

from .state import State

SHARED = ("doubla", "doubla_swap")  # one question put to every seat at once
MID_TURN = ("draw", "play")  # a turn's steps: drawn (or taken), then play on


def same_decision(before: State, after: State) -> bool:
    """True when whoever acts after a move is still answering the question asked before it.

    Why: RULINGS gives every newly asked decision its own full clock, but one
    question answered by several seats (the doubla, the swap) keeps one clock,
    and so does one turn played in steps (draw, then meld and discard). Any
    other change of phase, turn or round is a new question.
    """
    if before.round_no != after.round_no:
        return False
    if after.phase in SHARED:
        return before.phase == after.phase
    return after.phase == "play" and before.phase in MID_TURN and before.turn == after.turn
