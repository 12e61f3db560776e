"""What a device shows of other players' names.

"Hide name on this device" is a per-device choice (a signed cookie, so it
works for guests and survives signing in and out): other players' typed
names are replaced by their "Player #N" placeholder everywhere this device
shows a board. The player's own name is always shown to themselves.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

from leaderboards.models import Player

COOKIE_NAME = "rummy_hide_names"
SALT = "rummy.hide-names"
MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60


def names_hidden(request: HttpRequest) -> bool:
    """True when this device chose to hide other players' names (a tampered cookie: no)."""
    return request.get_signed_cookie(COOKIE_NAME, default="", salt=SALT) == "1"


def remember(response: HttpResponseBase, hide: bool) -> None:
    """Store the device's choice."""
    if hide:
        response.set_signed_cookie(
            COOKIE_NAME,
            "1",
            salt=SALT,
            max_age=MAX_AGE_SECONDS,
            httponly=True,
            samesite="Lax",
            secure=settings.SECURE_COOKIES,
        )
    else:
        response.delete_cookie(COOKIE_NAME, samesite="Lax")


def shown_name(player: Player, viewer: Player | None, hidden: bool) -> str:
    """The name this device shows for ``player``: typed name, or the placeholder."""
    if viewer is not None and player.pk == viewer.pk:
        return player.name or player.placeholder
    if hidden or not player.name or player.name_suspended:
        return player.placeholder
    return player.name


def is_typed(player: Player, viewer: Player | None, hidden: bool) -> bool:
    """Whether the shown name is one a player typed (so it can be reported)."""
    mine = viewer is not None and player.pk == viewer.pk
    return not mine and not hidden and bool(player.name) and not player.name_suspended
