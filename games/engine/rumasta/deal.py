"""Starting a round (shuffle, the cut, the deal, the upcards) and drawing from the stock.

The cut: the cutter lifts ``count`` cards off the top of the stock (a point
along its edge, no counting). The dealer deals from that packet: one card at
a time to each seat from the first player on, then one upcard to each
discard pile. Too few cards lifted: the dealer completes from the stock; too
many: the extra goes back under the stock. Exactly hands × hand size + 2
lifted is a perfect cut (+100 to the cutter's side at that round's scoring).

Red 3s never stay in a hand: whenever one arrives (deal or draw) it is laid
in front of its seat and a replacement is drawn. A red 3 turned up as an
upcard is set aside for no one and another card turned onto the pile; a wild
upcard lies crosswise, so that pile starts frozen.
"""

from __future__ import annotations

import random

from ..base import Event, derived_rng, gettext_noop, require
from .cards import CARD_COUNT, FACES, sort_cards
from .state import Config, State, give


def cut_target(state: State) -> int:
    cfg = state.config
    return cfg.players * cfg.hand_size + 2


def start_round(state: State) -> list[Event]:
    """Shuffle the three decks together; the cutter moves on one seat each round."""
    n = state.config.players
    deck = list(range(CARD_COUNT))
    derived_rng(state.seed, "shuffle", state.round_no).shuffle(deck)
    state.stock = deck
    state.piles = [[], []]
    state.frozen = [False, False]
    state.hands = [[] for _ in range(n)]
    state.melds = [[] for _ in state.config.sides]
    state.red3s = [[] for _ in range(n)]
    state.aside = []
    state.cutter = (state.first_cutter + state.round_no - 1) % n
    state.dealer = (state.cutter + 1) % n
    state.turn = state.cutter
    state.direction = 1
    state.phase, state.step = "cut", "choose"
    state.cut_count, state.perfect_cut = None, False
    state.locked, state.opened_this_turn, state.turn_choice = [], False, None
    state.dreidel, state.dreidel_by = None, None
    state.exhausted = False
    state.heart, state.heart_result, state.after_heart = None, None, None
    state.went_out, state.end_reason, state.round_steps = None, None, None
    state.round_moves = 0
    state.last_discards = [None, None]
    return [{"type": "round_start", "round": state.round_no, "cutter": state.cutter}]


def cut_and_deal(state: State, count: int) -> list[Event]:
    need = cut_target(state)
    order = list(reversed(state.stock))  # top card first
    packet, rest = order[:count], order[count:]
    sequence = packet + rest
    dealt = sequence[:need]
    remaining = rest + packet[need:] if count > need else rest[need - count :]
    state.stock = list(reversed(remaining))
    state.cut_count = count
    state.perfect_cut = count == need
    events: list[Event] = [
        {
            "type": "cut",
            "seat": state.cutter,
            "count": count,
            "target": need,
            "perfect": state.perfect_cut,
            "off_by": count - need,
        }
    ]
    events += _deal(state, dealt)
    return events


def _deal(state: State, dealt: list[int]) -> list[Event]:
    n = state.config.players
    first = (state.dealer + 1) % n
    cards_per_hand = state.config.hand_size
    for i in range(cards_per_hand * n):
        seat = (first + i) % n
        state.hands[seat].append(dealt[i])
    for seat in range(n):
        state.hands[seat] = sort_cards(state.hands[seat])
    events: list[Event] = [{"type": "deal", "dealer": state.dealer, "hand_size": cards_per_hand}]
    for pile, card in enumerate(dealt[cards_per_hand * n :]):
        events += _upcard(state, pile, card)
    state.turn = first
    state.phase, state.step = "turn", "choose"
    for k in range(n):
        events += lay_red_threes(state, (first + k) % n)
    events.append({"type": "turn", "seat": state.turn})
    return events


def _upcard(state: State, pile: int, card: int) -> list[Event]:
    events: list[Event] = []
    while FACES[card].red_three and state.stock:
        state.aside.append(card)
        events.append({"type": "upcard_aside", "pile": pile, "card": card})
        card = state.stock.pop()
    if FACES[card].red_three:  # the stock ran dry (cannot happen with 162 cards)
        state.aside.append(card)
        return events
    state.piles[pile].append(card)
    state.frozen[pile] = FACES[card].wild
    events.append({"type": "upcard", "pile": pile, "card": card, "frozen": state.frozen[pile]})
    return events


def lay_red_threes(state: State, seat: int) -> list[Event]:
    """Lay every red 3 in the hand and draw a replacement for each (which may be one too)."""
    events: list[Event] = []
    while True:
        threes = [c for c in state.hands[seat] if FACES[c].red_three]
        if not threes:
            return events
        state.hands[seat] = [c for c in state.hands[seat] if c not in threes]
        state.red3s[seat].extend(threes)
        for card in threes:
            events.append({"type": "red_three", "seat": seat, "card": card})
        events += draw_cards(state, seat, len(threes), lay=False)


def draw_cards(state: State, seat: int, count: int, *, lay: bool = True) -> list[Event]:
    """Draw ``count`` from the stock; a short draw means the stock is gone (RULINGS)."""
    got = [state.stock.pop() for _ in range(min(count, len(state.stock)))]
    if len(got) < count:
        state.exhausted = True
    give(state, seat, got)
    events: list[Event] = [
        {"type": "draw", "seat": seat, "count": len(got), "wanted": count, "private": got}
    ]
    if len(got) < count:
        events.append({"type": "stock_gone", "seat": seat})
    if lay:
        events += lay_red_threes(state, seat)
    return events


def new_game(config: dict | Config, seed: int) -> State:
    """Round one waits for its cut; the first cutter is drawn from the seed (RULINGS)."""
    cfg = config if isinstance(config, Config) else Config.from_dict(config)
    require(type(seed) is int, "bad_config", gettext_noop("The seed must be an integer."))
    state = State(config=cfg, seed=seed, totals=[0] * len(cfg.sides))
    state.first_cutter = random.Random(seed).randrange(cfg.players)
    start_round(state)
    return state
