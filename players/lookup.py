"""Small read-only questions other apps ask about players (matchmaking, rooms, lobby).

The apps below this one (boards, rooms) ask about blocks through ``leaderboards.blocks``,
which ``players.apps`` fills with ``blocked_ids`` at start.

Kept apart from the views and the rating update so importing it is cheap and
has no side effects. The displayed rating is players.display.shown: openskill's
ordinal (mu - 3 sigma) scaled so a newcomer shows 1000.
"""

from __future__ import annotations

from django.db.models import Q
from django.http import HttpRequest

from leaderboards.blocks import names_kept_from
from leaderboards.privacy import names_hidden
from players.display import provisional, shown
from players.models import Block, Rating
from players.pace import LIVE


def is_blocked(a_user_id: int, b_user_id: int) -> bool:
    """True if either account blocked the other (one indexed query)."""
    return Block.objects.filter(
        Q(blocker_id=a_user_id, blocked_id=b_user_id)
        | Q(blocker_id=b_user_id, blocked_id=a_user_id)
    ).exists()


def rating_of(user_id: int, kind: str, pace: str = LIVE) -> tuple[float, bool] | None:
    """(displayed rating, provisional?) at this game kind and pace; None if never rated at it."""
    rows = Rating.objects.filter(user_id=user_id, kind=kind, pace=pace)
    row = rows.values_list("mu", "sigma", "games")
    found = row.first()
    if found is None:
        return None
    mu, sigma, games = found
    return shown(mu, sigma), provisional(games)


def ratings_of(user_ids: list[int], kind: str, pace: str = LIVE) -> dict[int, float]:
    """Displayed ratings of these accounts at this kind and pace (one query); unrated: absent."""
    rows = Rating.objects.filter(user_id__in=list(user_ids), kind=kind, pace=pace).values_list(
        "user_id", "mu", "sigma"
    )
    return {user_id: shown(mu, sigma) for user_id, mu, sigma in rows}


def blocked_ids(user_id: int) -> set[int]:
    """Every account this one blocked or was blocked by (to hide or keep apart)."""
    pairs = Block.objects.filter(Q(blocker_id=user_id) | Q(blocked_id=user_id)).values_list(
        "blocker_id", "blocked_id"
    )
    return {b if a == user_id else a for a, b in pairs}


def name_screen(request: HttpRequest) -> tuple[bool, set[int]]:
    """What an online table hides from this viewer: everyone's names (the device's "Hide
    names" choice), and the people a block keeps apart (``games.online_table.NameScreen``)."""
    return names_hidden(request), names_kept_from(request)
