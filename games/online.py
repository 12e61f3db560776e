"""What online tables need to know that is not a write: clock lengths, the house's level.

The clock's lengths are the engines' (``CLOCK_SECONDS``, ``CLOCK_MELD_BONUS``,
``clock_seconds(state)``); the site only enforces them, in games.services.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games import catalogue
from games.engine.registry import engine_for
from games.models import Game

DEFAULT_TURN_SECONDS = 30
# Anything further off than this is left to the beat sweep, not a countdown task (a
# countdown travels in 10 s hops, rummy_site.celery: longer would be a longer chain).
LONGEST_COUNTDOWN = 240.0
# A task wakes a little after the deadline, so the stored deadline has surely passed.
CLOCK_GRACE = 0.2
# A turn paused with its last second ticking gets at least this much back on resume.
RESUME_MINIMUM = 5.0


def turn_seconds(engine: Any, state: Any) -> int:
    """Seconds for whoever acts now (a quick answer may be shorter than a turn)."""
    by_state = getattr(engine, "clock_seconds", None)
    if by_state is not None:
        return int(by_state(state))
    return int(getattr(engine, "CLOCK_SECONDS", DEFAULT_TURN_SECONDS))


def meld_bonus(engine: Any) -> int:
    """Seconds added once a turn when the player starts melding (0: none)."""
    return int(getattr(engine, "CLOCK_MELD_BONUS", 0))


def house_level(game: Game) -> str:
    """The level the house plays a person's seat at: the table's level.

    That is the setup's level option when the game has one, else the level of
    the table's computers, else the game's middle level.
    """
    entry = catalogue.get(game.kind)
    if entry.level_key and isinstance(game.config, dict):
        chosen = game.config.get(entry.level_key)
        if chosen:
            return str(chosen)
    levels = [s.computer_level for s in game.seats.all() if s.computer_level]
    if levels:
        return levels[0]
    return entry.levels[len(entry.levels) // 2].key


def placeholder_name(index: int) -> str:
    """The name shown for a seat whose player's name was taken off the table."""
    return _("Player %(number)s") % {"number": index + 1}


def clock_lengths(kind: str) -> dict[str, int]:
    """The clock's lengths for a game, for its How to play page and the table."""
    engine = engine_for(kind)
    return {
        "turn": int(getattr(engine, "CLOCK_SECONDS", DEFAULT_TURN_SECONDS)),
        "meld": meld_bonus(engine),
        "answer": int(getattr(engine, "CLOCK_ANSWER_SECONDS", 0)),
    }
