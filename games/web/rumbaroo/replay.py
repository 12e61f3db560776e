"""Rumbaroo's part of a replay: the table at one step, and a hand and pouch shown face up.

The replay (replays/) rebuilds the state at a step and asks this module to draw
it with the live table's own presenters, so a replay looks exactly like the
frames players saw; nothing here decides who may see what.
"""

from __future__ import annotations

from typing import Any

from games.models import Game, Move, Seat
from games.web.rumbaroo import presenters

STYLESHEETS = ("css/table.css", "css/rumbaroo.css")
PIECE_TEMPLATE = "games/rumbaroo/_face.html"
View = dict[str, Any]


def frame(game: Game, seat: Seat, view: View, move: Move) -> dict[str, Any]:
    """The read-only table after ``move``, with ``view``'s hand and pouch (none for a spectator)."""
    return presenters.frame_context(game, seat, view, move)


def round_panel(game: Game, seat: Seat, view: View) -> dict[str, Any] | None:
    """Round complete / Game over from a public view (a spectator's), or None mid-round."""
    return presenters.round_context(view, list(game.seats.all()), seat.index)


def held(view: View) -> list[dict[str, Any]]:
    """The tiles a seat's view holds: hand, then pouch."""
    return [*(view["hand"] or []), *(view["pouch"] or [])]


def piece(tile: dict[str, Any]) -> dict[str, Any]:
    return presenters.tile_context(tile)


def move_lines(game: Game, rows: list[Move], names: list[str]) -> list[str]:
    """One line per move after ``rows[0]`` (or from the first move when it is seq 1)."""
    return presenters.log_lines(game, names, rows)
