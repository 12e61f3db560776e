"""Which computer player plays which game kind, as the catalogue declares it.

A bot is ``choose(view, level) -> action | None``: it is handed the seat's
view, never the state, so it cannot see what its seat may not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import catalogue

Bot = Callable[[dict[str, Any], str], dict[str, Any] | None]


def choose_for(kind: str) -> Bot:
    """Imported lazily so a slow search module loads only where bots actually play."""
    bot: Bot = catalogue.load(catalogue.get(kind).bot).choose_action
    return bot
