"""Reading a page twice, for an English and for a Romanian reader, and listing what is
still English (tests/i18n/english_left.py's rule) or allauth's own Romanian: the to-do
list the Romanian pages' tests fail with.
"""

from __future__ import annotations

import gettext as gnu_gettext
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import allauth
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Seat
from leaderboards.models import Player
from presets.models import Preset
from rooms.models import Room, RoomSeat
from tests.i18n.english_left import Judge, TheirRomanian, pieces
from tests.i18n.romanian_world import EN, ENTRIES, RO
from tournaments.models import Tournament

# What programs read even when a person's browser asks: JSON and scripts. The manifest and
# the service worker follow the reader too, read by tests/notifications/test_romanian.py.
NOT_HTML = (
    "application/json",
    "application/manifest+json",
    "text/javascript",
    "application/javascript",
)


def judge_for_world() -> Judge:
    """Everyone's names as the pages show them: seats, accounts, board names, rooms."""
    names: set[str] = set()
    names |= set(Seat.objects.values_list("display_name", flat=True))
    names |= set(get_user_model().objects.values_list("username", flat=True))
    names |= set(Player.objects.exclude(name="").values_list("name", flat=True))
    names |= set(Room.objects.values_list("name", flat=True))
    names |= set(RoomSeat.objects.exclude(table_name="").values_list("table_name", flat=True))
    names |= set(Preset.objects.values_list("name", flat=True))
    names |= set(Tournament.objects.exclude(name="").values_list("name", flat=True))
    for entry in ENTRIES:
        names |= set(entry.computer_names)
    return Judge(names)


@dataclass
class Reading:
    where: str  # who, the pattern's route and the object: the to-do list's line
    path: str  # where the page ended up (after redirects)
    status: int
    english: list[str]
    romanian: list[str]
    html_lang: str


def _html_lang(html: str) -> str:
    found = re.search(r"<html[^>]*\blang=\"([^\"]+)\"", html)
    return found.group(1) if found else ""


def read_twice(
    client: Client, url: str, where: str, method: str = "get", data: Any = None, **extra: Any
) -> Reading | None:
    """The page for an English and for a Romanian reader; None if it is not a page."""
    send = getattr(client, method)
    english = send(url, data or {}, follow=True, **EN, **extra)
    if english.status_code == 405 or not _is_html(english):
        return None
    romanian = send(url, data or {}, follow=True, **RO, **extra)
    final = romanian.redirect_chain[-1][0] if romanian.redirect_chain else url
    html = romanian.content.decode()
    return Reading(
        where=where,
        path=final,
        status=romanian.status_code,
        english=pieces(english.content.decode()),
        romanian=pieces(html),
        html_lang=_html_lang(html),
    )


def _is_html(response: Any) -> bool:
    kind = response.headers.get("Content-Type", "")
    return kind.startswith("text/html") and not kind.startswith(NOT_HTML)


def to_do(judge: Judge, readings: list[Reading]) -> list[str]:
    """Each page that still shows English, with its sentences; and any server error."""
    lines: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for reading in readings:
        if reading.status >= 500:
            lines.append(f"{reading.where} -> {reading.path}: server error {reading.status}")
            continue
        left = judge.english_left(reading.english, reading.romanian)
        if reading.html_lang not in ("ro", "") and reading.romanian:
            left.insert(0, f'<html lang="{reading.html_lang}">')
        key = (reading.path, *left)
        if left and key not in seen:
            seen.add(key)
            sentences = "\n      ".join(f"{s!r}" for s in left)
            lines.append(
                f"{reading.where} -> {reading.path} [{reading.status}]:\n      {sentences}"
            )
    return lines


# --- allauth's own Romanian ---------------------------------------------------------------

ALLAUTH_MO = Path(allauth.__file__).parent / "locale" / "ro" / "LC_MESSAGES" / "django.mo"
OUR_MO = Path(__file__).resolve().parents[2] / "locale" / "ro" / "LC_MESSAGES" / "django.mo"


def _catalogue(path: Path) -> dict[Any, str]:
    with path.open("rb") as mo:
        return dict(gnu_gettext.GNUTranslations(mo)._catalog)  # type: ignore[attr-defined]


def their_romanian() -> TheirRomanian:
    """allauth's Romanian (no diacritics) for what our own catalogue does not translate."""
    return TheirRomanian(_catalogue(ALLAUTH_MO), _catalogue(OUR_MO))


def allauth_words_left(readings: list[Reading]) -> list[str]:
    """Every allauth message our pages show a Romanian reader must be in our own catalogue
    (accounts/allauth_messages.py, locale/ro/LC_MESSAGES/django.po), which wins over allauth's."""
    theirs = their_romanian()
    lines = []
    seen: set[str] = set()
    for reading in readings:
        found = theirs.found(reading.romanian)
        if found and reading.path not in seen:
            seen.add(reading.path)
            words = "\n      ".join(repr(msgid) for msgid in found)
            lines.append(
                f"{reading.where} -> {reading.path}: allauth's Romanian for:\n      {words}"
            )
    return lines
