"""The rating board of one game: established players active in the last 30 days.

One board per game and pace (live by default, or correspondence: players.pace).
"Established" = not provisional (players.display.PROVISIONAL_GAMES rated
games); "active" = a rated game of that kind in the last ``ACTIVE_DAYS``.
Ordered by the displayed rating, best first; ties share a rank. A suspended
board name is left out; names follow "Hide names on this device", and a
player you blocked (or who blocked you) is shown as their number only.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db.models import F
from django.utils import timezone

from games import catalogue
from leaderboards import privacy
from leaderboards.models import Player
from players.display import PROVISIONAL_GAMES, Z, label, shown
from players.lookup import blocked_ids
from players.models import Rating
from players.pace import CHOICES as PACES
from players.pace import LIVE

ACTIVE_DAYS = 30
SIZE = 100


def kinds(current: str) -> list[dict[str, object]]:
    return [
        {"kind": e.kind, "name": e.shown_name, "current": e.kind == current}
        for e in catalogue.ready()
    ]


def paces(current: str) -> list[dict[str, object]]:
    return [{"pace": p, "name": n, "current": p == current} for p, n in PACES]


def kind_of(raw: str) -> str:
    known = [e.kind for e in catalogue.ready()]
    return raw if raw in known else known[0]


@dataclass
class BoardRow:
    rank: int
    name: str
    rating: str
    games: int
    page_name: str  # the /@/<name>/ to link to, "" for none
    is_me: bool


def rows(
    kind: str, me: int | None, viewer: Player | None, hidden: bool, pace: str = LIVE
) -> list[BoardRow]:
    since = timezone.now() - timedelta(days=ACTIVE_DAYS)
    ratings = list(
        Rating.objects.filter(
            kind=kind, pace=pace, games__gte=PROVISIONAL_GAMES, last_played__gte=since
        )
        .annotate(ordinal=F("mu") - Z * F("sigma"))
        .order_by("-ordinal", "id")[:SIZE]
    )
    players = {
        p.user_id: p
        for p in Player.objects.filter(user_id__in=[r.user_id for r in ratings])
        if not p.name_suspended
    }
    apart = blocked_ids(me) if me is not None else set()
    out: list[BoardRow] = []
    for row in ratings:
        player = players.get(row.user_id)
        if player is None:
            continue
        value = shown(row.mu, row.sigma)
        rating = label(value, False)
        rank = out[-1].rank if out and out[-1].rating == rating else len(out) + 1
        secret = hidden or row.user_id in apart
        name = privacy.shown_name(player, viewer, secret)
        link = player.name if player.name and not secret else ""
        out.append(BoardRow(rank, name, rating, row.games, link, row.user_id == me))
    return out
