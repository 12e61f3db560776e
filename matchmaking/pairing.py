"""Who may be paired with whom: close ratings (a window that widens while waiting), no blocks.

Pure on purpose (no database): ``queue.pair`` reads the waiting rows under
their locks and asks ``groups`` which of them to seat together, so the rule
can be tested on its own.

- The window starts at ``START_WINDOW`` rating points either side and widens
  by ``WIDEN_PER_SECOND`` for every second waited. Two players fit when their
  ratings differ by no more than the window of whichever has waited longer, so
  a newcomer is seated at once with someone who has waited long enough to
  accept them.
- A table seats the oldest waiting player first, then, in the order they
  joined, everyone who fits with every player already chosen; blocked pairs
  (either way) are never put together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

START_WINDOW = 150.0
WIDEN_PER_SECOND = 10.0


@dataclass(frozen=True)
class Candidate:
    """A waiting player as the pairing sees them."""

    key: int  # the queue row's id
    user_id: int | None  # None: a guest (nobody can block a guest, nor a guest block)
    rating: float
    joined: datetime


Blocked = Callable[[int, int], bool]


def window(waited_seconds: float) -> float:
    """How far apart two ratings may be after waiting this long."""
    return START_WINDOW + WIDEN_PER_SECOND * max(0.0, waited_seconds)


def fits(a: Candidate, b: Candidate, now: datetime, blocked: Blocked) -> bool:
    """Close enough in rating for the longer waiter, and neither blocked the other."""
    waited = (now - min(a.joined, b.joined)).total_seconds()
    if abs(a.rating - b.rating) > window(waited):
        return False
    if a.user_id is None or b.user_id is None:
        return True
    return a.user_id != b.user_id and not blocked(a.user_id, b.user_id)


def groups(
    waiting: Sequence[Candidate], seats: int, now: datetime, blocked: Blocked
) -> list[list[Candidate]]:
    """Tables of ``seats`` players from ``waiting``; each player in at most one."""
    free = sorted(waiting, key=lambda c: (c.joined, c.key))
    tables: list[list[Candidate]] = []
    while len(free) >= seats:
        group = [free[0]]  # the longest waiter anchors the table
        for other in free[1:]:
            if len(group) == seats:
                break
            if all(fits(member, other, now, blocked) for member in group):
                group.append(other)
        if len(group) == seats:
            tables.append(group)
            chosen = {c.key for c in group}
            free = [c for c in free if c.key not in chosen]
        else:
            free = free[1:]  # nobody fits the oldest yet; they wait on, the others may pair
    return tables
