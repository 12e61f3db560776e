"""A waiting player's rating and blocks, asked of players.lookup (the only players API used).

Guests have no rating: they wait at ``GUEST_RATING`` = 1000, the number a
newcomer's rating shows (players.display), so a guest is paired like a new
account. An account never rated at this game waits at that number too.
"""

from __future__ import annotations

from players.lookup import is_blocked, rating_of

GUEST_RATING = 1000.0


def rating_for(user_id: int | None, kind: str) -> float:
    """The displayed rating the queue pairs by."""
    if user_id is None:
        return GUEST_RATING
    found = rating_of(user_id, kind)
    return GUEST_RATING if found is None else float(found[0])


def blocked(a_user_id: int, b_user_id: int) -> bool:
    """Either account blocked the other."""
    return is_blocked(a_user_id, b_user_id)
