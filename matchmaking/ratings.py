"""A waiting player's rating and blocks, asked of players.lookup (and players.pace, which
names the rating a table's pace counts for).

Each pace has its own rating (live, correspondence): a queue pairs by the
rating of the pace it waits for.

Guests have no rating: they wait at ``GUEST_RATING`` = 1000, the number a
newcomer's rating shows (players.display), so a guest is paired like a new
account. An account never rated at this game waits at that number too.
"""

from __future__ import annotations

from typing import Any

from players.lookup import is_blocked, rating_of
from players.pace import LIVE, of_config

GUEST_RATING = 1000.0


def pace_of(config: Any) -> str:
    """The rating pace (live or correspondence) of a table or queue choice with this config."""
    return of_config(config)


def rating_for(user_id: int | None, kind: str, pace: str = LIVE) -> float:
    """The displayed rating the queue pairs by, at this game and pace."""
    if user_id is None:
        return GUEST_RATING
    found = rating_of(user_id, kind, pace)
    return GUEST_RATING if found is None else float(found[0])


def blocked(a_user_id: int, b_user_id: int) -> bool:
    """Either account blocked the other."""
    return is_blocked(a_user_id, b_user_id)
