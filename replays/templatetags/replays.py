"""``{% replay_links %}``: what a Game over panel offers about the replay.

Any game's Game over part includes it (it reads ``game`` and ``seat`` from the
board's context): a link to the replay and, for a daily-challenge attempt whose
day is not over, a spoiler-free text to share instead (the day, cleared or not,
turns taken, the calendar streak) with a copy button.
"""

from __future__ import annotations

from typing import Any

from django import template

from games.models import Game, Seat
from replays.share_text import daily_share_text

register = template.Library()


@register.inclusion_tag("replays/_game_over.html", takes_context=True)
def replay_links(context: template.Context) -> dict[str, Any]:
    game: Game | None = context.get("game")
    seat: Seat | None = context.get("seat")
    request = context.get("request")
    if game is None or seat is None or request is None:
        return {"game": None}
    return {
        "game": game,
        "share_text": daily_share_text(request, game, seat),
    }
