"""Round scoring, the game's end and the Result.

A tile counts for whoever first laid it, wherever it lies now (RULINGS); a
melded joly counts 50 instead of the tile it stands for, to whoever first
melded it. The winner scores 100 plus what they melded (plus 100 more for
going out with everything at once); everyone else scores melded minus rack,
except that a player who melded nothing takes the nothing-melded penalty
instead. The wall running out (or the safety cap) ends a round with no winner.
"""

from __future__ import annotations

from ..base import Event, Result, scored
from .state import State
from .tiles import JOLY_MELDED, is_joly, number_value, rack_value, reading_of
from .view_types import ScoreRow

OUT_BONUS = 100
ALL_AT_ONCE_BONUS = 100
FLAT_PENALTY = 200
RACK_PENALTY_BASE = 100


def melded_values(state: State) -> tuple[list[int], list[int]]:
    """Per seat: the value of real tiles they laid, and their joly bonuses."""
    n = state.config.players
    tiles, jolys = [0] * n, [0] * n
    for seat_melds in state.melds:
        for meld in seat_melds:
            reading = reading_of(meld)
            assert reading is not None, "every meld on the table is valid"
            for tile, number in zip(meld, reading.numbers, strict=True):
                owner = state.laid_by[tile]
                if is_joly(tile):
                    jolys[owner] += JOLY_MELDED
                else:
                    tiles[owner] += number_value(number, reading.kind)
    return tiles, jolys


def penalty(state: State, rack: int) -> int:
    if state.config.penalty == "rack100":
        return RACK_PENALTY_BASE + rack
    return FLAT_PENALTY


def breakdown(state: State, winner: int | None) -> list[ScoreRow[int]]:
    """Every player's round laid out for the Round complete screen."""
    tiles, jolys = melded_values(state)
    rows: list[ScoreRow[int]] = []
    for seat in range(state.config.players):
        rack = sum(rack_value(t) for t in state.racks[seat])
        out = seat == winner
        all_at_once = out and state.all_at_once
        melded_nothing = not state.opened[seat]
        pen = penalty(state, rack) if melded_nothing else 0
        if melded_nothing:
            score = -pen
        else:
            score = tiles[seat] + jolys[seat] - rack
            score += OUT_BONUS if out else 0
            score += ALL_AT_ONCE_BONUS if all_at_once else 0
        rows.append(
            {
                "seat": seat,
                "went_out": out,
                "out_bonus": OUT_BONUS if out else 0,
                "all_at_once_bonus": ALL_AT_ONCE_BONUS if all_at_once else 0,
                "melded": tiles[seat],
                "joly_bonus": jolys[seat],
                "rack": rack,
                "rack_tiles": list(state.racks[seat]),
                "melded_nothing": melded_nothing,
                "penalty": pen,
                "score": score,
            }
        )
    return rows


def end_round(state: State, winner: int | None, reason: str) -> list[Event]:
    """Score the round; after the last round the game is over and the top totals win."""
    if winner is not None and state.opened_this_turn:
        state.all_at_once = True
    rows = breakdown(state, winner)
    scores = [row["score"] for row in rows]
    state.breakdown = rows
    state.round_scores = scores
    state.round_history.append(scores)
    state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    state.round_winner = winner
    state.end_reason = reason
    state.phase = "round_over"
    events: list[Event] = [
        {"type": "round_over", "winner": winner, "reason": reason, "scores": scores}
    ]
    if state.round_no >= state.config.rounds:
        best = max(state.totals)
        state.winners = [s for s, t in enumerate(state.totals) if t == best]
        state.phase = "game_over"
        events.append({"type": "game_over", "winners": state.winners, "totals": state.totals})
    return events


def result(state: State) -> Result | None:
    if state.phase not in ("round_over", "game_over"):
        return None
    winners = list(state.winners)
    if state.phase == "round_over":
        winners = [state.round_winner] if state.round_winner is not None else []
    return scored(state.round_scores or [], state.totals, winners, state.phase)
