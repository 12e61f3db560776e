"""Shared helpers for each engine's ``legal_actions(state, seat)`` (the listed legal moves).

What every game's listing has in common: the answer's shape, and sifting a
game's candidate actions through its own ``apply``. Why sift rather than
restate the rules: ``apply`` is the one place a move is judged, so a listing
built from it can never offer a move the game then refuses. ``apply`` never
mutates its input, so trying a candidate changes nothing. Pure Python.

The answer maps each action type the seat may take *now* to::

    {"choices": [action, ...],   # complete actions, each accepted as it stands
     "composed": bool,           # True: more moves of this type exist (melds…);
                                 # build one from the view and dry-run it first
     "slots": family or None}    # many choices told at once (see ``slots``)

A type missing from the answer is not legal now.

A *family* (``slots``) stands for choices too many to list one by one but
easy to state exactly: ``{"field": f, "options": [[...], [...]], "distinct":
bool}`` means every action ``{"type": t, f: [v0, v1, ...]}`` with each
``v_i`` taken from ``options[i]`` (no value twice when ``distinct``) is
accepted now. A discard of one card onto each of two piles is one: a card for pile 0 times a
card for pile 1 is hundreds of ordered pairs, but two short lists.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from itertools import product
from typing import Any

from .base import Action, Event, IllegalAction

Apply = Callable[[Any, int, Action], tuple[Any, list[Event]]]
Listing = dict[str, dict[str, Any]]


def accepted(apply: Apply, state: Any, seat: int, candidates: Iterable[Action]) -> list[Action]:
    """The candidates ``apply`` accepts for ``seat`` now, in the order given."""
    return [a for a in candidates if tried(apply, state, seat, a) is not None]


def tried(apply: Apply, state: Any, seat: int, action: Action) -> list[Event] | None:
    """The events ``action`` would produce, or None when the game refuses it."""
    try:
        return apply(state, seat, action)[1]
    except IllegalAction:
        return None


def plain_types(apply: Apply, state: Any, seat: int, types: Iterable[str]) -> Listing:
    """Field-less types (draw, pass, next round…) that are legal as ``{"type": t}`` now."""
    listing: Listing = {}
    for kind in types:
        if tried(apply, state, seat, {"type": kind}) is not None:
            listing[kind] = listed([{"type": kind}])
    return listing


def listed(
    choices: list[Action], composed: bool = False, family: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {"choices": choices, "composed": composed, "slots": family}


def add(
    listing: Listing,
    kind: str,
    choices: list[Action],
    composed: bool = False,
    family: dict[str, Any] | None = None,
) -> None:
    """Put a type in the listing when it has a choice, a family, or may be composed."""
    if choices or composed or family:
        listing[kind] = listed(choices, composed, family)


def slots(field: str, options: list[list[Any]], distinct: bool = True) -> dict[str, Any] | None:
    """A family of choices (see the module's docstring); None when some position has no option."""
    if not options or not all(options):
        return None
    return {"field": field, "options": options, "distinct": distinct}


def expand(kind: str, family: dict[str, Any]) -> Iterator[Action]:
    """Every action a family stands for, one by one (for tests and measuring, not for the API)."""
    for values in product(*family["options"]):
        if not family["distinct"] or len(set(values)) == len(values):
            yield {"type": kind, family["field"]: list(values)}


def draw(kind: str, family: dict[str, Any], rng: random.Random) -> Action:
    """One action of the family at random (positions filled in turn, skipping used values)."""
    values: list[Any] = []
    for options in family["options"]:
        free = [v for v in options if not (family["distinct"] and v in values)]
        values.append(rng.choice(free))
    return {"type": kind, family["field"]: values}
