"""How a rating is shown: one number on a familiar scale, and "?" while provisional.

The number is openskill's *ordinal*, mu - 3 sigma (a cautious estimate: the
player is very likely at least this strong), scaled so a newcomer shows
1000 and the spread looks like the Elo-style numbers players know
(one openskill point = 40 shown points). Until ``PROVISIONAL_GAMES`` rated
games, sigma is still wide and the number is shown with a "?".
"""

from __future__ import annotations

PROVISIONAL_GAMES = 10
BASE = 1000.0
SCALE = 40.0
Z = 3.0


def shown(mu: float, sigma: float) -> float:
    """The displayed rating for mu and sigma: ``BASE + SCALE * (mu - 3 sigma)``."""
    return BASE + SCALE * (mu - Z * sigma)


def provisional(games: int) -> bool:
    """Fewer than ``PROVISIONAL_GAMES`` rated games: the number is still a guess."""
    return games < PROVISIONAL_GAMES


def label(value: float, is_provisional: bool) -> str:
    """The text shown beside a name: ``1234`` or ``1234?``."""
    return f"{round(value)}{'?' if is_provisional else ''}"
