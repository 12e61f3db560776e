"""High Card's legal moves for the API: each card in the hand, and the timeout."""

from __future__ import annotations

from games.engine.choices import Listing, add, plain_types

from . import State, apply, to_act


def legal_actions(state: State, seat: int) -> Listing:
    if seat not in to_act(state):
        return {}
    listing = plain_types(apply, state, seat, ("timeout",))
    add(listing, "play", [{"type": "play", "card": card} for card in sorted(state.hands[seat])])
    return listing
