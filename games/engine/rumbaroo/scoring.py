"""Scoring a Rumbaroo round and the game (rules/rumbaroo.md "Scoring", RULINGS.md).

The round's winner scores what is left in every opponent's hand and pouch:
numbers at face value, Wilds 30, action tiles 20 (30 in Big Red), plus 10
for going out. A blocked, lap-capped or move-capped round goes to the lowest
hand without the bonus: lowest point value, then fewest tiles, then the
first tied seat after the player who acted last (in the direction of play).
The game ends after the round in which a total reaches the target (or the
``max_rounds`` safety cap); the highest total wins, ties share the win.
"""

from __future__ import annotations

from ..base import Event, Result, scored
from .state import State, hand_value, holding

GOING_OUT_BONUS = 10


def lowest_hand(state: State) -> int:
    n = state.config.players
    last = state.last_actor if state.last_actor is not None else state.dealer
    order = [(last + state.direction * k) % n for k in range(1, n + 1)]
    return min(order, key=lambda s: (hand_value(state, s), holding(state, s), order.index(s)))


def end_round(state: State, winner: int | None, reason: str) -> list[Event]:
    """Score the round; ``winner`` None means the lowest hand takes it (no bonus)."""
    if winner is None:
        winner = lowest_hand(state)
        bonus = 0
    else:
        bonus = GOING_OUT_BONUS
    n = state.config.players
    left = [hand_value(state, s) for s in range(n)]
    scores = [0] * n
    scores[winner] = sum(v for s, v in enumerate(left) if s != winner) + bonus
    state.round_scores = scores
    state.round_winner = winner
    state.end_reason = reason
    state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    state.croc = 0
    state.drawn = None
    over = max(state.totals) >= state.config.target or state.round_no >= state.config.max_rounds
    state.phase = "game_over" if over else "round_over"
    best = max(state.totals)
    state.winners = [i for i, t in enumerate(state.totals) if t == best] if over else [winner]
    return [
        {
            "type": "game_over" if over else "round_over",
            "winner": winner,
            "reason": reason,
            "scores": scores,
            "left": left,
            "totals": list(state.totals),
        }
    ]


def result(state: State) -> Result | None:
    if state.phase not in ("round_over", "game_over") or state.round_scores is None:
        return None
    return scored(state.round_scores, state.totals, state.winners, state.phase)
