"""``{% player_tournaments owner %}``: a player page's tournaments played and podiums.

The player pages belong to an app below this one (players), so their template loads this
tag rather than the players app importing tournaments.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from games import catalogue
from tournaments import scoring
from tournaments.describe import shown_name
from tournaments.models import Access, Entry, Status

register = template.Library()

SHOWN = 20  # the newest events listed


@register.inclusion_tag("tournaments/_player.html")
def player_tournaments(owner: Any) -> dict[str, Any]:
    """Finished open events the player played a game in, newest first; podiums counted."""
    user_id = getattr(owner, "user_id", None)
    if user_id is None:
        return {"played": [], "podiums": 0}
    played = Entry.objects.filter(
        user_id=user_id,
        tournament__status=Status.FINISHED,
        tournament__access=Access.OPEN,
        games__gt=0,
    ).select_related("tournament")
    podiums = played.filter(final_rank__lte=3).count()
    rows = [
        {
            "name": shown_name(e.tournament),
            "game": catalogue.kind_name(e.tournament.kind),
            "url": reverse("tournaments:detail", args=[e.tournament_id]),
            "rank": e.final_rank,
            "podium": e.final_rank is not None and e.final_rank <= 3,
            "points": scoring.rounded(scoring.from_sixths(e.points_sixths)),
            "finished": e.tournament.finished_at,
        }
        for e in played.order_by("-tournament__finished_at", "-pk")[:SHOWN]
    ]
    return {"played": rows, "podiums": podiums, "count": played.count()}
