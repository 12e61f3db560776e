"""At most 60 follows and 20 challenges an hour per account (the shared cache counts)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from core.rate_limits import count_use

HOUR = 60 * 60
FOLLOWS_PER_HOUR = 60
CHALLENGES_PER_HOUR = 20
MESSAGES = {
    "follow": _("You have followed 60 players in the last hour. Please wait a while."),
    "challenge": _("You have sent 20 challenges in the last hour. Please wait a while."),
}
LIMITS = {"follow": FOLLOWS_PER_HOUR, "challenge": CHALLENGES_PER_HOUR}


def allowed(user_id: int, bucket: str) -> bool:
    """Count one ``bucket`` action by this account; False once past the hour's limit."""
    return count_use(f"players-limit:{bucket}:user:{user_id}", LIMITS[bucket], HOUR)
