"""What an online table's page shows beyond the board: the clock, the pause, who is away.

Rooms (the lobby, the host, reports) are their own app; the table only links
to them by URL name, so a game's page works whether or not a room exists.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.http import HttpRequest
from django.urls import NoReverseMatch, get_script_prefix, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from games import online, services
from games import pace as game_pace
from games.access import stamp_of
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Seat
from games.table_urls import TableUrls
from games.task_queue import Registered

HOUSE_REASONS = {
    "left": gettext_lazy("left — the house plays on"),
    "timeouts": gettext_lazy("away — the house plays on"),
    "suspended": gettext_lazy("the house plays on"),
}


def stamp(game: Game) -> int:
    """The game row's last change, which the poll compares to tell a pause from nothing new."""
    return stamp_of(game.updated)


# (whether this device hides others' names, the user ids a block keeps from this viewer):
# the choice lives with the names (leaderboards) and the blocks with the players app,
# both above the platform, so the players app hands the table this screen at start.
NameScreen = Callable[[HttpRequest], tuple[bool, set[int]]]
name_screen = Registered[NameScreen]("name screen (players.apps.PlayersConfig.ready registers it)")


def hide_names(request: HttpRequest, game: Game, seat: Seat) -> None:
    """Hide name on this device covers people at online tables too (in this request only)."""
    if not game.online:
        return
    hidden, apart = name_screen.get()(request)
    for other in game.seats.all():
        others = other.index != seat.index and not other.is_computer
        if others and (hidden or other.user_id in apart):
            other.display_name = online.placeholder_name(other.index)


def left_message(game: Game) -> str:
    if game.online:
        return _("You left the table. The house plays your seat; it counts as a loss.")
    return _("Game abandoned. It counts as a loss.")


def bar(request: HttpRequest, game: Game, seat: Seat, take_back_url: str) -> dict[str, Any] | None:
    """The online bar's context: None at a table against computers."""
    if not game.online:
        return None
    state = services.load_state(game)
    acting = engine_for(game.kind).to_act(state)
    seats = list(game.seats.all())
    now = timezone.now()
    left = (game.deadline - now).total_seconds() if game.deadline else None
    return {
        "paused_until": game.paused_until,
        "seconds_left": None if left is None else max(0, int(left + 0.999)),
        "acting": [_name(s, seat) for s in seats if s.index in acting and not s.automated],
        "my_turn": seat.index in acting and not seat.automated,
        "house_mine": bool(seat.house_level) and seat.house_reason != "suspended",
        "hold": hold_reason(game, seat),
        "take_back_url": take_back_url,
        "seats": [_seat_row(s, seat) for s in seats],
        "room_url": _url("rooms", "for_game", game.id),
        "report_url": _report_url(get_script_prefix()),
        "lengths": online.clock_lengths(game.kind),
        # Correspondence (games.pace): the deadline is a date, not a countdown.
        "correspondence": game_pace.is_correspondence(game.config),
        "pace": game_pace.label(game.config),
        "deadline": game.deadline,
        "away": _away(game, seats, seat),
    }


def _away(game: Game, seats: list[Seat], me: Seat) -> list[dict[str, Any]]:
    """Who at a correspondence table is on vacation (their clock waits), and until when."""
    if not game_pace.is_correspondence(game.config):
        return []
    away = game_pace.away_until([s.user_id for s in seats if s.user_id is not None])
    return [
        {"name": _name(s, me), "until": away[s.user_id], "me": s.index == me.index}
        for s in seats
        if s.user_id in away
    ]


def hold_reason(game: Game, seat: Seat) -> str:
    """Why this seat's turn controls are switched off now, or "" when they work.

    The service refuses every move while the host's pause lasts (409) and while
    the house holds the seat (403); the page says so beside the controls instead
    of offering buttons that can only be refused.
    """
    if game.status != GameStatus.ACTIVE:
        return ""
    if game.paused_until is not None:
        until = date_format(timezone.localtime(game.paused_until), "j M Y, H:i")
        message = _("The table is paused until %(until)s UTC: nothing can be played until then.")
        return message % {"until": until}
    if seat.house_level and seat.house_reason == "suspended":
        return _("The house is playing this seat to the end of the game.")
    if seat.house_level:
        return _("The house is playing your seat — take it back to play.")
    return ""


def _name(other: Seat, me: Seat) -> str:
    return _("You") if other.index == me.index else other.display_name


def _seat_row(other: Seat, me: Seat) -> dict[str, Any]:
    status = ""
    if other.house_level:
        status = str(HOUSE_REASONS.get(other.house_reason, HOUSE_REASONS["suspended"]))
    elif other.is_computer:
        status = pgettext("seat at an online table", "computer")
    elif other.is_program:
        status = pgettext("seat at an online table", "program")
    return {
        "index": other.index,
        "name": _name(other, me),
        "status": status,
        "me": other.index == me.index,
        "reportable": other.index != me.index
        and not other.is_computer
        and other.house_reason != "suspended",
    }


def _url(namespace: str, name: str, game_id: UUID) -> str | None:
    """A room URL of this game (reversed once per process, ``games.table_urls``); None
    where the rooms app serves no such URL."""
    try:
        return TableUrls(namespace, game_id)[name]
    except NoReverseMatch:
        return None


@functools.cache
def _report_url(prefix: str) -> str | None:
    del prefix  # part of the cache key: reverse() includes the script prefix
    try:
        return reverse("rooms:report_seat")
    except NoReverseMatch:
        return None
