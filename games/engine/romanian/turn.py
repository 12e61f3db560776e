"""Who acts, and every move: doubla, the first discard, draw, take, meld, discard, timeout.

``apply`` copies the state, runs one handler on the copy and returns it with
the events; a refused move raises ``IllegalAction`` before anything is
returned, so the state passed in is never touched.
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import Action, Event, gettext_noop, require, require_int, require_round_over
from .deal import deal
from .melding import lay
from .scoring import end_round
from .state import State, clone, give, next_seat, remove
from .tiles import face_of, sort_key

PLAYING = ("first_discard", "draw", "play")
ANNOUNCE_AT = 3
Handler = Callable[[State, int, Action], list[Event]]


def to_act(state: State) -> set[int]:
    """Doubla: every seat that has not answered; play: the seat to move; between rounds: anyone."""
    n = state.config.players
    if state.phase == "doubla":
        return {s for s in range(n) if not state.doubla_answered[s]}
    if state.phase == "doubla_swap":
        return {s for s in range(n) if not state.swap_answered[s]}
    if state.phase in PLAYING:
        return {state.turn}
    if state.phase == "round_over":
        return set(range(n))
    return set()


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    kind = action.get("type") if isinstance(action, dict) else None
    handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
    require(
        handler is not None,
        "unknown_action",
        gettext_noop("That isn't a move in Romanian Tile Rummy."),
    )
    assert handler is not None
    require(state.phase != "game_over", "game_over", gettext_noop("The game is over."))
    require(seat in to_act(state), "not_your_turn", gettext_noop("It isn't your turn."))
    new = clone(state)
    events = handler(new, seat, action)
    new.move_no += 1
    return new, events


# --- doubla -----------------------------------------------------------------


def _doubla(state: State, seat: int, action: Action) -> list[Event]:
    require(
        state.phase == "doubla",
        "not_doubla",
        gettext_noop("A doubla is declared before the first discard."),
    )
    pair = action.get("pair")
    if pair is None:
        return _decline(state, seat, action)
    ok = isinstance(pair, list) and len(pair) == 2 and all(type(t) is int for t in pair)
    require(ok, "malformed", gettext_noop("A doubla is a pair of two tile ids."))
    a, b = pair
    require(
        a != b and a in state.racks[seat] and b in state.racks[seat],
        "not_in_rack",
        gettext_noop("A doubla is two tiles from your own rack."),
    )
    fa, fb = face_of(a), face_of(b)
    require(
        not fa.wild and fa == fb,
        "not_a_doubla",
        gettext_noop("A doubla is two wholly identical numbered tiles (same number, same colour)."),
    )
    state.doubla_pairs[seat] = sorted(pair)
    state.doubla_heights[seat] = height(fa.number or 0)
    state.doubla_answered[seat] = True
    event: Event = {"type": "doubla", "seat": seat, "height": height(fa.number or 0)}
    return [event] + _after_doubla(state)


def height(number: int) -> str:
    """The only thing said about a doubla: high (7-13) or low (1-6)."""
    return "high" if number >= 7 else "low"


def _decline(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase == "doubla":
        state.doubla_answered[seat] = True
        return [{"type": "no_doubla", "seat": seat}] + _after_doubla(state)
    require(
        state.phase == "doubla_swap",
        "nothing_to_decline",
        gettext_noop("There is nothing to decline."),
    )
    state.swap_answered[seat] = True
    state.swap_with[seat] = None
    return [{"type": "no_swap", "seat": seat}] + _after_swap(state)


def declarers(state: State) -> list[int]:
    return [s for s, p in enumerate(state.doubla_pairs) if p is not None]


def _after_doubla(state: State) -> list[Event]:
    if not all(state.doubla_answered):
        return []
    who = declarers(state)
    if len(who) < 2:
        return _start_play(state)
    state.phase = "doubla_swap"
    for s in range(state.config.players):
        state.swap_answered[s] = s not in who
    return [{"type": "doubla_swap_prompt", "seats": who}]


def _swap(state: State, seat: int, action: Action) -> list[Event]:
    require(state.phase == "doubla_swap", "not_doubla", gettext_noop("No doubla swap is open now."))
    other = action.get("with")
    if other is None:
        return _decline(state, seat, action)
    require(
        type(other) is int and other != seat and other in declarers(state),
        "not_a_declarer",
        gettext_noop("A doubla is swapped only with another player who declared one."),
    )
    state.swap_with[seat] = other
    state.swap_answered[seat] = True
    return [{"type": "swap_offer", "seat": seat, "with": other}] + _after_swap(state)


def _after_swap(state: State) -> list[Event]:
    if not all(state.swap_answered):
        return []
    events: list[Event] = []
    for a in range(state.config.players):
        b = state.swap_with[a]
        if b is None or b < a or state.swap_with[b] != a:
            continue
        pa, pb = state.doubla_pairs[a] or [], state.doubla_pairs[b] or []
        remove(state, a, pa)
        remove(state, b, pb)
        give(state, a, pb)
        give(state, b, pa)
        state.doubla_pairs[a], state.doubla_pairs[b] = pb, pa  # each now holds the other's
        state.swaps.append([a, b])
        events.append({"type": "doubla_swapped", "seats": [a, b]})
        events.append({"type": "doubla_received", "seat": a, "private": {"tiles": pb}})
        events.append({"type": "doubla_received", "seat": b, "private": {"tiles": pa}})
    return events + _start_play(state)


def _start_play(state: State) -> list[Event]:
    state.phase = "first_discard"
    state.turn = state.first_player
    return [{"type": "first_discard_due", "seat": state.turn}]


# --- the turn ---------------------------------------------------------------


def _draw(state: State, seat: int, action: Action) -> list[Event]:
    require(state.phase == "draw", "not_draw", _phase_message(state))
    if not state.wall:
        return [{"type": "wall_empty", "seat": seat}] + end_round(state, None, "wall")
    tile = state.wall.pop(0)
    give(state, seat, [tile])
    state.drawn = tile
    state.phase = "play"
    return [{"type": "draw", "seat": seat, "private": {"tile": tile}}]


def may_take(state: State, seat: int) -> bool:
    """Coarse: is taking from the row possible at all for this seat this turn?"""
    if len(state.racks[seat]) <= 2 or not state.discards:
        return False
    return state.opened[seat] or state.config.discard_counts


def _take(state: State, seat: int, action: Action) -> list[Event]:
    require(state.phase == "draw", "not_draw", _phase_message(state))
    index = require_int(
        action.get("index"),
        0,
        len(state.discards) - 1,
        "no_such_discard",
        gettext_noop("There is no such tile in the row of discards."),
    )
    require(
        len(state.racks[seat]) > 2,
        "too_few_to_take",
        gettext_noop("Down to one or two tiles, a player may not take from the discards."),
    )
    last = index == len(state.discards) - 1
    opened = state.opened[seat]
    if not opened:
        require(
            state.config.discard_counts,
            "must_draw",
            gettext_noop("Before opening, the only draw is the compulsory face-down draw."),
        )
        require(
            last and bool(action.get("melds")),
            "open_with_discard",
            gettext_noop(
                "Before opening, only the last discard may be taken, and only to open with it."
            ),
        )
    elif not last:
        require(
            bool(action.get("melds")),
            "take_needs_combination",
            gettext_noop(
                "An older discard may be taken only with two tiles from your rack that make "
                "a combination with it, laid down at once."
            ),
        )
    own = list(state.racks[seat])
    tile, after = state.discards[index], state.discards[index + 1 :]
    state.discards = state.discards[:index]
    state.discarded_by = state.discarded_by[:index]
    give(state, seat, [tile, *after])
    state.drawn = tile
    state.took_discard = True
    state.takes.append([seat, [tile, *after]])
    state.phase = "play"
    events: list[Event] = [
        {
            "type": "take",
            "seat": seat,
            "index": index,
            "faces": [str(face_of(t)) for t in (tile, *after)],
        }
    ]
    if action.get("melds") or action.get("add") or action.get("replace"):
        must = tile if (not last or not opened) else None
        events += lay(state, seat, action, taken=must, own=own)
    return events + _announce(state, seat)


def _meld(state: State, seat: int, action: Action) -> list[Event]:
    require(state.phase == "play", "not_play", _phase_message(state))
    return lay(state, seat, action) + _announce(state, seat)


def _discard(state: State, seat: int, action: Action) -> list[Event]:
    require(state.phase in ("play", "first_discard"), "not_play", _phase_message(state))
    tile = action.get("tile")
    require(
        type(tile) is int and tile in state.racks[seat],
        "not_in_rack",
        gettext_noop("You can only discard a tile from your own rack."),
    )
    assert isinstance(tile, int)
    remove(state, seat, [tile])
    if state.phase == "first_discard":
        state.first_discard = tile
        events: list[Event] = [{"type": "first_discard", "seat": seat, "tile": tile}]
    else:
        state.discards.append(tile)
        state.discarded_by.append(seat)
        events = [{"type": "discard", "seat": seat, "tile": tile}]
    events += _announce(state, seat)
    if not state.racks[seat]:
        return events + end_round(state, seat, "out")
    return events + _next_turn(state, seat)


def _next_turn(state: State, seat: int) -> list[Event]:
    state.turn = next_seat(state, seat)
    state.phase = "draw"
    state.opened_this_turn = False
    state.drawn = None
    state.took_discard = False
    state.turns += 1
    if state.turns >= state.config.turn_cap:
        return end_round(state, None, "turn_cap")
    if not state.wall and not may_take(state, state.turn):
        return [{"type": "wall_empty", "seat": state.turn}] + end_round(state, None, "wall")
    return [{"type": "turn", "seat": state.turn}]


def _announce(state: State, seat: int) -> list[Event]:
    """The game announces a rack of three tiles or fewer, for everyone to see."""
    count = len(state.racks[seat])
    low = 0 < count <= ANNOUNCE_AT
    if low and not state.announced[seat]:
        state.announced[seat] = True
        return [{"type": "announce", "seat": seat, "tiles": count}]
    if not low:
        state.announced[seat] = False
    return []


def _phase_message(state: State) -> str:
    return {
        "doubla": gettext_noop("First answer the doubla prompt."),
        "doubla_swap": gettext_noop("First answer the doubla swap."),
        "first_discard": gettext_noop("The first turn is only a discard."),
        "draw": gettext_noop(
            "A turn begins by taking one tile: draw from the wall or take a discard."
        ),
        "play": gettext_noop("You have already taken a tile this turn: meld or discard."),
        "round_over": gettext_noop("The round is over."),
    }.get(state.phase, gettext_noop("That can't be done now."))


# --- timeout and the next round ---------------------------------------------


def timeout_discard(state: State, seat: int) -> int:
    """The drawn tile if still held, else the highest non-joly tile (jolys are kept)."""
    rack = state.racks[seat]
    if state.drawn in rack:
        assert state.drawn is not None
        return state.drawn
    plain = [t for t in rack if not face_of(t).wild] or rack
    return max(plain, key=lambda t: (face_of(t).number or 0, sort_key(t)))


def _timeout(state: State, seat: int, action: Action) -> list[Event]:
    """Doubla prompts: decline. A turn: the compulsory draw, then discard the tile drawn."""
    events: list[Event] = [{"type": "timeout", "seat": seat}]
    if state.phase in ("doubla", "doubla_swap"):
        return events + _decline(state, seat, {})
    if state.phase == "round_over":
        return events + _next_round(state, seat, {})
    if state.phase == "draw":
        events += _draw(state, seat, {})
        if state.phase != "play":
            return events
    return events + _discard(state, seat, {"tile": timeout_discard(state, seat)})


def _next_round(state: State, seat: int, action: Action) -> list[Event]:
    require_round_over(state.phase)
    state.round_no += 1
    state.dealer = next_seat(state, state.dealer)
    deal(state)
    return [{"type": "new_round", "round": state.round_no, "dealer": state.dealer}]


_HANDLERS: dict[str, Handler] = {
    "doubla": _doubla,
    "swap": _swap,
    "decline": _decline,
    "draw": _draw,
    "take": _take,
    "meld": _meld,
    "discard": _discard,
    "timeout": _timeout,
    "next_round": _next_round,
}
