"""Tile Rummy's part of a replay: the table at one step, and a rack shown face up.

Drawn with the live table's own presenters (games/web/replay_parts.py says why).
"""

from __future__ import annotations

from typing import Any

from games.models import Game, Move, Seat
from games.web import replay_parts
from games.web.replay_parts import View
from games.web.tile_rummy import presenters

STYLESHEETS = ("css/table.css",)
PIECE_TEMPLATE = "games/_mini_tile.html"

round_panel = replay_parts.round_panel(presenters.round_context)
held = replay_parts.held("rack")


def frame(game: Game, seat: Seat, view: View, move: Move) -> dict[str, Any]:
    """The read-only table after ``move``, with ``view``'s rack (none for a spectator)."""
    return presenters.frame_context(game, seat, {**view, "rack": view["rack"] or []}, move)


def piece(tile: dict[str, Any]) -> dict[str, Any]:
    """A rack tile for the shared mini tile (number and colour shape)."""
    shown = presenters.tile_context(tile)
    if shown["joker"]:
        return {**shown, "css": "c-J", "big": "☺", "small": "J"}
    return {**shown, "css": f"c-{shown['colour']}", "big": shown["number"], "small": shown["shape"]}


def move_lines(game: Game, rows: list[Move], names: list[str]) -> list[str]:
    """One line per move after ``rows[0]`` (or from the first move when it is seq 1)."""
    return presenters.log_lines(game, rows, names)
