"""Blocks between accounts, as the apps below the players app ask about them.

The players app keeps the blocks, and it sits above the boards and the rooms (its
pages read both), so they may not import it. They ask here instead, and
``players.apps.PlayersConfig.ready`` registers its ``players.lookup.blocked_ids`` at
start: the dependency runs one way, with no import inside a function to hide a circle.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest

from games.task_queue import Registered

BlockedIds = Callable[[int], set[int]]
_blocked = Registered[BlockedIds]("blocks (players.apps.PlayersConfig.ready registers them)")
register = _blocked.register


def blocked_ids(user_id: int) -> set[int]:
    """Every account this one blocked or was blocked by (to hide or keep apart)."""
    return _blocked.get()(user_id)


def names_kept_from(request: HttpRequest) -> set[int]:
    """Accounts whose names this request's viewer must not see: blocked either way.

    Pages pass ``hidden or user_id in names_kept_from(request)`` to their usual
    "Hide names" switch, so a blocked player shows as the same neutral placeholder.
    No query for a guest; one per request for an account (kept on the request, so a
    page that shows names in several places asks once).
    """
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return set()
    found: set[int] | None = getattr(request, "_players_kept_apart", None)
    if found is None:
        found = blocked_ids(int(user.pk))
        request._players_kept_apart = found  # type: ignore[attr-defined]
    return found
