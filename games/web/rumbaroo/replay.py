"""Rumbaroo's part of a replay: the table at one step, and a hand and pouch shown face up.

Drawn with the live table's own presenters (games/web/replay_parts.py says why).
"""

from __future__ import annotations

from games.models import Game, Move
from games.web import replay_parts
from games.web.rumbaroo import presenters

STYLESHEETS = ("css/table.css", "css/rumbaroo.css")
PIECE_TEMPLATE = "games/rumbaroo/_face.html"

# The read-only table after a move, with the view's hand and pouch (none for a spectator).
frame = presenters.frame_context
round_panel = replay_parts.round_panel(presenters.round_context)
held = replay_parts.held("hand", "pouch")
piece = presenters.tile_context


def move_lines(game: Game, rows: list[Move], names: list[str]) -> list[str]:
    """One line per move after ``rows[0]`` (or from the first move when it is seq 1)."""
    return presenters.log_lines(game, names, rows)
