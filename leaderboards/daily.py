"""The daily challenge: one board per UTC day, the same for everyone.

The game, its setup and its computer come from the catalogue entry that
declares a ``daily`` (``games.catalogue.daily_game``).

The seed is an HMAC of the date under a server secret (``DAILY_SECRET``, else
``SECRET_KEY``): deterministic, so the beat task at 00:00 UTC and the first
request of a day that beat missed derive the very same seed, yet nobody
without the secret can compute tomorrow's board. The seed is stored in a
``DailyChallenge`` row and used only on the server (it deals the game); pages
never show it, nor the draw order it fixes.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import date
from typing import Any

from django.conf import settings

from games import catalogue
from leaderboards.models import DailyChallenge
from leaderboards.periods import utc_today

GAME = catalogue.daily_game()
KIND = GAME.kind
SPEC = GAME.daily
assert SPEC is not None  # daily_game() picks the entry that has one
CONFIG: dict[str, Any] = dict(SPEC.config)
COMPUTER_LEVEL = SPEC.computer_level
COMPUTER_NAME = SPEC.computer_name
CONFIG_KEY = "daily"  # config["daily"] = the ISO date the attempt counts for
SEED_BITS = 62  # like services.create_game's random seeds: fits a signed BigIntegerField


def seed_for(day: date) -> int:
    """The board of ``day``: a keyed hash of the date, so it can't be guessed ahead."""
    secret = (getattr(settings, "DAILY_SECRET", "") or settings.SECRET_KEY).encode()
    message = f"{KIND}-daily:{day.isoformat()}".encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def challenge_for(day: date | None = None) -> DailyChallenge:
    """The day's challenge row, made now if neither beat nor anyone has made it yet.

    ``get_or_create`` on the unique date: two first requests racing (or beat
    racing a request) end with one row, and since both derived the same seed
    it does not matter who wins.
    """
    day = day or utc_today()
    challenge, _ = DailyChallenge.objects.get_or_create(date=day, defaults={"seed": seed_for(day)})
    return challenge


def config_for(day: date) -> dict[str, Any]:
    """The setup of an attempt at ``day``'s challenge; the date says which day it counts for."""
    return {**CONFIG, CONFIG_KEY: day.isoformat()}


def daily_day(config: dict[str, Any]) -> date | None:
    """The day a game counts for if it is a daily attempt, else None."""
    value = config.get(CONFIG_KEY) if isinstance(config, dict) else None
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None
