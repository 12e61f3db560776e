"""Romanian Tile Rummy's legal moves for one seat now (``legal_actions``): the API lists them.

Listed in full: each doubla pair the rack holds (or none), each declarer to
offer a swap to (or none), decline, each discard, the draw, taking the last
discard where nothing more is needed, next round and timeout. Taking an
older discard (or opening with the last) and laying melds are
combinatorial: they are marked ``composed`` when open, to be dry-run before
they are sent. Only the seat's own rack, the row and the public phase are
read. Candidates are sifted through ``apply``.
"""

from __future__ import annotations

from itertools import combinations

from ..base import Action
from ..choices import Listing, accepted, add, plain_types
from .state import State
from .tiles import face_of
from .turn import apply, may_take, to_act

PLAIN = ("decline", "draw", "next_round", "timeout")


def legal_actions(state: State, seat: int) -> Listing:
    """Each action type ``seat`` may take now with its choices (see ``games.engine.choices``)."""
    if seat not in to_act(state):
        return {}
    listing = plain_types(apply, state, seat, PLAIN)
    rack = state.racks[seat]
    pairs = [[a, b] for a, b in combinations(sorted(rack), 2) if _twins(a, b)]
    doublas: list[Action] = [{"type": "doubla"}, *({"type": "doubla", "pair": p} for p in pairs)]
    add(listing, "doubla", accepted(apply, state, seat, doublas))
    seats = range(state.config.players)
    swaps: list[Action] = [{"type": "swap"}, *({"type": "swap", "with": s} for s in seats)]
    add(listing, "swap", accepted(apply, state, seat, swaps))
    discards = [{"type": "discard", "tile": t} for t in rack]
    add(listing, "discard", accepted(apply, state, seat, discards))
    last = [{"type": "take", "index": len(state.discards) - 1}] if state.discards else []
    may_compose = state.phase == "draw" and may_take(state, seat)
    add(listing, "take", accepted(apply, state, seat, last), composed=may_compose)
    add(listing, "meld", [], composed=state.phase == "play")
    return listing


def _twins(a: int, b: int) -> bool:
    """Two wholly identical numbered tiles (a doubla's pair)."""
    fa, fb = face_of(a), face_of(b)
    return not fa.wild and fa == fb
