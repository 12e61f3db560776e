"""Tables an event above the rooms deals (a tournament's): what their Game over offers.

An app above this one (tournaments) seats its players at rooms' online tables, so a table
has everything a room gives (the clock, the house, talk, watching); but when its game ends
the players go back to the event, not to a rematch in the room. That app registers
``event_of`` in its ``AppConfig.ready()``, and ``{% room_game_over %}`` asks it first: the
dependency runs one way (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest

from games.models import Game


@dataclass(frozen=True)
class EventLink:
    label: str  # "Back to the tournament", in the reader's language
    url: str
    follow_url: str = ""  # polled from Game over: it sends the player on to their next table


EventOf = Callable[[Game, HttpRequest], EventLink | None]
_held: list[EventOf] = []


def register(implementation: EventOf) -> None:
    _held[:] = [implementation]


def event_of(game: Game, request: HttpRequest) -> EventLink | None:
    """The event this table belongs to (None: a room's own table, or no event app)."""
    return _held[0](game, request) if _held else None
