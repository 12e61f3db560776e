"""Rumasta's part of a replay: the table at one step, and a hand shown face up.

Drawn with the live table's own presenters (games/web/replay_parts.py says why).
"""

from __future__ import annotations

from typing import Any

from games.models import Game, Move, Seat
from games.web import replay_parts
from games.web.replay_parts import View
from games.web.rumasta import hand, presenters

STYLESHEETS = ("css/table.css", "css/rumasta.css")
PIECE_TEMPLATE = "games/rumasta/_card.html"

held = replay_parts.held("hand")


def frame(game: Game, seat: Seat, view: View, move: Move) -> dict[str, Any]:
    """The read-only table after ``move``, with ``view``'s hand (none for a spectator)."""
    context = presenters.frame_context(game, seat, view, move)
    # The live table sorts the hand by the player's choice; a replay keeps the default order.
    context.update(sort="rank", hand=hand.sort_hand(context.get("hand") or [], "rank"))
    return context


def round_panel(game: Game, seat: Seat, view: View) -> dict[str, Any] | None:
    """Round complete / Game over from a public view (a spectator's), or None mid-round."""
    seats = list(game.seats.all())
    return presenters.round_context(view, presenters.names_for(seats, seat.index), seat.index)


def piece(card: dict[str, Any]) -> dict[str, Any]:
    shown = presenters.card(card)
    assert shown is not None
    return shown


def move_lines(game: Game, rows: list[Move], names: list[str]) -> list[str]:
    """One caption per move after ``rows[0]`` (or from the first move when it is seq 1)."""
    skip = 1 if rows and rows[0].seq > 1 else 0
    befores = [None] * (1 - skip) + [row.public_view for row in rows]
    return [
        presenters.caption(row, names, before)
        for row, before in zip(rows[skip:], befores, strict=False)
    ]
