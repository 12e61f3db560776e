"""Rumasta's legal moves for one seat now (``legal_actions``): the API lists them.

Listed in full: the cut (every count), option C's draw, the dreidel roll and
its pick, each pile taken onto a new or an own meld with no proof cards
where that is enough, each single card added to an own meld, each wild
switch, the black-3 window's answers, next round and timeout. The two
discards (one card to each pile, so order matters: a wild freezes the pile
it lands on) are a family rather than a list: the cards allowed on pile 0,
the cards allowed on pile 1, two different cards (see
``games.engine.choices``), a few hundred bytes instead of every ordered
pair (up to ~92 KB an answer). Proving a take with cards from the hand,
taking both piles, laying melds and adding several cards are
combinatorial: they are marked ``composed`` when open, to be dry-run before
they are sent. Only the seat's own hand, the melds on the table, the piles'
tops and the phase are read. Candidates are sifted through ``apply``.
"""

from __future__ import annotations

from typing import Any

from ..base import Action
from ..choices import Listing, accepted, add, plain_types, slots, tried
from .cards import FACES
from .melds import switch_ok
from .rules import pickable
from .state import State, side_of
from .turn import apply, to_act

PLAIN = ("draw", "roll", "heart", "call_out", "pass", "next_round", "timeout")


def legal_actions(state: State, seat: int) -> Listing:
    """Each action type ``seat`` may take now with its choices (see ``games.engine.choices``)."""
    if seat not in to_act(state):
        return {}
    listing = plain_types(apply, state, seat, PLAIN)
    add(listing, "cut", _cuts(state, seat))
    turn = seat == state.turn and state.phase in ("turn", "heart")
    choosing = turn and state.step == "choose"
    playing = turn and state.step == "play"
    piles = [p for p in (0, 1) if choosing and pickable(state, p)]
    add(listing, "take", _takes(state, seat, piles), composed=bool(piles))
    add(listing, "take_both", [], composed=len(piles) == 2)
    picks = [{"type": "pick", "seat": s} for s in range(state.config.players)]
    add(listing, "pick", accepted(apply, state, seat, picks))
    add(listing, "meld", [], composed=playing)
    add(listing, "add", _adds(state, seat) if playing else [], composed=playing)
    add(listing, "switch", _switches(state, seat) if playing else [])
    singles, family = _discards(state, seat) if playing else ([], None)
    add(listing, "discard", singles, family=family)
    return listing


def _cuts(state: State, seat: int) -> list[Action]:
    """Every count along the stock, when the cut is the seat's to make (one try decides)."""
    if state.phase != "cut" or tried(apply, state, seat, {"type": "cut", "count": 1}) is None:
        return []
    return [{"type": "cut", "count": n} for n in range(1, len(state.stock))]


def _takes(state: State, seat: int, piles: list[int]) -> list[Action]:
    """A pile onto a new meld or an own meld, with no cards from the hand."""
    own = state.melds[side_of(state, seat)]
    targets: list[int | None] = [None, *range(len(own))]
    moves: list[Action] = []
    for pile in piles:
        for meld in targets:
            move: Action = {"type": "take", "pile": pile, "cards": []}
            moves.append(move if meld is None else {**move, "meld": meld})
    return accepted(apply, state, seat, moves)


def _adds(state: State, seat: int) -> list[Action]:
    own = state.melds[side_of(state, seat)]
    moves = [
        {"type": "add", "meld": i, "cards": [card]}
        for i in range(len(own))
        for card in state.hands[seat]
    ]
    return accepted(apply, state, seat, moves)


def _switches(state: State, seat: int) -> list[Action]:
    moves = [
        {"type": "switch", "side": side, "meld": i, "wild": wild, "card": card}
        for side, melds in enumerate(state.melds)
        for i, meld in enumerate(melds)
        for wild in meld
        if FACES[wild].wild
        for card in state.hands[seat]
        if switch_ok(meld, wild, card)
    ]
    return accepted(apply, state, seat, moves)


def _discards(state: State, seat: int) -> tuple[list[Action], dict[str, Any] | None]:
    """The discards: listed with fewer than two cards in hand, else a family per pile.

    With two or more cards both must go, one to each pile: the engine checks
    each card on its own (in the hand) and that the two differ, so the
    accepted pairs are exactly (a card allowed on pile 0, a different card
    allowed on pile 1). Each card is tried on each pile beside another card.
    """
    hand = state.hands[seat]
    if len(hand) < 2:
        cards = [[hand[0], None], [None, hand[0]]] if hand else [[None, None]]
        return accepted(apply, state, seat, [{"type": "discard", "cards": c} for c in cards]), None
    per_pile = [[c for c in hand if _discard_ok(state, seat, pile, c)] for pile in (0, 1)]
    return [], slots("cards", per_pile, distinct=True)


def _discard_ok(state: State, seat: int, pile: int, card: int) -> bool:
    """``card`` onto ``pile`` is accepted, with the other pile taking another hand card."""
    other = next(c for c in state.hands[seat] if c != card)
    pair = [card, other] if pile == 0 else [other, card]
    return tried(apply, state, seat, {"type": "discard", "cards": pair}) is not None
