"""Romanian Tile Rummy's part of a replay: the table at one step, and a rack shown face up.

The replay (replays/) rebuilds the state at a step and asks this module to draw
it with the live table's own presenters, so a replay looks exactly like the
frames players saw; nothing here decides who may see what.
"""

from __future__ import annotations

from typing import Any

from games.models import Game, Move, Seat
from games.web.romanian import presenters
from games.web.romanian.captions import caption

STYLESHEETS = ("css/table.css", "css/romanian.css")
PIECE_TEMPLATE = "games/romanian/_face.html"
View = dict[str, Any]


def frame(game: Game, seat: Seat, view: View, move: Move) -> dict[str, Any]:
    """The read-only table after ``move``, with ``view``'s rack (none for a spectator)."""
    return presenters.frame_context(game, seat, view, move)


def round_panel(game: Game, seat: Seat, view: View) -> dict[str, Any] | None:
    """Round complete / Game over from a public view (a spectator's), or None mid-round."""
    return presenters.round_context(view, list(game.seats.all()), seat.index)


def held(view: View) -> list[dict[str, Any]]:
    return list(view["rack"] or [])


def piece(tile: dict[str, Any]) -> dict[str, Any]:
    return presenters.tile_context(tile)


def move_lines(game: Game, rows: list[Move], names: list[str]) -> list[str]:
    """One caption per move after ``rows[0]`` (or from the first move when it is seq 1).

    Each row is read against the one before it, so a timeout says what the clock did.
    """
    lines = []
    for i, row in enumerate(rows):
        if i == 0 and row.seq > 1:
            continue  # only read as the "before" of the next move
        before = rows[i - 1].public_view if i > 0 else presenters.first_view(game)
        lines.append(caption(row, names, before))
    return lines
