"""The game options every table of a tournament is dealt with, and the Arena's grace.

Short on purpose (a tournament plays many games): each game's are in the catalogue
(``GameEntry.tournament_options``, stated on the tournament page), over the game's room
form defaults for anything the catalogue leaves out.
"""

from __future__ import annotations

from typing import Any

from games import catalogue
from matchmaking import presets

GRACE_SECONDS = 180  # an Arena game ending this long after the end still counts


def options_for(kind: str) -> dict[str, Any]:
    """The game's fixed tournament options: the catalogue's, over the room form's defaults."""
    entry = catalogue.get(kind)
    return {**presets.default_options(kind), **dict(entry.tournament_options)}


def described(kind: str, options: dict[str, Any]) -> list[tuple[str, str]]:
    """The options as label: value, in the game's own words (its room form's)."""
    return presets.describe(kind, options)
