"""Which question the seats are answering, so the site's clock knows when to start afresh."""

from __future__ import annotations

from .state import State


def same_decision(before: State, after: State) -> bool:
    """True when whoever acts after a move is still answering the question asked before it.

    Why: RULINGS gives every newly asked decision its own full clock. One black 3
    window answered by several seats is one question, and one turn played in
    steps (take or draw, pick, meld, discard) is one decision; a new window, a
    new turn (even the same seat's, after two jokers), the cut and Next round
    are new questions.
    """
    if before.round_no != after.round_no:
        return False
    if before.phase == "heart" and after.phase == "heart":
        return _window(before) == _window(after)
    if before.phase not in ("turn", "heart") or after.phase not in ("turn", "heart"):
        return False
    return before.turn == after.turn and after.step != "choose"


def _window(state: State) -> int | None:
    """The move that opened the state's black 3 window (its identity)."""
    return None if state.heart is None else state.heart.get("opened_move")
