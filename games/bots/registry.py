"""Which computer player plays which game kind.

A bot is ``choose(view, level) -> action | None``: it is handed the seat's
view, never the state, so it cannot see what its seat may not.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

Bot = Callable[[dict[str, Any], str], dict[str, Any] | None]

_MODULES = {"tile_rummy": "games.bots.tile_rummy", "rumbaroo": "games.bots.rumbaroo"}


def choose_for(kind: str) -> Bot:
    """Imported lazily so a slow search module loads only where bots actually play."""
    return import_module(_MODULES[kind]).choose_action
