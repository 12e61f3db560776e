"""A third language is one .po file and one line in settings (issue 36 item 4).

The pseudo-language (tests/i18n/pseudo_locale.py) is built from the real catalogue, added the
way docs/translating.md says, and chosen by a request like any language. Then every sentence
a reader meets on the pages below has come through the catalogue: English left unwrapped is
a string nobody marked for translation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from games.engine import rumasta as rm
from games.engine import tile_rummy as tr
from games.models import Game
from tests import helpers
from tests.api.visible_text import READ_ATTRIBUTES
from tests.engine.helpers import build as tr_build
from tests.engine.rumasta.rm_helpers import build as rm_build
from tests.i18n.conftest import PSEUDO
from tests.i18n.pseudo_locale import (
    CLOSE,
    GROWTH,
    OPEN,
    SOURCE,
    is_wrapped,
    pseudo,
    read_messages,
)

pytestmark = pytest.mark.django_db

# What a message's translation must keep: placeholders, HTML tags, entities.
KEPT = re.compile(r"%\(\w+\)[sdif]|%[sdif%]|\{\w*\}|<[^>]+>|&\w+;")


def test_a_pseudo_message_keeps_every_placeholder_and_tag_and_is_40_percent_longer() -> None:
    messages = read_messages()
    assert len(messages) > 1000  # the whole catalogue, not a sample
    for m in messages:
        for english in filter(None, (m.msgid, m.msgid_plural)):
            text = pseudo(english)
            assert is_wrapped(text) and english.strip() in text, english
            assert KEPT.findall(text) == KEPT.findall(english), english
            assert len(text) - 2 >= len(english) * (1 + GROWTH), english


def test_the_pseudo_catalogue_holds_every_message_of_the_real_one(pseudo_locale_dir: Path) -> None:
    """msgfmt --check compiled it (placeholders and plural forms sound), and nothing is lost."""
    written = pseudo_locale_dir / PSEUDO / "LC_MESSAGES"
    assert (written / "django.mo").stat().st_size > 0

    def keys(po: Path) -> set[tuple[str | None, str, str | None]]:
        return {(m.msgctxt, m.msgid, m.msgid_plural) for m in read_messages(po)}

    assert keys(written / "django.po") == keys(SOURCE)


def test_one_po_file_and_one_settings_line_make_a_language(pseudo_on: str) -> None:
    """Nothing else is needed: Django and the site's middleware accept it, its catalogue is
    read, the switch offers it, a guest's cookie and the browser's Accept-Language choose it."""
    assert translation.check_for_language(pseudo_on)
    assert translation.get_supported_language_variant(pseudo_on) == pseudo_on
    with translation.override(pseudo_on):
        assert translation.gettext("Your turn.") == pseudo("Your turn.")
        assert translation.ngettext("%(count)s second", "%(count)s seconds", 5) == pseudo(
            "%(count)s seconds"
        )
    page = Client().get("/", HTTP_ACCEPT_LANGUAGE=f"{pseudo_on},en;q=0.5").content.decode()
    assert f'<html lang="{pseudo_on}" dir="ltr"' in page
    assert f'<option value="{pseudo_on}" lang="{pseudo_on}"' in page
    guest = Client()
    guest.post("/i18n/setlang/", {"language": pseudo_on, "next": "/"})
    assert guest.cookies[settings.LANGUAGE_COOKIE_NAME].value == pseudo_on
    assert OPEN in guest.get("/", HTTP_ACCEPT_LANGUAGE="ro").content.decode()


def test_a_right_to_left_language_makes_the_page_right_to_left(pseudo_rtl_on: str) -> None:
    page = Client().get("/", HTTP_ACCEPT_LANGUAGE=pseudo_rtl_on).content.decode()
    assert f'<html lang="{pseudo_rtl_on}" dir="rtl"' in page
    assert OPEN in page


# ---- Every sentence on a page came through the catalogue ---------------------------------

# Names are not translated (docs/translating.md: "Names stay names"): the games', the site's,
# the computers' and the languages' in the switch.
NAMES = re.compile(
    r"Romanian Tile Rummy|Tile Rummy|Rumasta|Rumbaroo|Rummy|Remi pe tablă|English|Română|Pseudo"
)
WORD = re.compile(r"[A-Za-z]{2,}")


def is_sentence(text: str) -> bool:
    """Two words or more once names are set aside: a phrase a reader reads as words."""
    return len(WORD.findall(NAMES.sub(" ", text))) >= 2


class _Unwrapped(HTMLParser):
    """The sentences of a page that lie outside every pseudo message, in reading order.

    A message may hold tags (``Read the <a href=...>privacy notice</a>.``), so its markers
    can sit in different text nodes: the parser keeps how many messages are open as it reads
    and takes only the text outside all of them. An attribute a reader hears or sees
    (aria-label, title, alt, placeholder, a button's value) is a message of its own.
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.skip = 0
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self.skip += 1
        values = [v for k, v in attrs if k in READ_ATTRIBUTES and v]
        found = dict(attrs)
        if tag == "input" and found.get("type") in ("submit", "button") and found.get("value"):
            values.append(found["value"] or "")
        self.found += [v for v in values if is_sentence(v) and not is_wrapped(v)]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        outside = []
        for char in data:
            if char == OPEN:
                self.depth += 1
            elif char == CLOSE:
                self.depth = max(0, self.depth - 1)
            elif self.depth == 0:
                outside.append(char)
        text = " ".join("".join(outside).split())
        if is_sentence(text):
            self.found.append(text)


def unwrapped(html: str) -> list[str]:
    reader = _Unwrapped()
    reader.feed(html)
    return reader.found


def test_the_reader_finds_english_outside_the_markers_only() -> None:
    html = (
        f'<p>{OPEN}Read the <a href="/p/">privacy notice</a> now éé{CLOSE}</p>'
        f'<button aria-label="Close the panel">x</button><p>{OPEN}Hi ȧ{CLOSE} and more words</p>'
        "<script>var not = 'read at all';</script><p>Tile Rummy</p>"
    )
    assert unwrapped(html) == ["Close the panel", "and more words"]


def tile_rummy_table(client: Client, capture: Callable[..., Any]) -> str:
    """A Tile Rummy table mid-game, the reader's turn, sets on the table."""
    with capture(execute=True):
        response = client.post(
            "/tile-rummy/new/", {"level": "easy", "opponents": 1, "meld_rule": "standard"}
        )
    game = Game.objects.get(id=response.url.rstrip("/").split("/")[-1])
    state = tr_build(
        racks=["R10 R11 R12 J B3", "K1 K2 K6"],
        table=["Y1 Y2 Y3", "R5 B5 K5"],
        opened=[True, True],
        pool_top="Y9",
    )
    helpers.put_state(game, state, tr)
    return f"/tile-rummy/g/{game.id}/"


def rumasta_table(client: Client, capture: Callable[..., Any]) -> str:
    """A Rumasta table mid-game, the reader's turn, melds laid on both sides."""
    with capture(execute=True):
        response = client.post(
            "/rumasta/new/", {"players": 2, "teams": "none", "level": "easy", "target": 500}
        )
    game = Game.objects.get(id=response.url.rstrip("/").split("/")[-1])
    state = rm_build(["KD KC 5S 9H AS 7D", "4S 6S 7C 8D 10C"], melds=[["8H 8S 8D"], ["5H 5D 5C"]])
    state.move_no = game.version
    helpers.put_state(game, state, rm)
    return f"/rumasta/g/{game.id}/"


PLAIN = {
    "home": "/",
    "how to play Tile Rummy": "/tile-rummy/how-to-play/",
    "how to play Rumasta": "/rumasta/how-to-play/",
    "how to play Romanian Tile Rummy": "/romanian/how-to-play/",
    "Tile Rummy setup": "/tile-rummy/new/",
    "Rumasta setup": "/rumasta/new/",
}
TABLES = {"Tile Rummy table": tile_rummy_table, "Rumasta table": rumasta_table}
PAGES = [*PLAIN, *TABLES]  # the pages this test walks
@pytest.mark.parametrize("name", PAGES)
def test_every_sentence_on_the_page_comes_through_the_catalogue(
    name: str, pseudo_on: str, client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = pseudo_on
    url = PLAIN.get(name) or TABLES[name](client, django_capture_on_commit_callbacks)
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{pseudo_on}"' in html and html.count(OPEN) >= 10
    assert unwrapped(html) == [], f"{name} ({url}): English no one marked for translation"
