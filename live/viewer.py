"""Who a websocket is, and which audience's group it joins.

A connection is judged the way the table pages judge a request (``games.access``):
the session's account, or the signed device cookie (``accounts.device``), never
anything the client says. Its own seat if it has one; else the spectators, when
``matchmaking.watching.find`` would let it open the watch page; else nothing.

An :class:`Audience` is everything a board's drawing depends on besides the game:
the seat (or none: the spectators), the language, the speed the others' moves are
shown at, whether the viewer is signed in (the leave bar says where games are
saved) and which seats' names this viewer does not see (Hide names on this
device, and blocks either way). Connections with the same audience share one
group and one rendering; its name carries it all, so the publisher needs nothing
else to draw it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib import auth
from django.http import Http404, HttpRequest
from django.http.cookie import parse_cookie
from django.utils import translation

from accounts.device import read_device
from games import online_table
from games.access import game_with_seats, owns_seat
from games.gameweb import web_for
from games.models import Game, Seat
from games.table_flow import SPEEDS
from matchmaking import watching
from preferences.feel import feel_of
from preferences.language import saved_language
from rooms.people import Person, person

SPECTATORS = "w"
_GROUP = re.compile(
    r"^live\.(?P<game>[0-9a-f]{32})\.(?P<who>w|s\d{1,2})\.(?P<lang>[a-z]{2,3}(?:-[a-z0-9]+)?)"
    r"\.(?P<speed>[a-z]+)\.(?P<signed>[01])\.(?P<mask>[0-9a-f]{1,16})$"
)


@dataclass(frozen=True)
class Audience:
    """One way a table's board is drawn: for a seat (or the spectators), in one language…"""

    game_id: str  # the game's UUID in hex
    seat: int | None  # None: the spectators
    language: str
    speed: str
    signed_in: bool
    hidden: frozenset[int]  # the seats whose names this audience sees as placeholders

    @property
    def group(self) -> str:
        """The channel layer's group: ``live.<game>.<s0|w>.<lang>.<speed>.<0|1>.<mask>``."""
        who = SPECTATORS if self.seat is None else f"s{self.seat}"
        mask = sum(1 << index for index in self.hidden)
        signed = int(self.signed_in)
        return f"live.{self.game_id}.{who}.{self.language}.{self.speed}.{signed}.{mask:x}"

    @classmethod
    def from_group(cls, name: str) -> Audience | None:
        """The audience a group name spells; None for anything else."""
        found = _GROUP.match(name)
        if found is None or found["speed"] not in SPEEDS:
            return None
        mask = int(found["mask"], 16)
        who = found["who"]
        return cls(
            game_id=found["game"],
            seat=None if who == SPECTATORS else int(who[1:]),
            language=found["lang"],
            speed=found["speed"],
            signed_in=found["signed"] == "1",
            hidden=frozenset(i for i in range(mask.bit_length()) if mask >> i & 1),
        )


def request_from_scope(scope: Mapping[str, Any]) -> HttpRequest:
    """The websocket's handshake as a request the site's own rules can read.

    The session and the account are found from the handshake's cookies here, as
    Django's session and authentication middleware find them for a page, rather than
    by Channels' ``AuthMiddlewareStack``: its three layers each kept a copy of the scope,
    the session and a lazy account for as long as the connection stayed open, a tenth of
    an idle connection's memory, for a question asked once, when it opens. The device
    key comes from the signed cookie as ``DeviceMiddleware`` reads it, except that a
    connection without one gets none (nothing to own).
    """
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = str(scope.get("path", ""))
    for raw_name, raw_value in scope.get("headers", ()):
        name = raw_name.decode("latin1").upper().replace("-", "_")
        request.META[f"HTTP_{name}"] = raw_value.decode("latin1")
    server = scope.get("server") or ("localhost", 80)
    request.META["SERVER_NAME"], request.META["SERVER_PORT"] = str(server[0]), str(server[1])
    client = scope.get("client") or ("", 0)
    request.META["REMOTE_ADDR"] = str(client[0])
    request.COOKIES = parse_cookie(request.META.get("HTTP_COOKIE", ""))
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    request.session = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    request.user = auth.get_user(request)
    device = read_device(request)
    request.device_key = device.key if device is not None else ""  # type: ignore[attr-defined]
    request.feel = feel_of(request)  # type: ignore[attr-defined]
    return request


@dataclass(frozen=True, slots=True)
class Caller:
    """Who a connection is, once admitted: all its beats need of the handshake's request
    (the request itself, with every header and the session, is let go)."""

    person: Person
    viewer: str  # a spectator's key (``matchmaking.watching.viewer_key``)

    @classmethod
    def of(cls, request: HttpRequest) -> Caller:
        return cls(person(request), watching.viewer_key(request))


def language_of(request: HttpRequest) -> str:
    """The page's language as preferences.language decides it: the account's, else Django's."""
    chosen = saved_language(request.user) or translation.get_language_from_request(request)
    return chosen.lower()


def admit(scope: Mapping[str, Any], game_id: UUID | str) -> tuple[Audience, Caller] | None:
    """The connection's audience (and who it is), or None: it may see nothing of this table."""
    request = request_from_scope(scope)
    game = game_with_seats(game_id)
    if game is None:
        return None
    language = language_of(request)
    seat = next((s for s in game.seats.all() if owns_seat(request, s)), None)
    if seat is not None:
        return seat_audience(request, game, seat, language), Caller.of(request)
    try:
        watching.find(request, game_id)
    except Http404:
        return None
    hidden = _hidden_by(game, lambda: watching.hide_names(request, game))
    return Audience(game.id.hex, None, language, "fast", False, hidden), Caller.of(request)


def seat_audience(request: HttpRequest, game: Game, seat: Seat, language: str) -> Audience:
    """The audience a seat's page is drawn for, by the page's own rules (speed, names)."""
    speed, default = web_for(game.kind).flow.speed_for(request, game)
    hidden = _hidden_by(game, lambda: online_table.hide_names(request, game, seat))
    shown = speed if speed in SPEEDS else default
    signed_in = bool(request.user.is_authenticated)
    return Audience(game.id.hex, seat.index, language, shown, signed_in, hidden)


def answer_group(request: HttpRequest, game: Game, seat: Seat) -> str:
    """The group whose board answers this seat's own request: drawn in the language the
    request is answered in (the one active now, as the board it replaces would be)."""
    return seat_audience(request, game, seat, translation.get_language().lower()).group


def _hidden_by(game: Game, hide: Callable[[], None]) -> frozenset[int]:
    """The seats whose names ``hide`` (the pages' own rule) takes off, names put back after."""
    seats = list(game.seats.all())
    names = [seat.display_name for seat in seats]
    hide()
    pairs = list(zip(seats, names, strict=True))
    hidden = frozenset(seat.index for seat, name in pairs if seat.display_name != name)
    for seat, name in pairs:
        seat.display_name = name
    return hidden
