"""How the tables look, sound and move for this person: the settings page's choices.

Tile size, theme, sound, motion, the computers' speed, a confirm step before drawing and a
left-handed rack (docs/settings.md). A signed-in person's choices are kept with the account
(``Preferences``' fields), so they follow it to every device; a guest's live in a cookie on
this device. ``FeelMiddleware`` puts them on the request as ``request.feel`` (read when first
needed, an account's through the cache, as preferences/language.py reads its language), and
the context processor hands them to templates/base.html, which writes them on ``<html>`` as
classes and data attributes: the page is drawn with them from its first paint, so nothing
shifts when a script would have applied them.

The tables' speed (games.table_flow) reads ``request.feel.computer_speed`` as its default
without importing this module: the platform sits below the apps.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject

from games.table_flow import SPEEDS
from preferences.models import Preferences

TILE_SIZES = ("small", "medium", "large")
THEMES = ("system", "light", "dark")
MOTIONS = ("full", "reduced", "none")
# "" is each game's own default (games.table_flow: Normal, or Fast where a game says so).
COMPUTER_SPEEDS = ("", *SPEEDS)

COOKIE = "rummy_feel"  # a guest's choices on this device
COOKIE_SECONDS = 365 * 24 * 3600
CACHE_SECONDS = 300  # as the language's: a locmem cache is per process


@dataclass(frozen=True)
class Feel:
    """One person's choices; the defaults are a new player's (sound off until turned on)."""

    tile_size: str = "medium"
    theme: str = "system"
    sound: bool = False
    motion: str = "full"
    computer_speed: str = ""
    confirm_draw: bool = False
    left_handed: bool = False

    @property
    def html_class(self) -> str:
        """The classes on ``<html>``: what the style sheets read (site.css, feel.css)."""
        names = [f"theme-{self.theme}", f"tiles-{self.tile_size}", f"motion-{self.motion}"]
        if self.left_handed:
            names.append("left-handed")
        return " ".join(names)

    @property
    def sound_attr(self) -> str:
        """``data-sound`` on ``<html>``: what static/js/sound.js reads (and flips)."""
        return "on" if self.sound else "off"

    @property
    def confirm_draw_attr(self) -> str:
        """``data-confirm-draw`` on ``<html>``: static/js/feel.js asks before a draw when on."""
        return "on" if self.confirm_draw else "off"


DEFAULT = Feel()
CHOICES: dict[str, tuple[str, ...]] = {
    "tile_size": TILE_SIZES,
    "theme": THEMES,
    "motion": MOTIONS,
    "computer_speed": COMPUTER_SPEEDS,
}
FIELDS = [f.name for f in fields(Feel)]


def clean(values: dict[str, Any]) -> Feel:
    """A Feel from stored values, each one the site does not know replaced by its default
    (a cookie someone edited, a row from before a choice was removed)."""
    chosen: dict[str, Any] = {}
    for name in FIELDS:
        value, default = values.get(name), getattr(DEFAULT, name)
        if isinstance(default, bool):
            chosen[name] = value if isinstance(value, bool) else default
        else:
            chosen[name] = value if value in CHOICES[name] else default
    return Feel(**chosen)


# --- the compact form the cookie and the cache keep ---------------------------------------
# "medium.system.0.full.game.0.0": the fields in order, booleans as 0/1, "game" for "".


def encode(feel: Feel) -> str:
    parts = []
    for name in FIELDS:
        value = getattr(feel, name)
        parts.append(("1" if value else "0") if isinstance(value, bool) else (value or "game"))
    return ".".join(parts)


def decode(raw: str | None) -> Feel:
    """The Feel ``encode`` wrote; anything else (missing, edited, an older form) is the
    defaults, field by field where the shape still fits."""
    parts = (raw or "").split(".")
    if len(parts) != len(FIELDS):
        return DEFAULT
    values: dict[str, Any] = {}
    for name, part in zip(FIELDS, parts, strict=True):
        if isinstance(getattr(DEFAULT, name), bool):
            values[name] = {"1": True, "0": False}.get(part)
        else:
            values[name] = "" if part == "game" else part
    return clean(values)


# --- an account's, through the cache ---------------------------------------------------------


def _key(user: Any) -> str:
    """By id and sign-up time: an id used again (a new test database) never reads another's."""
    joined = getattr(user, "date_joined", None)
    return f"preferences:feel:{user.pk}:{joined.timestamp() if joined else ''}"


def saved_feel(user: Any) -> Feel:
    """An account's choices (the defaults until it saves some)."""
    cached = cache.get(_key(user))
    if cached is None:
        row = Preferences.objects.filter(user_id=user.pk).values(*FIELDS).first()
        cached = encode(clean(row) if row else DEFAULT)
        cache.set(_key(user), cached, CACHE_SECONDS)
    return decode(cached)


def feel_of(request: HttpRequest) -> Feel:
    """The choices a page is drawn with: the account's, else this device's cookie."""
    user = getattr(request, "user", None)
    if getattr(user, "is_authenticated", False):
        return saved_feel(user)
    return decode(request.COOKIES.get(COOKIE))


def save_feel(request: HttpRequest, response: HttpResponse, feel: Feel) -> None:
    """Keep ``feel``: with the account (and in the cache every device reads), or for a
    guest in this device's cookie, which ``response`` sets."""
    user = getattr(request, "user", None)
    if getattr(user, "is_authenticated", False):
        save_for_account(user, feel)
    else:
        set_cookie(response, feel)
    request.feel = feel  # type: ignore[attr-defined]  # this request's page shows it too


def save_for_account(user: Any, feel: Feel) -> None:
    Preferences.objects.update_or_create(user_id=user.pk, defaults=asdict(feel))
    cache.set(_key(user), encode(feel), CACHE_SECONDS)


def set_cookie(response: HttpResponse, feel: Feel) -> None:
    response.set_cookie(
        COOKIE,
        encode(feel),
        max_age=COOKIE_SECONDS,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,  # the scripts read <html>'s attributes, never the cookie
    )


def with_sound(feel: Feel, on: bool) -> Feel:
    return replace(feel, sound=on)


def is_default(feel: Feel) -> bool:
    return feel == DEFAULT


# --- on every request ------------------------------------------------------------------------


class FeelMiddleware:
    """``request.feel``: this person's choices, read the first time something asks (a page's
    ``<html>``, a table's speed), never for a request that does not."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.feel = SimpleLazyObject(lambda: feel_of(request))  # type: ignore[attr-defined]
        return self.get_response(request)


def context(request: HttpRequest) -> dict[str, Any]:
    """``{{ feel }}`` for templates/base.html's ``<html>`` and the tables' mute button."""
    feel = getattr(request, "feel", None)  # lazy: a page that never reads it pays nothing
    return {"feel": feel if feel is not None else SimpleLazyObject(lambda: feel_of(request))}
