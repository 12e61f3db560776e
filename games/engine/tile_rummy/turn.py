"""Tile Rummy's turn: who is to act, each move's handler, the round's end and the result.

Where the rules live: ``apply`` checks a move against a copy of the state and never
changes the one it was given.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..base import (
    Action,
    Event,
    IllegalAction,
    Result,
    gettext_noop,
    hidden_from_seat,
    joined,
    require,
    scored,
)
from ..dealing import next_deal
from ..melds import Reading, check_table, read
from .state import State, deal
from .tiles import RULES, TILE_COUNT, face_of, sort_key, tile_value

OPENING_MINIMUM = 30


def to_act(state: State) -> set[int]:
    if state.phase == "play":
        return {state.turn}
    if state.phase == "round_over":
        return set(range(state.config.players))
    return set()


def may_touch_table(state: State, seat: int) -> bool:
    """Standard: a player who has opened; Shared: anyone once someone has opened."""
    if state.config.meld_rule == "shared":
        return any(state.opened)
    return state.opened[seat]


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    kind = action.get("type") if isinstance(action, dict) else None
    handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise IllegalAction("unknown_action", gettext_noop("That isn't a move in Tile Rummy."))
    require(seat in to_act(state), "not_your_turn", gettext_noop("It isn't your turn."))
    new = copy.deepcopy(state)
    events = handler(new, seat, action)
    new.move_no += 1
    return new, events


def _play(state: State, seat: int, action: Action) -> list[Event]:
    require(state.phase == "play", "round_over", gettext_noop("The round is over."))
    table = _parse_table(action.get("table"))
    rack = state.racks[seat]
    placed, problems = check_table(_flat(state.table), table, rack, face_of, RULES)
    if problems:
        raise IllegalAction("invalid_table", joined([p.message for p in problems]))
    require(bool(placed), "nothing_placed", gettext_noop("Place at least one tile from your rack."))
    if not may_touch_table(state, seat):
        _check_opening(state.table, table, rack)
    state.opened[seat] = True
    placed_set = set(placed)
    state.racks[seat] = [t for t in rack if t not in placed_set]
    state.table = [_display(s) for s in table]
    state.passes = 0
    events: list[Event] = [{"type": "played", "seat": seat, "tiles": placed}]
    if not state.racks[seat]:
        events += _end_round(state, winner=seat)
    else:
        state.turn = (seat + 1) % state.config.players
    return events


def opening_sets(
    before: list[list[int]], after: list[list[int]], rack: Sequence[int]
) -> list[list[int]] | None:
    """The sets an opening lays (``after``'s sets not in ``before``), or None when it breaks
    the rule that before opening old sets stay exactly as they were and new sets come from
    the rack. The engine and the bot judge an opening with this one reading."""
    old = Counter(frozenset(s) for s in before)
    new_sets = []
    for tiles in after:
        key = frozenset(tiles)
        if old[key] > 0:
            old[key] -= 1
        else:
            new_sets.append(tiles)
    rack_set = set(rack)
    if sum(old.values()) or not all(t in rack_set for s in new_sets for t in s):
        return None
    return new_sets


def _check_opening(before: list[list[int]], after: list[list[int]], rack: list[int]) -> None:
    """Before opening, old sets stay exactly as they were; new sets come from the rack."""
    new_sets = opening_sets(before, after, rack)
    if new_sets is None:
        raise IllegalAction(
            "not_opened",
            gettext_noop("Until you have opened, you can only lay new sets from your own rack."),
        )
    value = sum(_reading(s).value for s in new_sets)
    require(
        value >= OPENING_MINIMUM,
        "opening_too_low",
        gettext_noop("Your opening sets are worth %(value)s; you need at least %(minimum)s."),
        value=value,
        minimum=OPENING_MINIMUM,
    )


def _draw(state: State, seat: int, action: Action) -> list[Event]:
    require(state.phase == "play", "round_over", gettext_noop("The round is over."))
    n = state.config.players
    state.turn = (seat + 1) % n
    if state.pool:
        tile = state.pool.pop()
        state.racks[seat] = sorted([*state.racks[seat], tile], key=sort_key)
        return [{"type": "drew", "seat": seat, "private": {"tile": tile}}]
    state.passes += 1
    events: list[Event] = [{"type": "passed", "seat": seat}]
    if state.passes >= n:
        events += _end_round(state, winner=None)
    return events


def _next_round(state: State, seat: int, action: Action) -> list[Event]:
    next_deal(state, deal)
    return [{"type": "new_round", "round": state.round_no}]


def _end_round(state: State, winner: int | None) -> list[Event]:
    left = [sum(tile_value(t) for t in rack) for rack in state.racks]
    scores = [-v for v in left]
    if winner is not None:
        scores[winner] = sum(left)
    state.round_scores = scores
    state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    state.winners = [winner] if winner is not None else []
    over = max(state.totals) >= state.config.target or state.round_no >= state.config.max_rounds
    state.phase = "game_over" if over else "round_over"
    if over:
        best = max(state.totals)
        state.winners = [i for i, t in enumerate(state.totals) if t == best]
    return [{"type": "game_over" if over else "round_over", "scores": scores, "winner": winner}]


def _timeout(state: State, seat: int, action: Action) -> list[Event]:
    """A seat out of time (or a failed bot): draw in play, start the next round between rounds."""
    if state.phase == "play":
        return _draw(state, seat, action)
    return _next_round(state, seat, action)


_HANDLERS = {"play": _play, "draw": _draw, "next_round": _next_round, "timeout": _timeout}


def all_ids(state: State) -> list[int]:
    """Every tile wherever it lies; conservation means each id appears exactly once."""
    return [*state.pool, *(t for r in state.racks for t in r), *(t for s in state.table for t in s)]


def hidden_from(state: State, seat: int | None) -> set[int]:
    """What ``seat`` may not see: the pool, and the other racks until the round is scored."""
    return hidden_from_seat(state.pool, state.racks, seat, state.phase != "play")


def _parse_table(raw: Any) -> list[list[int]]:
    ok = isinstance(raw, list) and all(
        isinstance(s, list) and all(type(t) is int and 0 <= t < TILE_COUNT for t in s) for s in raw
    )
    require(ok, "malformed", gettext_noop("The table you sent could not be read."))
    return [list(s) for s in raw if s]


def _flat(table: list[list[int]]) -> list[int]:
    return [t for s in table for t in s]


def _reading(tiles: list[int]) -> Reading:
    reading = read([face_of(t) for t in tiles], RULES)
    assert reading is not None, "validated before"
    return reading


def _display(tiles: list[int]) -> list[int]:
    """Store each set in reading order so every page shows it the same way."""
    reading = _reading(tiles)
    return [tiles[i] for i in reading.order]


def result(state: State) -> Result | None:
    if state.phase == "play" or state.round_scores is None:
        return None
    return scored(state.round_scores, state.totals, state.winners, state.phase)
