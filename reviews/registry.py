"""Which games have a review: a module ``reviews.<kind>`` (named for its game) provides it.

A game's review module offers ``completed_rounds(game)``, ``ended_round(move)``,
``compute(game, seat_index, round_no)`` and ``present(data)``. This module
names no game, so a new one only adds its own ``reviews/<kind>.py``.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

from games import catalogue


@cache
def reviewer_for(kind: str) -> ModuleType | None:
    """The review module of a catalogue game, or None when it has none."""
    if catalogue.find(kind) is None or not kind.isidentifier():
        return None
    name = f"{__package__}.{kind}"
    return import_module(name) if find_spec(name) is not None else None
