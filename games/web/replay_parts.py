"""The parts of a game's replay adapter (``replay.py``) that games build the same way.

A replay (replays/) and a watched table (matchmaking/) rebuild the state at a
step and ask the game's ``replay.py`` (games.gameweb.ReplayAdapter) to draw it
with the live table's own presenters, so a replay looks exactly like the frames
players saw; nothing there decides who may see what. Most presenters already
take what the adapter is asked for, and a ``replay.py`` names them directly;
these two build what differs only by a presenter or a view key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.models import Game, Seat

View = dict[str, Any]
Panel = dict[str, Any] | None
RoundContext = Callable[[View, list[Seat], int], Panel]


def round_panel(round_context: RoundContext) -> Callable[[Game, Seat, View], Panel]:
    """The adapter's ``round_panel`` for presenters that name the players from their seats."""

    def panel(game: Game, seat: Seat, view: View) -> Panel:
        """Round complete / Game over from a public view (a spectator's), or None mid-round."""
        return round_context(view, list(game.seats.all()), seat.index)

    return panel


def held(*keys: str) -> Callable[[View], list[dict[str, Any]]]:
    """The adapter's ``held``: the pieces under ``keys`` in a seat's view, in that order.

    A spectator's view has None under each key, so it holds nothing.
    """

    def pieces(view: View) -> list[dict[str, Any]]:
        return [piece for key in keys for piece in view[key] or []]

    return pieces
