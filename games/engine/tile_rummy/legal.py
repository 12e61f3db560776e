"""Tile Rummy's legal moves for one seat now (``legal_actions``): the API lists them.

A module of its own so the rules modules stay as they are. Draw, next
round and timeout are listed exactly (sifted through ``apply``). A play
(the whole new table) is combinatorial: it is marked ``composed`` whenever
the seat is to play, to be dry-run before it is sent. Only the phase and
whose turn it is are read.
"""

from __future__ import annotations

from ..choices import Listing, add, plain_types
from .state import State
from .turn import apply, to_act

PLAIN = ("draw", "next_round", "timeout")


def legal_actions(state: State, seat: int) -> Listing:
    """Each action type ``seat`` may take now with its choices (see ``games.engine.choices``)."""
    if seat not in to_act(state):
        return {}
    listing = plain_types(apply, state, seat, PLAIN)
    add(listing, "play", [], composed=state.phase == "play")
    return listing
