"""A spectator's picture of a table: the table's labels and looks, nothing that acts.

Watching a table (matchmaking.watching) and a share link's replay (replays.frames)
draw it through the game's own ``frame_context`` with a stand-in seat that is
nobody's. That picture must not offer what only a seat can do: its tiles are
plain faces, not tiles to pick (no radio buttons, nothing to drag), its sets
and piles are not drop targets, and a spoken label never tells the spectator to
press anything ("Play the picked tile here."). The seats' own frames (another
player's move shown before the live board) keep their markup: focus stays on
the seat's rack while the moves are shown.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.models import Seat


def is_spectator(seat: Seat, seats: Iterable[Seat]) -> bool:
    """``seat`` is none of the game's seats: the picture is for someone watching."""
    return all(s.index != seat.index for s in seats)
