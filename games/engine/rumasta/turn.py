"""``apply`` and ``to_act``: who may act, the action handlers, timeouts, rounds.

Phases: ``cut`` (the cutter), ``turn`` (steps ``choose`` → [``pick``] →
``play``), ``heart`` (the black-three window), ``round_over`` (anyone deals
on), ``game_over``. Every action goes through ``apply`` on a copy; a refused
action raises ``IllegalAction`` and the original state is untouched.
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import (
    Action,
    Event,
    IllegalAction,
    derived_rng,
    gettext_noop,
    require,
    require_int,
    require_round_over,
)
from . import heart, play, take
from .advice import least_useful
from .deal import cut_and_deal, cut_target, start_round
from .scoring import end_round
from .state import State, clone

Handler = Callable[[State, int, Action], list[Event]]
TURN_ACTIONS = ("take", "take_both", "draw", "roll", "pick", "meld", "add", "switch", "discard")
CUT_SPREAD = 10  # a timed-out cut lands within this many cards of perfect
NO_WINDOW = gettext_noop("No black 3 window is open.")


def to_act(state: State) -> set[int]:
    if state.phase == "cut":
        return {state.cutter}
    if state.phase == "turn":
        return {state.turn}
    if state.phase == "heart":
        seats = set(heart.waiting(state))
        if state.after_heart in ("turn", "play"):
            seats.add(state.turn)
        return seats
    if state.phase == "round_over":
        return set(range(state.config.players))
    return set()


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    kind = action.get("type") if isinstance(action, dict) else None
    handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
    require(handler is not None, "unknown_action", gettext_noop("That isn't a move in Rumasta."))
    assert handler is not None and isinstance(kind, str)
    require(
        type(seat) is int and seat in to_act(state),
        "not_your_turn",
        gettext_noop("It isn't your turn."),
    )
    new = clone(state)
    events = _route(new, seat, kind, action, handler)
    new.move_no += 1
    events += settle(new)
    if new.phase in ("turn", "heart"):
        new.round_moves += 1
        if new.round_moves >= new.config.move_cap:
            events += _move_cap(new)
    return new, events


def _route(state: State, seat: int, kind: str, action: Action, handler: Handler) -> list[Event]:
    """During a heart window a window seat answers; the turn's next action closes it."""
    if state.phase != "heart":
        require(kind not in heart.ANSWERS, "no_window", NO_WINDOW)
        return handler(state, seat, action)
    if seat in heart.waiting(state) and kind in (*heart.ANSWERS, "timeout"):
        return heart.answer(state, seat, "pass" if kind == "timeout" else kind)
    require(
        seat == state.turn and kind in (*TURN_ACTIONS, "timeout"),
        "heart_window",
        gettext_noop("A black 3 window is open: press or pass first."),
    )
    events = heart.close(state, None, None)
    events += settle(state)
    return events + handler(state, seat, action)


def settle(state: State) -> list[Event]:
    """After a window closes (or a turn ends without one): resume play or score the round."""
    if state.phase == "heart" and state.heart is not None:
        return []
    after, state.after_heart = state.after_heart, None
    if state.phase == "heart":
        state.phase = "turn"
    if after and after.startswith("end:") and state.phase == "turn":
        return end_round(state, after[4:])
    return []


def _move_cap(state: State) -> list[Event]:
    if state.heart is not None:
        heart.close(state, None, None)
    return end_round(state, "move_cap")


# --- handlers ------------------------------------------------------------------


def _in_turn(handler: Handler) -> Handler:
    def checked(state: State, seat: int, action: Action) -> list[Event]:
        require(state.phase == "turn", "not_now", gettext_noop("That is a move for your turn."))
        return handler(state, seat, action)

    checked.__doc__ = handler.__doc__
    return checked


def _cut(state: State, seat: int, action: Action) -> list[Event]:
    require(
        state.phase == "cut", "not_now", gettext_noop("The cut is made at the start of a round.")
    )
    count = require_int(
        action.get("count"),
        1,
        len(state.stock) - 1,
        "bad_cut",
        gettext_noop("Cut somewhere along the stock (at least one card, not the whole stock)."),
    )
    return cut_and_deal(state, count)


def _timeout(state: State, seat: int, action: Action) -> list[Event]:
    """The clock ran out (or a bot failed): a random cut, option C + two discards, deal on."""
    events: list[Event] = [{"type": "timeout", "seat": seat}]
    if state.phase == "cut":
        rng = derived_rng(state.seed, "cut", state.round_no)
        count = max(1, cut_target(state) + rng.randint(-CUT_SPREAD, CUT_SPREAD))
        return events + _cut(state, seat, {"count": count})
    if state.phase == "round_over":
        return events + _next_round(state, seat, {})
    if state.step == "choose":
        events += take.draw(state, seat, {})
    if state.step == "pick":
        events += take.pick(state, seat, {"seat": take.pick_choices(state, seat)[0]})
    chosen: list[int | None] = list(least_useful(state, seat))
    chosen += [None] * (2 - len(chosen))
    return events + play.discard(state, seat, {"cards": chosen})


def _next_round(state: State, seat: int, action: Action) -> list[Event]:
    require_round_over(state.phase)
    state.round_no += 1
    return start_round(state)


def _answer_outside(state: State, seat: int, action: Action) -> list[Event]:
    raise IllegalAction("no_window", NO_WINDOW)


_HANDLERS: dict[str, Handler] = {
    "cut": _cut,
    "take": _in_turn(take.take),
    "take_both": _in_turn(take.take_both),
    "draw": _in_turn(take.draw),
    "roll": _in_turn(take.roll),
    "pick": _in_turn(take.pick),
    "meld": _in_turn(play.meld),
    "add": _in_turn(play.add),
    "switch": _in_turn(play.switch),
    "discard": _in_turn(play.discard),
    "heart": _answer_outside,
    "call_out": _answer_outside,
    "pass": _answer_outside,
    "timeout": _timeout,
    "next_round": _next_round,
}
