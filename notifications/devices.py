"""A push device's name for the settings page ("Firefox on Android"), from its User-Agent.

Why a name at all: the settings page lists the devices that get notifications,
each with a Remove button, and "fcm.googleapis.com" says nothing to a player.
Only the browser's and the system's names are kept (never the whole header,
which is long and half a fingerprint). The order of the checks matters: Edge,
Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".

The name is stored in English (the devices' own names are names in any language);
``shown_name`` writes it in the reader's language when a page shows it.
"""

from __future__ import annotations

from django.utils.translation import gettext

BROWSERS = (
    ("Edg/", "Edge"),
    ("EdgA/", "Edge"),
    ("EdgiOS/", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iOS"),
    ("iPad", "iOS"),
    ("CrOS", "ChromeOS"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("Macintosh", "macOS"),
    ("Linux", "Linux"),
)
UNKNOWN = "A browser"
MAX_LENGTH = 60  # PushSubscription.browser


def browser_name(user_agent: str) -> str:
    """"Chrome on Android", "Safari" (system unknown), or "A browser"."""
    browser = _first(user_agent, BROWSERS)
    system = _first(user_agent, SYSTEMS)
    if browser is None:
        return UNKNOWN
    return (f"{browser} on {system}" if system else browser)[:MAX_LENGTH]


def _first(text: str, names: tuple[tuple[str, str], ...]) -> str | None:
    return next((name for token, name in names if token in text), None)


def shown_name(stored: str) -> str:
    """A stored name in the reader's language: "Chrome pe Android", "Un browser"."""
    if not stored or stored == UNKNOWN:
        return gettext("A browser")
    browser, on, system = stored.partition(" on ")
    known = {name for _, name in BROWSERS}
    if on and browser in known and system in {name for _, name in SYSTEMS}:
        return gettext("%(browser)s on %(system)s") % {"browser": browser, "system": system}
    return stored
