"""A table's pace: live (the engine's clock in seconds) or correspondence (days per move).

Stored in the game's config as ``pace`` ("live", "1d", "3d", "7d"; missing:
live), so a game carries its pace from the room that started it, the engines
ignore it, and every reader (the clock, notifications, My turn, the stats)
asks this one module. A move at a correspondence table is everything the seat
must answer before play passes on, so the clock is the same one live tables
use, with days instead of the engine's seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.utils.translation import gettext_lazy, ngettext, pgettext

LIVE = "live"
DAYS = {"1d": 1, "3d": 3, "7d": 7}
CHOICES = [
    (LIVE, gettext_lazy("Live — everyone at the table now, the usual clock")),
    ("1d", gettext_lazy("Correspondence — 1 day per move")),
    ("3d", gettext_lazy("Correspondence — 3 days per move")),
    ("7d", gettext_lazy("Correspondence — 7 days per move")),
]
MAX_CORRESPONDENCE_GAMES = 50  # per player, at once


def of(config: Any) -> str:
    """The pace a game's (or a room's options') config names; live when none or unknown."""
    raw = config.get("pace", LIVE) if isinstance(config, dict) else LIVE
    return raw if raw in DAYS else LIVE


def is_correspondence(config: Any) -> bool:
    return of(config) != LIVE


def move_seconds(config: Any) -> int | None:
    """Seconds a correspondence seat has for a move; None at live tables (the engine's clock)."""
    days = DAYS.get(of(config))
    return None if days is None else days * 86_400


def label(config: Any) -> str:
    """The pace as a person reads it: "Live", "3 days per move"."""
    days = DAYS.get(of(config))
    if days is None:
        return pgettext("table pace", "Live")
    return ngettext("%(days)s day per move", "%(days)s days per move", days) % {"days": days}


# --- vacations: a player's own correspondence clocks paused for some days ---------------
# The days are kept by the accounts' side (notifications.vacation registers the lookup at
# start-up), so the games need not import it: ``away_until`` answers "until when is each
# of these players away?" and the clock starts a move's days after the latest of them.
AwayLookup = Callable[[list[int]], dict[int, datetime]]
_away_lookup: AwayLookup | None = None


def register_away_lookup(lookup: AwayLookup) -> None:
    global _away_lookup
    _away_lookup = lookup


def away_until(user_ids: list[int]) -> dict[int, datetime]:
    """Each of these players on vacation now, with the end of it (empty: nobody away)."""
    if _away_lookup is None or not user_ids:
        return {}
    return _away_lookup(user_ids)
