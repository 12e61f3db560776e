"""High Card's rules: twenty cards valued 1-10 (two of each), two seats, three cards each.

The leader plays a card face up, the other answers; the higher card takes the
trick (a tie takes nothing and the leader leads again). Empty hands are dealt
three more each while the deck holds six. The game ends when a seat has
``target`` tricks (config, 1-9, default 5) or the deck runs dry; the most tricks
win, a tie shares the win. Pure Python, following ``games.engine.contract``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, TypedDict

from games.engine.base import Action, Event, IllegalAction, Result, derived_rng, require

KIND = "high_card"
CARDS = 20
HAND = 3
TIMEOUT_ACTION: Action = {"type": "timeout"}  # plays the seat's lowest card
VIEW_ID_FIELDS: tuple[str, ...] = ()
ACTION_FIELDS = {"play": {"card": ("int", 0, CARDS - 1)}, "timeout": {}}


class CardView(TypedDict):
    id: int
    value: int


class PlayedView(TypedDict):
    seat: int
    card: CardView


class HighCardView(TypedDict):
    """What a seat sees; ``hand`` is None for a spectator."""

    kind: str
    seat: int | None
    phase: str
    to_act: list[int]
    target: int
    totals: list[int]
    hand: list[CardView] | None
    hand_counts: list[int]
    deck_count: int
    trick: list[PlayedView]
    last_trick: list[PlayedView]
    winners: list[int]


@dataclass(frozen=True)
class State:
    seed: int
    target: int
    deck: list[int]
    hands: list[list[int]]
    trick: list[list[int]] = field(default_factory=list)  # [seat, card], in play order
    last_trick: list[list[int]] = field(default_factory=list)
    won: list[int] = field(default_factory=list)  # cards of finished tricks, out of play
    totals: list[int] = field(default_factory=lambda: [0, 0])
    leader: int = 0
    over: bool = False


def value(card: int) -> int:
    return card // 2 + 1


def new_game(config: dict[str, Any], seed: int) -> State:
    target = config.get("target", 5)
    require(isinstance(target, int) and 1 <= target <= 9, "bad_config", "Target 1 to 9.")
    deck = list(range(CARDS))
    derived_rng(seed, "deck").shuffle(deck)
    hands = [deck[-HAND:], deck[-2 * HAND : -HAND]]
    return State(seed=seed, target=target, deck=deck[: -2 * HAND], hands=hands)


def to_act(state: State) -> set[int]:
    if state.over:
        return set()
    return {state.leader if not state.trick else 1 - state.leader}


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    require(isinstance(action, dict), "malformed", "That move could not be read.")
    require(seat in to_act(state), "not_your_turn", "It isn't your turn.")
    hand = state.hands[seat]
    kind = action.get("type")
    if kind == "timeout":
        card = min(hand, key=value)
    elif kind == "play":
        picked = action.get("card")
        held = [c for c in hand if type(picked) is int and c == picked]
        require(bool(held), "not_in_hand", "Play a card from your hand.")
        card = held[0]
    else:
        raise IllegalAction("unknown_action", "That isn't a move in this game.")
    hands = [[c for c in h if c != card] for h in state.hands]
    state = replace(state, hands=hands, trick=[*state.trick, [seat, card]])
    events: list[Event] = [{"type": "play", "seat": seat, "card": card}]
    return (_settle(state), events) if len(state.trick) == 2 else (state, events)


def _settle(state: State) -> State:
    """Score the finished trick, then deal again or end the game."""
    (lead, led), (_, answer) = state.trick
    totals, leader = list(state.totals), state.leader
    if value(led) != value(answer):
        leader = lead if value(led) > value(answer) else 1 - lead
        totals[leader] += 1
    won = [*state.won, led, answer]
    state = replace(state, trick=[], last_trick=state.trick, won=won, totals=totals, leader=leader)
    if max(totals) >= state.target or (not any(state.hands) and len(state.deck) < 2 * HAND):
        return replace(state, over=True)
    if any(state.hands):
        return state
    deck = state.deck
    return replace(state, deck=deck[: -2 * HAND], hands=[deck[-HAND:], deck[-2 * HAND : -HAND]])


def result(state: State) -> Result | None:
    if not state.over:
        return None
    best = max(state.totals)
    winners = [s for s, total in enumerate(state.totals) if total == best]
    return Result(list(state.totals), list(state.totals), winners, game_over=True)


def _card(card: int) -> CardView:
    return {"id": card, "value": value(card)}


def _played(trick: list[list[int]]) -> list[PlayedView]:
    return [{"seat": seat, "card": _card(card)} for seat, card in trick]


def view(state: State, seat: int | None) -> HighCardView:
    outcome = result(state)
    return {
        "kind": KIND,
        "seat": seat,
        "phase": "game_over" if state.over else "play",
        "to_act": sorted(to_act(state)),
        "target": state.target,
        "totals": list(state.totals),
        "hand": None if seat is None else [_card(c) for c in sorted(state.hands[seat])],
        "hand_counts": [len(h) for h in state.hands],
        "deck_count": len(state.deck),
        "trick": _played(state.trick),
        "last_trick": _played(state.last_trick),
        "winners": outcome.winners if outcome else [],
    }


def to_json(state: State) -> dict[str, Any]:
    return asdict(state)


def from_json(data: dict[str, Any]) -> State:
    return State(**data)


def all_ids(state: State) -> list[int]:
    held = [card for hand in state.hands for card in hand]
    return [*state.deck, *held, *(card for _, card in state.trick), *state.won]


def hidden_from(state: State, seat: int | None) -> set[int]:
    """The deck, and every hand but the seat's own."""
    return {*state.deck, *(c for s, h in enumerate(state.hands) if s != seat for c in h)}
