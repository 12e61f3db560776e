"""Romanian Tile Rummy's part of a replay: the table at one step, and a rack shown face up.

Drawn with the live table's own presenters (games/web/replay_parts.py says why).
"""

from __future__ import annotations

from games.models import Game, Move
from games.web import replay_parts
from games.web.romanian import presenters
from games.web.romanian.captions import caption

STYLESHEETS = ("css/table.css", "css/romanian.css")
PIECE_TEMPLATE = "games/romanian/_face.html"

# The read-only table after a move, with the view's rack (none for a spectator).
frame = presenters.frame_context
round_panel = replay_parts.round_panel(presenters.round_context)
held = replay_parts.held("rack")
piece = presenters.tile_context


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
