"""What every game's Hint shares: who may ask, the POST view, the checks and the cache.

A game's own ``hint.py`` keeps what is its own (the search, what it stores, how the
answer is drawn and whether it sets out a draft) and takes the rest from here, so the
rules for asking stay one rule: games against computers only (never an online table,
the daily challenge or a guided game, where a hint would be an unfair help or would
teach other moves than the guide's), asked at the version the page was drawn at, and
marking the game for good (``services.mark_hint_used``), which keeps it off the
leaderboards. The answer is cached for the turn (game, seat, version): it stays on the
board while the player moves tiles and is gone once the game moves on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from games import services
from games.models import Game, Seat
from games.table_flow import TableFlow, TableRequest, as_int
from games.table_flow import View as PageView
from leaderboards.daily import daily_day

CACHE_SECONDS = 3600
# A game's give_hint(game, seat, the seat's view, the version the page was drawn at).
GiveHint = Callable[[Game, Seat, dict[str, Any], int | None], None]


def hint_allowed(game: Game) -> bool:
    """Only games against computers: never an online table, a daily or a guided game."""
    if game.online or daily_day(game.config) is not None or services.follows_script(game):
        return False  # a guided game (tutorials) teaches its own moves
    return any(s.is_computer for s in game.seats.all())


def make_view(flow: TableFlow, give_hint: GiveHint, *, refresh_draft: bool = False) -> PageView:
    """The Hint POST view for ``flow``'s table: ``give_hint`` works the hint out.

    ``refresh_draft``: the game's hint sets out the seat's draft, so the board is drawn
    with the draft read again (the seat in hand was read before the hint wrote it).
    """

    @flow.refusals
    def hint(request: TableRequest, game_id: UUID) -> HttpResponse:
        game, seat = flow.game_for_post(request, game_id)
        try:
            give_hint(game, seat, flow.view(game, seat), as_int(request.POST.get("version")))
        except services.ServiceError as exc:
            return flow.refuse(request, game, seat, exc)
        if not request.htmx:
            return redirect(flow.table_url_name, game_id=game.id)
        if refresh_draft:
            seat.refresh_from_db(fields=["turn_draft"])
        return flow.board(request, game, seat)

    return hint


def check_asked(game: Game, version: int | None, own_turn: bool, not_yours: str = "") -> int:
    """The version the hint is asked at, once checked: refuse a hint nobody may have
    here, one asked from a page the game has moved on from, or one asked out of the
    seat's turn (``not_yours``: the game's own words for it)."""
    if not hint_allowed(game):
        raise services.NotAllowed(_("Hints are only for games against computers."), "no_hint")
    if version != game.version:
        raise services.StaleVersion(
            _("The game moved on since this page was drawn; here is the current table."), "stale"
        )
    if not own_turn:
        message = not_yours or _("A hint is for your own turn.")
        raise services.NotAllowed(message, "not_your_turn")
    return game.version


def mark_used(game: Game, version: int) -> None:
    """Mark the game for good, on the version the hint was worked out for (a game that
    moved on meanwhile is refused and stays unmarked)."""
    services.mark_hint_used(game.id, version)
    game.hint_used = True


def key(game: Game, seat: Seat) -> str:
    """This turn's cache key: a move changes the version, so the hint goes with the turn."""
    return f"hint:{game.id}:{seat.index}:{game.version}"


def keep(game: Game, seat: Seat, stored: dict[str, Any]) -> None:
    """Keep this turn's answer (ids from the seat's own tiles or cards only)."""
    cache.set(key(game, seat), stored, CACHE_SECONDS)


def kept(game: Game, seat: Seat, now: bool) -> dict[str, Any] | None:
    """This turn's answer, if one was asked for and a hint is shown ``now``."""
    return cache.get(key(game, seat)) if now and game.hint_used else None


def offer(
    game: Game, seat: Seat, now: bool, show: Callable[[dict[str, Any]], dict[str, Any]]
) -> dict[str, Any]:
    """The board's ``hint``: the Hint button (``allowed``: the seat's turn, ``now``, in a
    game that offers one) and this turn's answer as ``show`` draws it, if it was asked for."""
    stored = kept(game, seat, now)
    return {
        "allowed": now and hint_allowed(game),
        "shown": show(stored) if stored is not None else None,
    }


def warn_cap(log: logging.Logger, label: str, game: Game, seconds: float, steps: int) -> None:
    """Log a search stopped by its CPU-time safety net: the step limit should decide a
    hint, so this is worth an operator's look (with the game, to replay it)."""
    log.warning(
        "%s hint for game %s hit the %.1f s CPU safety cap after %d search steps",
        label,
        game.id,
        seconds,
        steps,
        extra={"level": "hint"},
    )
