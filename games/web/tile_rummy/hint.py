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
from uuid import UUID

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import services
from games.bots.tile_rummy.best import PLACEMENT_NODES, BestPlay, best_play
from games.bots.tile_rummy.search import Budget
from games.engine import tile_rummy
from games.models import Game, Seat
from games.table_flow import TableFlow, as_int
from games.table_flow import View as PageView
from games.web.tile_rummy import presenters
from leaderboards.daily import daily_day

# The amount of search decides the hint (the same on a busy server): the exact search
# finishes within it on every reference position. A CPU-time cap is only a safety net,
# about 10x the hint's p99 (0.4 s of CPU on the reference positions); hitting it is logged.
HINT_NODES = PLACEMENT_NODES
HINT_SECONDS = 5.0
CACHE_SECONDS = 3600
log = logging.getLogger(__name__)
RACK_MARK = gettext_noop("%(tile)s, from your rack")
LAID_MARK = gettext_noop("%(tile)s, laid this turn")


def hint_allowed(game: Game) -> bool:
    """Only games against computers: never an online table or a daily challenge attempt."""
    if game.online or daily_day(game.config) is not None or services.follows_script(game):
        return False  # a guided game (tutorials) teaches its own moves
    return any(s.is_computer for s in game.seats.all())


def board_context(
    game: Game, seat: Seat, view: dict[str, Any], draft: Any, **extra: Any
) -> dict[str, Any]:
    """The table's context plus the Hint button and this turn's hint, if one was asked for."""
    context = presenters.board_context(game, seat, view, draft, **extra)
    my_turn = bool(context.get("my_turn"))
    shown = cache.get(_key(game, seat)) if my_turn and game.hint_used else None
    context["hint"] = {
        "allowed": my_turn and hint_allowed(game),
        "shown": _shown(shown) if shown is not None else None,
    }
    return context


def make_view(flow: TableFlow) -> PageView:
    """The Hint POST view for ``flow``'s table (a factory, so views.py and this module
    don't import each other)."""

    @flow.refusals
    def hint(request: HttpRequest, game_id: UUID) -> HttpResponse:
        game, seat = flow.game_for_post(request, game_id)
        try:
            give_hint(game, seat, flow.view(game, seat), as_int(request.POST.get("version")))
        except services.ServiceError as exc:
            return flow.refuse(request, game, seat, exc)
        if not request.htmx:
            return redirect(flow.table_url_name, game_id=game.id)
        return flow.board(request, game, seat)

    return hint


def give_hint(game: Game, seat: Seat, view: dict[str, Any], version: int | None) -> None:
    """Work out the best play for the seat's turn, mark the game, keep the answer for the turn."""
    if not hint_allowed(game):
        raise services.NotAllowed(_("Hints are only for games against computers."), "no_hint")
    if version != game.version:
        raise services.StaleVersion(
            _("The game moved on since this page was drawn; here is the current table."), "stale"
        )
    if view["phase"] != "play" or seat.index not in view["to_act"]:
        raise services.NotAllowed(_("A hint is for your own turn."), "not_your_turn")
    budget = Budget.capped(HINT_NODES, HINT_SECONDS)
    found = best_play(view, budget)
    if budget.timed_out:
        log.warning(
            "Tile Rummy hint for game %s hit the %.1f s CPU safety cap after %d search steps",
            game.id,
            HINT_SECONDS,
            budget.total,
            extra={"level": "hint"},
        )
    services.mark_hint_used(game.id, version)
    game.hint_used = True
    cache.set(_key(game, seat), _stored(found), CACHE_SECONDS)


def _key(game: Game, seat: Seat) -> str:
    return f"hint:{game.id}:{seat.index}:{game.version}"


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
