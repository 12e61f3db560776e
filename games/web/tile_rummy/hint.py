"""Tile Rummy's Hint: the best arrangement for this turn, in games against computers only.

The hint is the expert's own search (``best_play``) run on the seat's view, so
it can show nothing the seat could not see. Asking marks the game for good
(``services.mark_hint_used``, conditional on the version the page was drawn
at, so a stale or forged request changes nothing), and a marked game is kept
off the leaderboards. Online tables and the daily challenge never offer one:
there a hint would be an unfair help against people or on a shared board.

The answer is cached for this turn (game, seat, version), so it stays on the
board while the player moves tiles, and is gone once the turn is played.
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.bots.tile_rummy.best import PLACEMENT_NODES, BestPlay, best_play
from games.bots.tile_rummy.search import Budget
from games.engine import tile_rummy
from games.models import Game, Seat
from games.table_flow import TableFlow
from games.table_flow import View as PageView
from games.web import hints
from games.web.tile_rummy import presenters

# The amount of search decides the hint (the same on a busy server): the exact search
# finishes within it on every reference position. A CPU-time cap is only a safety net,
# about 10x the hint's p99 (0.4 s of CPU on the reference positions); hitting it is logged.
HINT_NODES = PLACEMENT_NODES
HINT_SECONDS = 5.0
log = logging.getLogger(__name__)
RACK_MARK = gettext_noop("%(tile)s, from your rack")
LAID_MARK = gettext_noop("%(tile)s, laid this turn")


def board_context(
    game: Game, seat: Seat, view: dict[str, Any], draft: Any, **extra: Any
) -> dict[str, Any]:
    """The table's context plus the Hint button and this turn's hint, if one was asked for."""
    context = presenters.board_context(game, seat, view, draft, **extra)
    context["hint"] = hints.offer(game, seat, bool(context.get("my_turn")), _shown)
    return context


def make_view(flow: TableFlow) -> PageView:
    """The Hint POST view for ``flow``'s table (a factory, so views.py and this module
    don't import each other)."""
    return hints.make_view(flow, give_hint)


def give_hint(game: Game, seat: Seat, view: dict[str, Any], version: int | None) -> None:
    """Work out the best play for the seat's turn, mark the game, keep the answer for the turn."""
    own_turn = view["phase"] == "play" and seat.index in view["to_act"]
    asked = hints.check_asked(game, version, own_turn)
    budget = Budget.capped(HINT_NODES, HINT_SECONDS)
    found = best_play(view, budget)
    if budget.timed_out:
        hints.warn_cap(log, "Tile Rummy", game, HINT_SECONDS, budget.total)
    hints.mark_used(game, asked)
    hints.keep(game, seat, _stored(found))


def _stored(found: BestPlay | None) -> dict[str, Any]:
    """What is cached: tile ids only (the seat's own rack and the table)."""
    if found is None:
        return {"table": [], "placed": [], "tiles": 0, "points": 0}
    return {
        "table": found.table,
        "placed": found.placed,
        "tiles": found.tiles,
        "points": found.points,
    }


def _shown(stored: dict[str, Any]) -> dict[str, Any]:
    return {**stored, "sets": drawn_sets(stored["table"], set(stored["placed"]))}


def drawn_sets(table: list[list[int]], marked: set[int]) -> list[list[dict[str, Any]]]:
    """A table to draw read-only (a hint, a review): each tile's face, shape and spoken label.

    ``marked`` tiles (from the player's rack) are outlined and say so aloud.
    """
    return [
        [_drawn(tile, tile["id"] in marked) for tile in tile_rummy.set_view(ids)["tiles"]]
        for ids in table
    ]


def drawn_rack(rack: list[int], laid: set[int]) -> list[list[dict[str, Any]]]:
    """A rack to draw read-only, colour then number, as one row (never read as a set)."""
    ordered = sorted(rack, key=tile_rummy.sort_key)
    return [[_drawn(tile_rummy.tile_view(t), t in laid, LAID_MARK) for t in ordered]]


def _drawn(tile: dict[str, Any], marked: bool, mark: str = RACK_MARK) -> dict[str, Any]:
    shown = presenters.tile_context(tile)
    joker = tile["joker"]
    return {
        "id": tile["id"],
        "css": f"c-{tile['colour'] or 'J'}",
        "label": _(mark) % {"tile": shown["label"]} if marked else shown["label"],
        "big": "☺" if joker else tile["number"],
        "small": (tile.get("stands_for") or "J") if joker else shown["shape"],
        "marked": marked,
    }
