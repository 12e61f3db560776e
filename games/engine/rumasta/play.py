"""The rest of a turn: meld, add to a meld, switch out wilds, then the two discards.

``discard`` ends the turn: one card to each pile. A wild discarded lies
crosswise and freezes its pile; one joker reverses play; two jokers are a
Khaki discard (reverse and skip the next player; with 2 players the same
player goes again). A black 3 discarded opens the heart window. Emptying
the hand with four closed Canastas/Rumastas on the side is going out; a
stock that ran dry this turn ends the round after the discards.
"""

from __future__ import annotations

from ..base import Action, Event, IllegalAction, Message, gettext_noop, require, require_int
from . import melds
from .cards import FACES, JOKER
from .heart import open_window
from .rules import (
    BELOW_MINIMUM,
    card_list,
    check_hand_left,
    going_out_ready,
    has_melded,
    minimum,
    unlocked,
    valid_meld,
)
from .state import State, give, next_seat, remove, side_melds, side_of


def playing(state: State) -> None:
    require(
        state.step != "choose",
        "take_first",
        gettext_noop("First take a pile or draw (options A, B, C)."),
    )
    require(
        state.step != "pick", "pick_first", gettext_noop("First pick the opponent for the dreidel.")
    )


def meld(state: State, seat: int, action: Action) -> list[Event]:
    playing(state)
    raw = action.get("melds")
    if not (isinstance(raw, list) and raw):
        raise IllegalAction("malformed", gettext_noop("melds must be a list of card-id lists."))
    groups = [card_list(state, seat, m, Message(gettext_noop("A meld"))) for m in raw]
    flat = [c for m in groups for c in m]
    require(len(set(flat)) == len(flat), "malformed", melds.ONCE)
    unlocked(state, flat)
    left = len(state.hands[seat]) - len(flat)
    out_now = left == 2 and going_out_ready(state, seat)
    shapes = [valid_meld(m, threes_ok=out_now) for m in groups]
    if not has_melded(state, seat):
        need = minimum(state, seat)
        got = sum(melds.meld_value(m) for m in groups)
        require(got >= need, "below_minimum", BELOW_MINIMUM, need=need, got=got)
    side = side_of(state, seat)
    remove(state, seat, flat)
    events: list[Event] = []
    for group in groups:
        state.melds[side].append(list(group))
        events.append(
            {
                "type": "meld",
                "seat": seat,
                "side": side,
                "meld": len(state.melds[side]) - 1,
                "cards": list(group),
            }
        )
    check_hand_left(state, seat)
    threes = [c for m, s in zip(groups, shapes, strict=True) if s == "threes" for c in m]
    if threes:
        events += open_window(state, seat, threes, "play")
    return events


def add(state: State, seat: int, action: Action) -> list[Event]:
    playing(state)
    own = side_melds(state, seat)
    index = require_int(
        action.get("meld"),
        0,
        len(own) - 1,
        "bad_target",
        gettext_noop("Add to one of your side's melds."),
    )
    cards = card_list(state, seat, action.get("cards"), Message(gettext_noop("The cards to add")))
    require(bool(cards), "malformed", gettext_noop("Name at least one card to add."))
    unlocked(state, cards)
    require(
        not melds.closed(own[index]), "closed", gettext_noop("That meld is closed at seven cards.")
    )
    valid_meld(own[index] + cards)
    remove(state, seat, cards)
    side = side_of(state, seat)
    state.melds[side][index] = own[index] + cards
    check_hand_left(state, seat)
    return [{"type": "add", "seat": seat, "side": side, "meld": index, "cards": cards}]


def switch(state: State, seat: int, action: Action) -> list[Event]:
    """Replace a wild in any meld with the right natural; the wild comes to the hand."""
    playing(state)
    side = require_int(
        action.get("side"),
        0,
        len(state.melds) - 1,
        "bad_target",
        gettext_noop("Name the side whose meld holds the wild."),
    )
    index = require_int(
        action.get("meld"),
        0,
        len(state.melds[side]) - 1,
        "bad_target",
        gettext_noop("Name the meld that holds the wild."),
    )
    natural = Message(gettext_noop("The natural card"))
    (card,) = cards = card_list(state, seat, [action.get("card")], natural)
    unlocked(state, cards)
    target = state.melds[side][index]
    wild = action.get("wild")
    if type(wild) is not int or not melds.switch_ok(target, wild, card):
        raise IllegalAction(
            "bad_switch",
            gettext_noop(
                "Switching out a wild needs the natural card that stands in its place in that meld."
            ),
        )
    state.melds[side][index] = [card if c == wild else c for c in target]
    remove(state, seat, [card])
    give(state, seat, [wild])
    return [
        {"type": "switch", "seat": seat, "side": side, "meld": index, "wild": wild, "card": card}
    ]


def discard(state: State, seat: int, action: Action) -> list[Event]:
    playing(state)
    raw = action.get("cards")
    if not (isinstance(raw, list) and len(raw) == 2):
        raise IllegalAction(
            "malformed",
            gettext_noop("Discard two cards: cards = [card for pile 0, card for pile 1]."),
        )
    chosen = [c for c in raw if c is not None]
    card_list(state, seat, chosen, Message(gettext_noop("The discards")))
    need = min(2, len(state.hands[seat]))
    require(
        len(chosen) == need,
        "discard_two",
        gettext_noop("Turns end by discarding two cards, one to each pile."),
    )
    remove(state, seat, chosen)
    events: list[Event] = []
    for pile, card in enumerate(raw):
        if card is None:
            continue
        state.piles[pile].append(card)
        if FACES[card].wild:
            state.frozen[pile] = True
        events.append(
            {
                "type": "discard",
                "seat": seat,
                "pile": pile,
                "card": card,
                "frozen": state.frozen[pile],
            }
        )
    state.last_discards = list(raw)
    return events + _end_turn(state, seat, chosen)


def _end_turn(state: State, seat: int, chosen: list[int]) -> list[Event]:
    events: list[Event] = []
    jokers = sum(1 for c in chosen if FACES[c].rank == JOKER)
    if jokers:
        state.direction = -state.direction
        events.append({"type": "reverse", "direction": state.direction})
    steps = 1
    if jokers == 2:
        steps = 2
        events.append({"type": "khaki", "seat": seat, "skipped": next_seat(state, seat)})
    state.locked, state.turn_choice = [], None
    state.step = "choose"
    outcome = "turn"
    if not state.hands[seat] and going_out_ready(state, seat):
        state.went_out = seat
        outcome = "end:out"
        events.append({"type": "went_out", "seat": seat, "side": side_of(state, seat)})
    elif state.exhausted:
        outcome = "end:stock"
    if outcome == "turn":
        state.turn = next_seat(state, seat, steps)
        events.append({"type": "turn", "seat": state.turn})
    threes = [c for c in chosen if FACES[c].black_three]
    if threes:
        events += open_window(state, seat, threes, outcome)
        return events
    state.after_heart = outcome
    return events
