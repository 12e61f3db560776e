"""Rumasta first-meld positions for the builder: where they come from, how the engine
judges a meld, and what the medium computer does with one.

Positions: seeded games between medium computers (``games.bots.rumasta``), 2 to 6
players, alone or in teams, played to the rules' 5,000 so later rounds bring the
90 and 120 minimums. A position is a seat in the play step of a turn it began by
drawing (option C), whose side has not melded this round: its hand (red 3s are
laid at once, so none is in it) and its side's minimum.

Judging: ``first_meld`` gives the melds to the engine as the one ``meld`` action
they are, on a table holding nothing but that hand and the side's score for that
minimum, so the engine's own checks decide (each meld's rules, the minimum, three
cards kept), nothing written again here. ``medium_choice`` plays the medium
computer's turn on the real position until it discards: the cards it melds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.bots.rumasta import choose_action
from games.engine import rumasta as rm
from games.engine.rumasta.cards import FACES

MAX_MOVES = 30_000
# A side score for each minimum (the rules: 0-1,500 → 50, 1,501-2,500 → 90, 2,501+ → 120).
SCORE_FOR = {50: 0, 90: 2000, 120: 3000}
# The setups the games cycle through: players and teams (RULINGS' layouts).
SETUPS = (
    (2, "none"),
    (3, "none"),
    (4, "none"),
    (4, "2v2"),
    (5, "none"),
    (6, "none"),
    (6, "3v3"),
    (6, "2v2v2"),
)


@dataclass
class Position:
    state: rm.State
    seat: int
    move: int
    hand: list[int]
    minimum: int


def setup_for(game_seed: int) -> dict[str, Any]:
    players, teams = SETUPS[game_seed % len(SETUPS)]
    return {"players": players, "teams": teams, "target": 5000}


def positions(game_seed: int) -> Iterator[Position]:
    """Every first-meld position of one seeded game of medium computers, in order."""
    state = rm.new_game(setup_for(game_seed), game_seed)
    for move in range(MAX_MOVES):
        if state.phase == "game_over":
            return
        seat, action = _next(state)
        if _is_position(state, seat):
            hand, minimum = _hand_and_minimum(state, seat)
            yield Position(state, seat, move, hand, minimum)
        state, _ = rm.apply(state, seat, action)  # a new state: the position's stays as it was


def _next(state: rm.State) -> tuple[int, dict[str, Any]]:
    """The first seat (in seat order) with something to do, and what medium does."""
    for seat in sorted(rm.to_act(state)):
        action = choose_action(rm.view(state, seat), "medium")
        if action is not None:
            return seat, action
    seat = min(rm.to_act(state))
    return seat, dict(rm.TIMEOUT_ACTION)


def _hand_and_minimum(state: rm.State, seat: int) -> tuple[list[int], int]:
    """The seat's hand and its side's minimum, as its own view shows them."""
    view = rm.view(state, seat)
    assert view["hand"] is not None and view["me"] is not None, "a seat sees its hand"
    return [c["id"] for c in view["hand"]], view["me"]["minimum"]


def _is_position(state: rm.State, seat: int) -> bool:
    if state.phase != "turn" or state.step != "play" or seat != state.turn:
        return False
    me = rm.view(state, seat)["me"]
    assert me is not None, "the seat to play sees its own hints"
    return state.turn_choice == "draw" and not me["melded"] and not state.locked


def bare_state(hand: list[int], minimum: int) -> rm.State:
    """A two-seat table in seat 0's play step: its hand, nothing melded, the side score
    that gives ``minimum``. Only what the meld rules read is set."""
    config = rm.Config.from_dict({"players": 2})
    state = rm.State(config=config, seed=0, totals=[SCORE_FOR[minimum], 0])
    state.phase, state.step, state.turn = "turn", "play", 0
    state.hands, state.melds, state.red3s = [list(hand), []], [[], []], [[], []]
    state.turn_choice = "draw"
    return state


def first_meld(state: rm.State, seat: int, melds: list[list[int]]) -> tuple[int, int]:
    """(cards, points) of ``melds`` laid as the side's first meld; the engine's
    ``IllegalAction`` when it refuses them."""
    rm.apply(state, seat, {"type": "meld", "melds": [list(m) for m in melds]})
    cards = [c for m in melds for c in m]
    return len(cards), sum(FACES[c].value for c in cards)


def judge(hand: list[int], minimum: int, melds: list[list[int]]) -> tuple[int, int]:
    return first_meld(bare_state(hand, minimum), 0, melds)


def medium_choice(position: Position) -> tuple[int, int]:
    """(cards, points) the medium computer melds from this position before discarding."""
    state, seat = position.state, position.seat
    start = set(position.hand)
    for _ in range(40):
        if state.phase != "turn" or state.turn != seat or state.step != "play":
            break
        action = choose_action(rm.view(state, seat), "medium")
        if action is None or action["type"] == "discard":
            break
        state, _ = rm.apply(state, seat, action)
    side = state.config.sides
    mine = next(i for i, seats in enumerate(side) if seat in seats)
    laid = [c for m in state.melds[mine] for c in m if c in start]
    return len(laid), sum(FACES[c].value for c in laid)
