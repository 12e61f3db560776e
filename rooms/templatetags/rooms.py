"""``{% room_game_over %}``: what an online table's Game over offers first — the room.

People who just finished a game together expect to play again together, not
to be sent to the solo setup. So every game's Game over part, at an online
table, includes this tag (it reads ``game`` from the board's context):

* the host gets **Rematch in this room**: it deals a new table in the same room
  with the same seats and options (``rooms:rematch``; an emptied seat must be
  filled on the room page first, which says so);
* everyone else is told the host can start one, and their Game over page
  follows the room (``rooms:follow``) so they land at the new table when it starts;
* once a rematch is on, anyone seated at it gets **Go to the new table**;
* everyone gets **Back to the room**.

The games only link to rooms by URL name; this tag is where the room is looked up.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from games.models import Game
from games.table_flow import table_url
from rooms import events, services
from rooms.models import RoomStatus
from rooms.people import person

register = template.Library()


@register.inclusion_tag("rooms/_game_over.html", takes_context=True)
def room_game_over(context: template.Context) -> dict[str, Any]:
    game: Game | None = context.get("game")
    request = context.get("request")
    online = game is not None and game.online and request is not None
    event = events.event_of(game, request) if online else None
    if event is not None:  # a tournament's table: back to the event, no rematch
        return {"room": None, "event": event}
    room = services.room_for_game(game.id) if online else None
    if room is None or request is None:
        return {"room": None}
    who = person(request)
    live = services.live_game(room)
    newer = live is not None and live.id != game.id and services.game_seat(live, who) is not None
    current = room.game_id == game.id and room.status == RoomStatus.PLAYING
    can_rematch = current and services.is_host(room, who) and services.between_games(room)
    return {
        "room": room,
        "csrf_token": context.get("csrf_token"),
        "room_url": reverse("rooms:room", args=[room.public_id]),
        "next_url": table_url(live) if newer else "",
        "can_rematch": can_rematch,
        "follow_url": ""
        if newer or can_rematch or room.status == RoomStatus.CLOSED
        else reverse("rooms:follow", args=[game.id]),
    }
