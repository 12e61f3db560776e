"""Which question the seats are answering, so the site's clock knows when to start afresh."""

from __future__ import annotations

from .state import State


def same_decision(before: State, after: State) -> bool:
    """True when whoever acts after a move is still answering the question asked before it.

    Why: RULINGS gives every newly asked decision its own full clock. The only
    turn played in two steps is a draw whose tile may be played at once; every
    other move ends the turn, and a Croc Snap answer or Next round is a new question.
    """
    return (
        before.round_no == after.round_no
        and before.phase == "play"
        and after.phase == "drawn"
        and before.turn == after.turn
    )
