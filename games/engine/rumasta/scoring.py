"""Scoring a Rumasta round in three steps per side, and the end of the game.

Step 1 · base: Canastas (600 clean / 300 with wilds), Rumastas (500 / 300),
red 3s (100 each, all six 1,200, only with a Canasta or Rumasta; else 0),
going out (+100), a perfect cut (+100 to the cutter's side).
Step 2 · plus the card points of every card in the side's melds.
Step 3 · minus the card points of every card left in the side's hands (even
when that side went out).
The game ends after the round in which a side reaches the target (or the
rounds cap): the highest score at or over the target wins (ties share); at
the cap with nobody there, the highest score wins.
"""

from __future__ import annotations

from ..base import Event, Result, scored
from . import melds
from .cards import FACES
from .state import State
from .view_types import SideSteps

CANASTA = {True: 600, False: 300}  # clean, with wilds
RUMASTA = {True: 500, False: 300}
ALL_RED_THREES = 6
GOING_OUT, PERFECT_CUT = 100, 100


def red_three_points(count: int, has_closed: bool) -> int:
    if not has_closed:
        return 0
    return 1200 if count >= ALL_RED_THREES else 100 * count


def side_steps(state: State, side: int) -> SideSteps:
    seats = state.config.sides[side]
    own = state.melds[side]
    closed = [m for m in own if melds.closed(m)]
    canastas = [CANASTA[melds.clean(m)] for m in closed if melds.label(m) == "canasta"]
    rumastas = [RUMASTA[melds.clean(m)] for m in closed if melds.label(m) == "rumasta"]
    threes = sum(len(state.red3s[s]) for s in seats)
    red = red_three_points(threes, bool(closed))
    out = GOING_OUT if state.went_out in seats else 0
    cut = PERFECT_CUT if state.perfect_cut and state.cutter in seats else 0
    base = sum(canastas) + sum(rumastas) + red + out + cut
    laid = sum(FACES[c].value for m in own for c in m)
    in_hand = sum(FACES[c].value for s in seats for c in state.hands[s])
    return {
        "side": side,
        "seats": list(seats),
        "canastas": canastas,
        "rumastas": rumastas,
        "red_threes": threes,
        "red_three_points": red,
        "going_out": out,
        "perfect_cut": cut,
        "step1": base,
        "step2": laid,
        "step3": -in_hand,
        "round": base + laid - in_hand,
    }


def end_round(state: State, reason: str) -> list[Event]:
    steps = [side_steps(state, side) for side in range(len(state.melds))]
    state.totals = [t + s["round"] for t, s in zip(state.totals, steps, strict=True)]
    for total, s in zip(state.totals, steps, strict=True):
        s["total"] = total
    state.round_steps = steps
    state.end_reason = reason
    state.heart = None
    target = state.config.target
    over = max(state.totals) >= target or state.round_no >= state.config.max_rounds
    state.phase = "game_over" if over else "round_over"
    state.winners = winning_seats(state) if over else []
    return [
        {
            "type": "game_over" if over else "round_over",
            "reason": reason,
            "steps": steps,
            "totals": list(state.totals),
            "winners": list(state.winners),
        }
    ]


def winning_seats(state: State) -> list[int]:
    target = state.config.target
    reached = [t for t in state.totals if t >= target]
    best = max(reached) if reached else max(state.totals)
    return sorted(s for i, t in enumerate(state.totals) if t == best for s in state.config.sides[i])


def seat_values(state: State, per_side: list[int]) -> list[int]:
    """Team members share their side's score."""
    out = [0] * state.config.players
    for side, seats in enumerate(state.config.sides):
        for seat in seats:
            out[seat] = per_side[side]
    return out


def result(state: State) -> Result | None:
    if state.phase not in ("round_over", "game_over") or state.round_steps is None:
        return None
    rounds = seat_values(state, [s["round"] for s in state.round_steps])
    return scored(rounds, seat_values(state, state.totals), sorted(state.winners), state.phase)
