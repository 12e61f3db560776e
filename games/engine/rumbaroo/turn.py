"""A Rumbaroo turn: ``apply`` and ``to_act``, the handlers for every move, turn order.

A turn is exactly one of: discard, meld (which includes Wild swaps) or draw.
After drawing a tile that fits the pile the same seat decides at once: play
it (``discard`` with that tile) or ``pass``. A Croc Snap puts its victim in
phase ``croc``: they snap back or ``take``. The end of every turn checks the
Rumbaroo! call, moves play on (skipping seats that miss a turn) and checks
the blocked round and the Party lap cap.
"""

from __future__ import annotations

from typing import Any

from ..base import (
    Action,
    Event,
    IllegalAction,
    Message,
    gettext_noop,
    joined,
    pgettext,
    require,
)
from ..dealing import next_deal
from ..melds import check_table
from . import actions
from .actions import can_discard, display, meld_problem, placed_tile
from .boxes import ACTION_NAMES, BILLABONG, BOOMERANG, COLOURS, CROC, HOP, RULES
from .scoring import end_round
from .state import (
    State,
    clone,
    deal,
    draw_tiles,
    face_of,
    holding,
    next_seat,
    owns,
    sort_hand,
    take_from_seat,
)

PLAYING = ("play", "drawn", "croc")


def to_act(state: State) -> set[int]:
    """Who may act now: the seat whose turn (or Croc answer) it is; anyone between rounds."""
    if state.phase in PLAYING:
        return {state.turn}
    if state.phase == "round_over":
        return set(range(state.config.players))
    return set()


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    kind = action.get("type") if isinstance(action, dict) else None
    handler = _HANDLERS.get(kind or "") if isinstance(kind, str) else None
    require(handler is not None, "unknown_action", gettext_noop("That isn't a move in Rumbaroo."))
    assert handler is not None
    require(seat in to_act(state), "not_your_turn", gettext_noop("It isn't your turn."))
    call = action.get("call", False)
    require(
        isinstance(call, bool),
        "malformed",
        gettext_noop("The Rumbaroo! call must be true or false."),
    )
    new = clone(state)
    events = handler(new, seat, action)
    new.move_no += 1
    if new.phase in PLAYING:
        new.round_moves += 1
        if new.round_moves >= new.config.move_cap:
            events += end_round(new, None, "move_cap")
    return new, events


# The tiles' colours as words for people, with the context the tables use for them.
COLOUR_WORDS = {
    "R": pgettext("tile colour", "red"),
    "B": pgettext("tile colour", "blue"),
    "G": pgettext("tile colour", "green"),
    "Y": pgettext("tile colour", "yellow"),
}


def tile_name(state: State, tile: int) -> Message:
    """A tile as people read it: "red 7", "blue Hop", "Wild" (the action names are names)."""
    face = face_of(state, tile)
    if face.wild:
        return Message("Wild")
    if face.action is not None:
        name = ACTION_NAMES[face.action]
        if face.colour is None:
            return Message(name)
        return pgettext(
            "an action tile: its colour and name",
            "%(colour)s %(name)s",
            colour=COLOUR_WORDS[face.colour],
            name=name,
        )
    return pgettext(
        "a tile: its colour and number",
        "%(colour)s %(number)s",
        colour=COLOUR_WORDS[face.colour or "R"],
        number=face.number,
    )


# --- discard ---------------------------------------------------------------


def _discard(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase == "croc":
        return _snap(state, seat, action)
    _playing(state)
    tile = _own_tile(state, seat, action.get("tile"))
    just_drew = gettext_noop("You may only play the tile you just drew.")
    if state.phase == "drawn":
        require(tile == state.drawn, "play_drawn", just_drew)
    face = face_of(state, tile)
    require(
        can_discard(state, tile),
        "no_match",
        gettext_noop("The %(tile)s doesn't match the %(top)s (colour to match: %(colour)s)."),
        tile=tile_name(state, tile),
        top=tile_name(state, state.pile[-1]),
        colour=COLOUR_WORDS[state.colour],
    )
    pair = action.get("pair")
    if pair is not None:
        require(state.config.party, "no_pair", gettext_noop("Hop Pairs are for Party tables."))
        require(state.phase == "play", "play_drawn", just_drew)
        ok = face.action == HOP and pair != tile and owns(state, seat, pair)
        if not (ok and type(pair) is int and face_of(state, pair).action == HOP):
            raise IllegalAction("bad_pair", gettext_noop("A Hop Pair is two Hop tiles."))
    colour = face.colour
    if face.wild or face.action == BILLABONG:
        colour = action.get("colour")
        require(
            colour in COLOURS,
            "choose_colour",
            gettext_noop("Choose the next colour: R, B, G or Y."),
        )
    state.called |= bool(action.get("call"))
    events = [_to_pile(state, seat, tile)]
    if pair is not None:
        events.append(_to_pile(state, seat, pair))
        colour = face_of(state, pair).colour
    state.colour = colour or state.colour
    events[-1]["colour"] = state.colour
    if holding(state, seat) == 0:
        return events + end_round(state, seat, "out")
    if face.action == HOP:
        events += actions.hop(state, seat, action, pair=pair is not None)
    elif face.action is not None:
        events += actions.EFFECTS[face.action](state, seat, action)
    if state.phase not in PLAYING:  # a Didgeridoo emptied another hand
        return events
    return events + _end_turn(state, seat, placed=True)


def _own_tile(state: State, seat: int, tile: object) -> int:
    """``tile`` if the seat holds it, else refused: typed as an id from here on."""
    if type(tile) is not int or not owns(state, seat, tile):
        raise IllegalAction("not_your_tile", gettext_noop("That tile isn't in your hand."))
    return tile


def _to_pile(state: State, seat: int, tile: int) -> Event:
    take_from_seat(state, seat, tile)
    state.pile.append(tile)
    state.pile_by.append(seat)
    placed_tile(state)
    return {"type": "discard", "seat": seat, "tile": tile, "face": face_of(state, tile).text}


def _snap(state: State, seat: int, action: Action) -> list[Event]:
    """Answer a waiting Croc Snap with a Croc Snap (Party: also any Boomerang)."""
    require(state.phase == "croc", "no_croc", gettext_noop("There is no Croc Snap to answer."))
    tile = _own_tile(state, seat, action.get("tile"))
    face = face_of(state, tile)
    party_boomerang = state.config.party and face.action == BOOMERANG
    require(
        face.action == CROC or party_boomerang,
        "croc_waiting",
        gettext_noop(
            "A Croc Snap is waiting: snap back with a Croc Snap, a Boomerang or a meld "
            "of 3+ tiles, or take the tiles."
        )
        if state.config.party
        else gettext_noop("A Croc Snap is waiting: snap back with a Croc Snap, or take the tiles."),
    )
    state.called |= bool(action.get("call"))
    events = [_to_pile(state, seat, tile)]
    state.colour = face.colour or state.colour
    events[0]["colour"] = state.colour
    if holding(state, seat) == 0:
        return events + end_round(state, seat, "out")
    if party_boomerang:
        state.direction = -state.direction
        events.append({"type": "snap_back", "seat": seat, "with": "boomerang", "count": state.croc})
    else:
        state.croc += 3
        events.append({"type": "snap_back", "seat": seat, "with": "croc", "count": state.croc})
    return events + _end_turn(state, seat, placed=True)


def _take(state: State, seat: int, action: Action) -> list[Event]:
    require(state.phase == "croc", "no_croc", gettext_noop("There is no Croc Snap to take."))
    state.called |= bool(action.get("call"))
    got = draw_tiles(state, seat, state.croc)
    events: list[Event] = [
        {"type": "take", "seat": seat, "count": len(got), "private": {"tiles": got}}
    ]
    state.croc = 0
    return events + _end_turn(state, seat, placed=False, drew=bool(got))


# --- meld ------------------------------------------------------------------


def _meld(state: State, seat: int, action: Action) -> list[Event]:
    answering = state.phase == "croc"
    if answering:
        require(
            state.config.party,
            "croc_waiting",
            gettext_noop("A Croc Snap is waiting: snap back with a Croc Snap or take the tiles."),
        )
    else:
        require(state.phase == "play", "not_now", gettext_noop("You can't meld now."))
    swapped = _wild_swaps(state, seat, action.get("swaps") or [])
    after = _parse_table(state, action.get("table"))
    if after is None:
        after = [list(m) for m in state.table]
    rack = state.hands[seat] + state.pouches[seat]
    placed, problems = check_table(
        [t for m in state.table for t in m],
        after,
        rack,
        lambda t: face_of(state, t).meld_face(),
        RULES,
    )
    if problems:
        raise IllegalAction("invalid_table", joined([p.message for p in problems]))
    from_hand = len([t for t in placed if t not in swapped]) + len(swapped)
    require(
        from_hand >= 1, "nothing_placed", gettext_noop("Place at least one tile from your hand.")
    )
    if answering:
        require(
            from_hand >= 3,
            "meld_too_small",
            gettext_noop("To answer a Croc Snap with a meld, meld 3 or more tiles from your hand."),
        )
    for tile in placed:
        take_from_seat(state, seat, tile)
    state.table = [display(state, m) for m in after]
    state.called |= bool(action.get("call"))
    placed_tile(state)
    events: list[Event] = [
        {
            "type": "meld",
            "seat": seat,
            "placed": placed,
            "swapped_wilds": swapped,
            "table": [list(m) for m in state.table],
        }
    ]
    if holding(state, seat) == 0:
        return events + end_round(state, seat, "out")
    if answering:
        state.croc += 2
        events.append({"type": "snap_back", "seat": seat, "with": "meld", "count": state.croc})
    elif from_hand >= 3:
        events += _free_action(state, seat, action.get("free"))
    return events + _end_turn(state, seat, placed=True)


def _wild_swaps(state: State, seat: int, swaps: Any) -> list[int]:
    """Each [tile, wild]: the tile takes the Wild's place in its meld, the Wild comes home."""
    ok = isinstance(swaps, list) and all(
        isinstance(s, list | tuple) and len(s) == 2 and all(type(x) is int for x in s)
        for s in swaps
    )
    require(ok, "malformed", gettext_noop("The Wild swap could not be read."))
    wilds: list[int] = []
    for tile, wild in swaps:
        ok = owns(state, seat, tile) and face_of(state, tile).is_number
        require(
            ok, "swap_tile", gettext_noop("Pick a number tile from your hand to swap for the Wild.")
        )
        index = next((i for i, m in enumerate(state.table) if wild in m), None)
        ok = index is not None and face_of(state, wild).wild
        require(ok, "swap_wild", gettext_noop("Pick a Wild that is in a meld on the table."))
        assert index is not None
        meld = [tile if t == wild else t for t in state.table[index]]
        reason = meld_problem(state, meld)
        require(
            reason is None,
            "bad_swap",
            gettext_noop("The %(tile)s can't take that Wild's place: %(reason)s."),
            tile=tile_name(state, tile),
            reason=reason,
        )
        state.table[index] = display(state, meld)
        take_from_seat(state, seat, tile)
        state.hands[seat] = sort_hand(state, state.hands[seat] + [wild])
        wilds.append(wild)
    return wilds


def _parse_table(state: State, raw: Any) -> list[list[int]] | None:
    if raw is None:
        return None
    size = len(state.pile) + len(state.pool) + sum(map(len, state.table))
    size += sum(len(h) + len(p) for h, p in zip(state.hands, state.pouches, strict=True))
    ok = isinstance(raw, list) and all(
        isinstance(m, list) and all(type(t) is int and 0 <= t < size for t in m) for m in raw
    )
    require(ok, "malformed", gettext_noop("The table you sent could not be read."))
    table = [list(m) for m in raw if m]
    require(
        all(face_of(state, t).action is None for m in table for t in m),
        "action_in_meld",
        gettext_noop("Action tiles never go in melds."),
    )
    return table


def _free_action(state: State, seat: int, free: Any) -> list[Event]:
    """Melding 3+ tiles from the hand: an opponent misses a turn or draws 2."""
    free = free if isinstance(free, dict) else {}
    target = free.get("target", next_seat(state, seat))
    kind = free.get("kind", "draw")
    ok = type(target) is int and 0 <= target < state.config.players and target != seat
    require(ok, "choose_opponent", gettext_noop("Pick an opponent for your free action."))
    require(
        kind in ("skip", "draw"), "free_kind", gettext_noop("The free action is 'skip' or 'draw'.")
    )
    events: list[Event] = [{"type": "free_action", "seat": seat, "target": target, "kind": kind}]
    if kind == "skip":
        state.skips[target] += 1
    else:
        got = draw_tiles(state, target, 2)
        events.append(
            {
                "type": "drew",
                "seat": target,
                "count": len(got),
                "reason": "free_action",
                "private": {"tiles": got},
            }
        )
    return events


# --- draw, pass, timeout, next round ----------------------------------------


def _draw(state: State, seat: int, action: Action) -> list[Event]:
    _playing(state)
    require(state.phase == "play", "not_now", gettext_noop("You have already drawn this turn."))
    state.called |= bool(action.get("call"))
    if not state.pool:
        events: list[Event] = [{"type": "pass", "seat": seat, "reason": "empty_pool"}]
        return events + _end_turn(state, seat, placed=False)
    tile = state.pool.pop()
    state.hands[seat] = sort_hand(state, state.hands[seat] + [tile])
    state.turn_peak = max(state.turn_peak, holding(state, seat))
    state.passes = 0
    events = [{"type": "draw", "seat": seat, "private": {"tile": tile}}]
    if can_discard(state, tile):
        state.phase = "drawn"
        state.drawn = tile
        return events
    return events + _end_turn(state, seat, placed=False, drew=True)


def _pass(state: State, seat: int, action: Action) -> list[Event]:
    require(
        state.phase == "drawn",
        "not_now",
        gettext_noop("Pass is only for keeping a tile you just drew."),
    )
    state.called |= bool(action.get("call"))
    events: list[Event] = [{"type": "keep", "seat": seat}]
    return events + _end_turn(state, seat, placed=False, drew=True)


def _timeout(state: State, seat: int, action: Action) -> list[Event]:
    """The clock ran out: draw 1 and pass (or take the Snap); between rounds, deal on."""
    events: list[Event] = [{"type": "timeout", "seat": seat}]
    quiet: Action = {}
    if state.phase == "croc":
        return events + _take(state, seat, quiet)
    if state.phase == "round_over":
        return events + _next_round(state, seat, quiet)
    if state.phase == "play":
        events += _draw(state, seat, quiet)
    if state.phase == "drawn":
        events += _pass(state, seat, quiet)
    return events


def _next_round(state: State, seat: int, action: Action) -> list[Event]:
    next_deal(state, deal)
    return [{"type": "new_round", "round": state.round_no, "dealer": state.dealer}]


def _playing(state: State) -> None:
    require(
        state.phase != "croc",
        "croc_waiting",
        gettext_noop("A Croc Snap is waiting: snap back or take the tiles."),
    )
    require(state.phase in PLAYING, "round_over", gettext_noop("The round is over."))


# --- the end of a turn -------------------------------------------------------


def _end_turn(state: State, seat: int, *, placed: bool, drew: bool = False) -> list[Event]:
    events = _rumbaroo_check(state, seat)
    state.stash_block = seat if state.stashed else None
    state.called = False
    state.stashed = False
    state.drawn = None
    state.last_actor = seat
    if not placed:
        state.idle_turns += 1
        if not drew and not state.pool:
            state.passes += 1
    s = next_seat(state, seat)
    while state.skips[s] > 0:
        state.skips[s] -= 1
        events.append({"type": "missed_turn", "seat": s})
        state.idle_turns += 1
        if not state.pool:
            state.passes += 1
        s = next_seat(state, s)
    state.turn = s
    state.turn_peak = holding(state, s)
    n = state.config.players
    if state.config.party and state.idle_turns >= 3 * n:
        return events + end_round(state, None, "lap_cap")
    if not state.pool and state.passes >= n:
        return events + end_round(state, None, "blocked")
    state.phase = "croc" if state.croc else "play"
    if state.croc:
        events.append({"type": "croc_waiting", "seat": s, "count": state.croc})
    return events


def _rumbaroo_check(state: State, seat: int) -> list[Event]:
    """Dropping to one tile without the call: draw 2. Big Red: calling with more: draw 1 (Party 2).

    The call is for *dropping* to one tile: a player who started the turn on
    one tile (called before, or brought down by others' actions) and drew
    nothing owes no new call when passing.
    """
    count = holding(state, seat)
    penalty, reason = 0, ""
    if count == 1 and not state.called and state.turn_peak > 1:
        penalty, reason = 2, "no_call"
    elif count > 1 and state.called and state.config.big_red:
        penalty, reason = (2 if state.config.party else 1), "false_call"
    events: list[Event] = []
    if state.called and count == 1:
        events.append({"type": "rumbaroo", "seat": seat})
    if penalty:
        got = draw_tiles(state, seat, penalty)
        events.append(
            {
                "type": "penalty",
                "seat": seat,
                "reason": reason,
                "count": len(got),
                "private": {"tiles": got},
            }
        )
    return events


_HANDLERS = {
    "discard": _discard,
    "snap": _snap,
    "take": _take,
    "meld": _meld,
    "draw": _draw,
    "pass": _pass,
    "timeout": _timeout,
    "next_round": _next_round,
}
