"""Rumbaroo's Hint: the best line for this turn, in games against computers only.

The hint is ``best_play`` (games/bots/rumbaroo/best.py) run on the seat's own
view, so it can show nothing the seat could not see: the line of moves that
leaves the fewest tiles before an opponent acts. Its first move is put on the
table the way a player would: a meld becomes the seat's draft (the new table,
with the Rumbaroo! call pressed when the meld leaves one tile, and the free
action set to "misses a turn" when the line goes on), which the player can
confirm or change; a discard is named and pictured, with the call pressed when
it is owed. Asking marks the game for good (``services.mark_hint_used``,
conditional on the version the page was drawn at, so a stale or forged request
changes nothing), and a marked game is kept off the leaderboards. Online
tables, the daily challenge and guided games never offer one.

Bounded by search steps (``HINT_STEPS``), never by a clock: the same position
gets the same hint on a busy server. The answer is cached for this turn (game,
seat, version), so it stays while the player moves tiles, and goes with the turn.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from games import services
from games.bots.rumbaroo.best import PLAY_STEPS, BestPlay, best_play
from games.bots.rumbaroo.placement import Steps
from games.engine.rumbaroo import is_seated
from games.models import Game, Seat
from games.table_flow import TableFlow, as_int
from games.table_flow import View as PageView
from games.web.rumbaroo import drafts
from games.web.rumbaroo import presenters as rp
from games.web.rumbaroo.lines import faces_of, line_phrase, tile_dict, tiles_phrase
from leaderboards.daily import daily_day

HINT_STEPS = PLAY_STEPS
CACHE_SECONDS = 3600


def hint_allowed(game: Game) -> bool:
    """Only games against computers: never an online table, a daily challenge or a guided game."""
    if game.online or daily_day(game.config) is not None or services.follows_script(game):
        return False
    return any(s.is_computer for s in game.seats.all())


def board_context(
    game: Game, seat: Seat, view: dict[str, Any], draft: Any, **extra: Any
) -> dict[str, Any]:
    """The table's context plus the Hint button and this turn's hint, if one was asked for."""
    context = rp.board_context(game, seat, view, draft, **extra)
    my_turn = bool(context.get("my_turn")) and view["phase"] == "play"
    shown = cache.get(_key(game, seat)) if my_turn and game.hint_used else None
    context["hint"] = {
        "allowed": my_turn and hint_allowed(game),
        "shown": _shown(shown, view) if shown is not None else None,
    }
    if shown is not None and context.get("free") and shown["moves"][0].get("free") == "skip":
        context["free"] = {**context["free"], "skip": True}
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
        seat.refresh_from_db(fields=["turn_draft"])  # the hint's draft, laid out just now
        return flow.board(request, game, seat)

    return hint


def give_hint(game: Game, seat: Seat, view: dict[str, Any], version: int | None) -> None:
    """Work out the best line, mark the game, keep the answer and lay its first move out."""
    if not hint_allowed(game):
        raise services.NotAllowed(_("Hints are only for games against computers."), "no_hint")
    if version != game.version:
        raise services.StaleVersion(
            _("The game moved on since this page was drawn; here is the current table."), "stale"
        )
    if view["phase"] != "play" or seat.index not in view["to_act"] or not is_seated(view):
        raise services.NotAllowed(_("A hint is for your own turn."), "not_your_turn")
    found = best_play(view, Steps(HINT_STEPS))
    services.mark_hint_used(game.id, version)
    game.hint_used = True
    cache.set(_key(game, seat), _stored(found), CACHE_SECONDS)
    first = found.moves[0]
    if first["type"] == "meld" or first.get("call"):
        services.update_draft(game.id, seat.index, version, _drafted(first))


def _drafted(first: dict[str, Any]) -> Any:
    """The draft change that lays the first move out: a meld's table, and the call."""

    def change(draft: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
        new = drafts.fresh(view)
        if first["type"] == "meld":
            new["table"] = [list(m) for m in first["table"]]
        new["call"] = bool(first.get("call"))
        return new

    return change


def _key(game: Game, seat: Seat) -> str:
    return f"hint:{game.id}:{seat.index}:{game.version}"


def _stored(found: BestPlay) -> dict[str, Any]:
    """What is cached: tile ids only (the seat's own tiles and the table)."""
    return {
        "moves": found.moves,
        "left": found.left,
        "turns": found.turns,
        "out": found.out,
        "exact": found.exact,
    }


def _shown(stored: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The hint in words, and the tile to play when the line starts with a discard."""
    faces = faces_of(view["difficulty"], view["party"])
    first = stored["moves"][0]
    tile = None
    if first["type"] == "discard":
        tile = rp.tile_context(tile_dict(first["tile"], faces))
    return {
        **stored,
        "line": line_phrase(stored["moves"], faces, view["players"] == 2),
        "left_words": tiles_phrase(stored["left"]),
        "first": first["type"],
        "tile": tile,
        "skip": first.get("free") == "skip",
    }
