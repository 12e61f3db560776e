"""High Card's part of a replay: the table at a move, drawn by the live table's presenters."""

from __future__ import annotations

from typing import Any

from games.models import Game, Seat
from tests.fifth_game.web import presenters

STYLESHEETS = ("css/table.css",)
PIECE_TEMPLATE = "games/_mini_tile.html"
frame = presenters.frame_context
move_lines = presenters.move_lines


def round_panel(game: Game, seat: Seat, view: dict[str, Any]) -> dict[str, Any] | None:
    return presenters.round_context(game, seat, view)


def held(view: dict[str, Any]) -> list[dict[str, Any]]:
    return list(view["hand"] or [])


def piece(card: dict[str, Any]) -> dict[str, Any]:
    return {"label": f"a {card['value']}", "css": "c-K", "big": card["value"], "small": ""}
