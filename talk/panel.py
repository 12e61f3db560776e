"""Who is talking at a request, and what their talk panel shows.

A seat at the table talks in the players' channel; anyone else must be allowed
to watch the table (matchmaking.watching decides, 404 otherwise) and talks in
the spectators'. Names follow the table's own screen: "Hide names" and blocks
show a seat as "Player N", and a spectator by their public name or none.

A tournament's talk is found by tournaments/ (it builds the ``Speaker`` with an
``Event``); this module only draws it, with the event's own URLs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from games import online_table
from games.access import game_with_seats
from games.online import placeholder_name
from games.table_flow import table_url
from matchmaking import watching
from rooms import services as rooms
from rooms.people import person
from talk import choice, phrases, services
from talk.models import Channel, Message
from talk.services import Speaker


def speaker(request: HttpRequest, game_id: UUID | str) -> Speaker:
    """The request's place at an online table; 404 for a stranger (nothing learnt)."""
    game = game_with_seats(game_id)
    if game is None or not game.online:
        raise Http404("No such table.")
    who = person(request)
    seat = rooms.game_seat(game, who)
    if seat is None:
        watching.find(request, game.id)
    user = request.user if request.user.is_authenticated else None
    return Speaker(game=game, person=who, seat=seat, user=user)


def page_url(spoken: Speaker) -> str:
    """Where the person talks from: their seat's table, the watch page, or the event's."""
    if spoken.event is not None:
        return spoken.event.page_url
    assert spoken.game is not None
    if spoken.seat is not None:
        return table_url(spoken.game)
    return reverse("matchmaking:watch", args=[spoken.game.id])


@dataclass(frozen=True)
class Line:
    id: int
    name: str
    said: str
    mine: bool
    spectator: bool
    phrase: bool
    blockable: bool


def lines(request: HttpRequest, spoken: Speaker, messages: list[Message]) -> list[Line]:
    hidden, apart = online_table.name_screen.get()(request)
    seats = {s.index: s for s in spoken.game.seats.all()} if spoken.game is not None else {}
    return [_line(spoken, m, seats, hidden or bool(apart)) for m in messages]


def _line(spoken: Speaker, message: Message, seats: dict[int, Any], hidden: bool) -> Line:
    mine = spoken.person.owns(message.author_user_id, message.author_device)
    return Line(
        id=message.pk,
        name=_("You") if mine else _name(message, seats, hidden, spoken.event is not None),
        said=services.said(message),
        mine=mine,
        spectator=message.channel == Channel.SPECTATORS,
        phrase=bool(message.phrase),
        blockable=message.author_user_id is not None and spoken.person.user_id is not None,
    )


def _name(message: Message, seats: dict[int, Any], hidden: bool, event: bool = False) -> str:
    if message.seat_index is None:
        if message.author_name and not hidden:
            return message.author_name
        return _("A player") if event else _("Spectator")
    seat = seats.get(message.seat_index)
    if seat is None or hidden:
        return placeholder_name(message.seat_index)
    return str(seat.display_name)


def context(request: HttpRequest, spoken: Speaker, status: str = "") -> dict[str, Any]:
    """Everything the panel template shows, the latest messages included."""
    shows = choice.shows_text(request)
    recent = services.recent(spoken, shows)
    silenced = services.timed_out(spoken.person)
    base = talk_url(spoken)
    return {
        "talk_lines": lines(request, spoken, recent),
        "talk_after": recent[-1].pk if recent else 0,
        "talk_spectator": spoken.seat is None and spoken.event is None,
        "talk_event": spoken.event is not None,
        "talk_may_speak": spoken.may_speak,
        "talk_phrases": phrases.keyed(),
        "talk_may_write": spoken.may_write and shows,
        "talk_rule": _rule(spoken),
        "talk_guest": spoken.person.user_id is None,
        "talk_shows_text": shows,
        "talk_silenced": services.timeout_notice(silenced) if silenced else "",
        "talk_status": status,
        "talk_max": services.rules.MAX_LENGTH,
        "talk_url": base,
        "talk_say_url": f"{base}say/",
        "talk_text_url": f"{base}messages/",
        "talk_unmute_url": f"{base}unmute/",
    }


def talk_url(spoken: Speaker) -> str:
    """The root of this talk's URLs (a table's /talk/<game>/, or the event's own): the
    lines poll; say/, unmute/, messages/ and <message>/report|mute|block/ under it."""
    if spoken.event is not None:
        return spoken.event.talk_url
    assert spoken.game is not None
    return reverse("talk:lines", args=[spoken.game.id])


def _rule(spoken: Speaker) -> str:
    if spoken.may_write:
        return ""
    return services.only_entrants() if not spoken.may_speak else services.free_text_rule()
