"""Which rating a game counts for: its pace, live or correspondence.

Players of both paces expect them kept apart (a move a day is another game
than a move a minute), so each account has one rating per game kind *and*
pace. The three correspondence speeds (1, 3, 7 days a move) share one
rating: what a player's strength at a slow game is does not change with how
many days the clock gives. The table's own pace is read from ``games.pace``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from games import pace as game_pace

LIVE = "live"
CORRESPONDENCE = "correspondence"
CHOICES = [(LIVE, _("Live")), (CORRESPONDENCE, _("Correspondence"))]
NAMES = dict(CHOICES)


def of_config(config: Any) -> str:
    """The rating pace of a game (or room options) with this config."""
    return CORRESPONDENCE if game_pace.is_correspondence(config) else LIVE


def clean(raw: str | None) -> str:
    """A pace named in a request, or live for anything else."""
    return raw if raw in NAMES else LIVE
