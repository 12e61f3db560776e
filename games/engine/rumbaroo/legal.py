"""Rumbaroo's legal moves for one seat now (``legal_actions``): the API lists them.

Listed in full: every discard (each tile with each of its choices: the colour
of a Wild or Billabong, a Pouch's stash, a Dingo's steal, a Mob's gift, an
Outback Swap's target, a Didgeridoo's number, a Stampede, a Hop Pair), every
Croc Snap answer, and draw, pass, take, next round and timeout. A meld
(the whole new table, Wild swaps, the free action) is combinatorial: it is
marked ``composed`` whenever melding is open, to be dry-run before it is sent.

Each listed move carries ``"call": true`` exactly when leaving it out would
cost the Rumbaroo! penalty, so a listed move is never a mistake the game
punishes. Only what the seat may see is read: its own hand and pouch, the
table, the pile and the phase. Candidates are sifted through ``apply``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any

from ..base import Action
from ..choices import Listing, accepted, add, plain_types, tried
from .boxes import BILLABONG, COLOURS, CROC, DIDGERIDOO, DINGO, HOP, MOB, POUCH, SWAP
from .state import State, face_of
from .turn import apply, to_act

PLAIN = ("draw", "pass", "take", "next_round", "timeout")


def legal_actions(state: State, seat: int) -> Listing:
    """Each action type ``seat`` may take now with its choices (see ``games.engine.choices``)."""
    if seat not in to_act(state):
        return {}
    listing = plain_types(apply, state, seat, PLAIN)
    own = [*state.hands[seat], *state.pouches[seat]]
    answering = state.phase == "croc"
    kind = "snap" if answering else "discard"
    tiles = [state.drawn] if state.phase == "drawn" else own
    moves = [m for tile in tiles for m in _discards(state, seat, tile, kind)]
    add(listing, kind, [_called(state, seat, m) for m in accepted(apply, state, seat, moves)])
    may_meld = state.phase == "play" or (answering and state.config.party)
    add(listing, "meld", [], composed=may_meld)
    return listing


def _discards(state: State, seat: int, tile: Any, kind: str) -> Iterator[Action]:
    """``tile`` played with every combination of the choices its face asks for."""
    options = _options(state, seat, tile) if kind == "discard" else {}
    names = list(options)
    for values in product(*(options[n] for n in names)):
        move: Action = {"type": kind, "tile": tile}
        move.update({n: v for n, v in zip(names, values, strict=True) if v is not None})
        yield move


def _options(state: State, seat: int, tile: int) -> dict[str, list[Any]]:
    """The fields a discard of ``tile`` may carry, each with its values (None: left out)."""
    face = face_of(state, tile)
    hand = [t for t in state.hands[seat] if t != tile]
    opponents = [s for s in range(state.config.players) if s != seat]
    if face.wild or face.action == BILLABONG:
        return {"colour": list(COLOURS)}
    by_action: dict[str, dict[str, list[Any]]] = {
        POUCH: {"stash": [None, *hand]},
        DINGO: {"steal": [None, *(t for meld in state.table for t in meld)]},
        MOB: {"give": [None, *hand]},
        SWAP: {"target": opponents},
        DIDGERIDOO: {"number": list(range(1, 14))},
        CROC: {"stampede": [None, True]},
    }
    if face.action == HOP and state.config.party:
        hops = [t for t in [*hand, *state.pouches[seat]] if face_of(state, t).action == HOP]
        return {"pair": [None, *(t for t in hops if t != tile)]}
    return by_action.get(face.action or "", {})


def _called(state: State, seat: int, move: Action) -> Action:
    """The move with the Rumbaroo! call when it would otherwise draw the no-call penalty."""
    events = tried(apply, state, seat, move) or []
    owed = any(e.get("type") == "penalty" and e.get("reason") == "no_call" for e in events)
    return {**move, "call": True} if owed else move
