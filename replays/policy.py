"""Who may see what in a replay, and when a replay may be shared.

As at a real table after scoring: once a game is over, every rack is turned
face up in its replay. Before that a player sees their own rack and a share
link shows none. The daily challenge is the exception: the same board can be
retried all day, so nothing hidden (other racks, what was drawn) is shown to
anyone, nor may the replay be shared, until that UTC day is over.
"""

from __future__ import annotations

from datetime import date

from django.utils.translation import gettext as _

from games.models import Game
from leaderboards import daily
from leaderboards.periods import utc_today
from replays.timeline import is_over


def daily_day(game: Game) -> date | None:
    """The UTC day a daily-challenge attempt counts for; None for any other game."""
    if game.kind != daily.KIND:
        return None
    return daily.daily_day(game.config)


def daily_still_secret(game: Game, today: date | None = None) -> bool:
    """A daily attempt whose day is not over yet (its board can still be played)."""
    day = daily_day(game)
    return day is not None and (today or utc_today()) <= day


def reveals_all(game: Game) -> bool:
    """Every rack face up at every step: the game is over, and it is no live daily board."""
    return is_over(game) and not daily_still_secret(game)


def share_refusal(game: Game) -> str | None:
    """Why this game's replay may not be made public now; None when it may."""
    if not is_over(game):
        return _("A replay can be shared once the game is over.")
    if daily_still_secret(game):
        return _(
            "A daily challenge can be shared once its day is over (00:00 UTC), "
            "since everyone can still play that board today. Share your result text instead."
        )
    return None
