"""The black three heart: a race between the layer's ❤️ and the opponents' call-out.

Laying down a black 3 (discarding one, or melding a going-out set of black
threes) opens a window. Window seats: the layer and every player of another
side (partners are not in it). The engine has no clock, so the window is a
phase:

* the first ``heart`` (the layer) or ``call_out`` (an opponent) applied wins
  and closes the window; a call-out moves the layer's red 3s in play to the
  caller;
* ``pass`` or ``timeout`` from a window seat means "no press" from that seat;
  when every window seat has answered without a press the window closes;
* the next turn action ("the next action"), taken by the seat whose turn it
  is, closes the window first with no press from anyone still silent. The
  site holds that action back until the window has been open ≥ 3 s
  (RULINGS) and applies a computer's call-out at its reaction deadline.

If the move that opened the window ended the round, the window still
resolves first and the round is scored when it closes.
"""

from __future__ import annotations

from ..base import Event, gettext_noop, require
from .state import State, opponents

ANSWERS = ("heart", "call_out", "pass")
HOLD_SECONDS = 3.0  # RULINGS: the window lasts at least 3 s before the next action closes it


def timed_window(state: State) -> int | None:
    """Actions applied since the open window opened (0: by the last one); None when shut.

    The site judges the hold and the computers' reaction deadlines from that
    moment; the engine itself has no clock.
    """
    if state.phase != "heart" or state.heart is None:
        return None
    return state.move_no - state.heart["opened_move"] - 1


def hold_seconds(state: State, seat: int, action: object) -> float:
    """How long after the window opened ``action`` must wait: a turn action closes it."""
    if timed_window(state) is None:
        return 0.0
    kind = action.get("type") if isinstance(action, dict) else None
    if seat in waiting(state) and kind in (*ANSWERS, "timeout"):
        return 0.0  # an answer (a timeout there is a pass) never waits
    return HOLD_SECONDS


def open_window(state: State, layer: int, cards: list[int], after: str) -> list[Event]:
    seats = [layer] + opponents(state, layer)
    state.heart = {
        "layer": layer,
        "seats": seats,
        "passed": [],
        "cards": list(cards),
        "opened_move": state.move_no,
    }
    state.after_heart = after
    state.phase = "heart"
    return [{"type": "heart_open", "layer": layer, "seats": seats, "cards": list(cards)}]


def waiting(state: State) -> list[int]:
    """Window seats that have not answered yet."""
    if state.heart is None:
        return []
    return [s for s in state.heart["seats"] if s not in state.heart["passed"]]


def answer(state: State, seat: int, kind: str) -> list[Event]:
    heart = state.heart
    assert heart is not None
    require(
        seat in waiting(state),
        "not_in_window",
        gettext_noop("You have no press left in this window."),
    )
    if kind == "pass":
        heart["passed"].append(seat)
        events: list[Event] = [{"type": "heart_pass", "seat": seat}]
        if not waiting(state):
            events += close(state, None, None)
        return events
    if kind == "heart":
        require(
            seat == heart["layer"],
            "not_layer",
            gettext_noop("Only the player who laid the black 3 hearts."),
        )
    else:
        require(
            seat != heart["layer"],
            "own_three",
            gettext_noop("Call out an opponent's black 3, not your own."),
        )
    return close(state, kind, seat)


def close(state: State, winner: str | None, by: int | None) -> list[Event]:
    """Resolve the window; the caller of a won call-out takes the layer's red 3s."""
    heart = state.heart
    assert heart is not None
    layer = heart["layer"]
    moved: list[int] = []
    if winner == "call_out" and by is not None:
        moved = list(state.red3s[layer])
        state.red3s[by] = state.red3s[by] + moved
        state.red3s[layer] = []
    state.heart_result = {
        "layer": layer,
        "winner": winner,  # heart | call_out | None (no press)
        "by": by,
        "red3s_moved": moved,
        "cards": list(heart["cards"]),
    }
    state.heart = None
    return [{"type": "heart_closed", **state.heart_result}]
