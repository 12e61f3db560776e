"""Template tags other pages include: the quick-match panel, the Watch list, watcher counts.

- ``{% quick_match_panel kind %}`` on each game's setup page: "Play someone now"
  with the game's presets (one tap each) and a link to every option.
- ``{% watch_list %}`` on the rooms lobby: live listed tables, strongest first.
- ``{% watchers game %}`` in the online bar: how many people watch this table.
- ``{% watch_link room %}`` on a room page: watch its table without a seat.
- ``{% correspondence_wait %}`` on the quick match page and My turn: a signed-in
  player's correspondence wait (with Cancel), or the table it found.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.translation import ngettext

from games import catalogue
from games import pace as game_pace
from games.models import Game
from games.table_flow import table_url
from matchmaking import presets, queue, watching
from matchmaking.views import default_name  # the views own the remembered name
from rooms.models import Room
from rooms.people import person

register = template.Library()


@register.inclusion_tag("matchmaking/_panel.html", takes_context=True)
def quick_match_panel(context: template.Context, kind: str) -> dict[str, Any]:
    request = context.get("request")
    return {
        "kind": kind,
        "presets": presets.presets(kind),
        "table_name": default_name(request) if request is not None else "",
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("matchmaking/_watch_list.html", takes_context=True)
def watch_list(context: template.Context) -> dict[str, Any]:
    request = context.get("request")
    return {"tables": watching.live_tables(request) if request is not None else []}


@register.simple_tag
def watchers(game: Game | None) -> str:
    """The line, or "" away from an online table. Written here rather than included from a
    template: the online bar is on every board drawn for every socket after every move,
    and an inclusion tag's own context and template cost more than these words."""
    if game is None or not getattr(game, "online", False):
        return ""
    count = watching.count(game.id)
    words = ngettext("%(counter)s watching", "%(counter)s watching", count) % {"counter": count}
    return format_html('<p class="muted small watchers" data-testid="watchers">{}</p>', words)


@register.simple_tag(takes_context=True)
def watch_link(context: template.Context, room: Room) -> str:
    """The room's Watch URL while its table is played and the viewer has no seat there; else ""."""
    request = context.get("request")
    game = room.game
    if request is None or game is None or game.status != "active":
        return ""
    if not watching.watchable_game(game) or watching.seated(request, game):
        return ""
    return watching.watch_url(room, person(request))


@register.inclusion_tag("matchmaking/_slow_wait.html", takes_context=True)
def correspondence_wait(context: template.Context) -> dict[str, Any]:
    """The player's correspondence queue row (paired first if it can be now), or nothing."""
    request = context.get("request")
    row = queue.correspondence_wait(person(request)) if request is not None else None
    if row is None:
        return {"row": None}
    game = queue.seated_game(row)
    return {
        "row": row,
        "name": catalogue.kind_name(row.kind),
        "pace": game_pace.label(row.options),
        "note": queue.note_text(row.note),
        "table": table_url(game) if game is not None else "",
        "csrf_token": context.get("csrf_token"),
    }
