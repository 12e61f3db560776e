"""Keys that work, read from the table pages (issue 42, item 5; in the browser:
test_keys_browser.py).

Every key a table shows (a button's <kbd>, Rumasta's "A · Take pile 1", a status line's
"(C)") is on a button that static/js/table.js presses for it (``data-shortcut``), and
every table's skip link names an element of the page: the player's rack or hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client

from games.engine import romanian as ro
from games.engine import rumbaroo as rb
from games.engine import tile_rummy as tr
from games.models import Game
from tests import helpers
from tests.engine.helpers import build as tr_build
from tests.engine.romanian.ro_helpers import table as ro_table
from tests.engine.rumasta.rm_helpers import build as rm_build
from tests.engine.rumbaroo.rb_helpers import build as rb_build
from tests.web.conftest import dealt
from tests.web.romanian.conftest import DEFAULTS as RO_SETUP
from tests.web.rumasta.conftest import put_state as rm_put_state

pytestmark = pytest.mark.django_db


def _tile_rummy(game: Game) -> Game:
    state = tr_build(racks=["R10 R11 R12 B3 Y3 K3", "K1 K2 K5"], table=["Y4 Y5 Y6"], pool_top="Y9")
    return helpers.put_state(game, state, tr)


def _rumbaroo(game: Game) -> Game:
    state = rb_build(["J R4 R5 R6 B9 B2", "Y1 Y7 Y11"], pile="B5", pool_top="Y9 Y3 Y4")
    return helpers.put_state(game, state, rb)


def _romanian(game: Game) -> Game:
    racks = {0: "R8 R9 B6 B7 Y2 K5 K11", 1: "B1 Y3 R2 B9 Y12 K7 K2"}
    return helpers.put_state(game, ro_table(racks, wall="K13 Y6 B12 Y8"), ro)


def _rumasta(game: Game) -> Game:
    # Both piles can be shown for (two kings, two nines): A, B and C are all offered.
    hands = ["KD KC 9H 9D 8H 5S 4D 6C", "4S 6S 7C 10H QD"]
    stock = "5D 6D 7D 10C JH 4C 5C 6H"
    return rm_put_state(game, rm_build(hands, piles=("KH", "9S"), stock_top=stock))


@dataclass(frozen=True)
class Table:
    """One game's table: where it is dealt, with what, and the position its tests start from
    (seat 0, the person, to play)."""

    prefix: str
    setup: dict[str, Any]
    craft: Callable[[Game], Game]
    rack_id: str  # the element the skip link lands on


TR_SETUP = {"level": "easy", "opponents": 1, "meld_rule": "standard"}
RB_SETUP = {"difficulty": "joey", "players": 2, "target": 50}
RM_SETUP = {"players": 2, "teams": "none", "level": "easy", "target": 500}
TABLES = {
    "tile_rummy": Table("tile-rummy", TR_SETUP, _tile_rummy, "rack"),
    "rumbaroo": Table("rumbaroo", RB_SETUP, _rumbaroo, "rack"),
    "romanian_tile_rummy": Table("romanian", RO_SETUP, _romanian, "rack"),
    "rumasta": Table("rumasta", RM_SETUP, _rumasta, "hand"),
}


@dataclass
class Button:
    """A button as the page shows it: its words, the key it says, the key it carries."""

    attrs: dict[str, str]
    words: str = ""
    kbd: str = ""

    def shown_key(self) -> str:
        """The key the button shows: its <kbd>, or Rumasta's leading "A · "."""
        if self.kbd:
            return self.kbd.strip()
        letter = re.match(r"\s*([A-Z]) · ", self.words)
        return letter.group(1) if letter else ""


class TablePage(HTMLParser):
    """The parts of a table page these tests read: buttons, skip links, ids, the status."""

    def __init__(self) -> None:
        super().__init__()
        self.buttons: list[Button] = []
        self.skip_links: dict[str, str] = {}  # href -> words
        self.ids: dict[str, str] = {}  # id -> tag
        self.status = ""
        self._open: list[str] = []  # "button", "kbd", "status", "skip:<href>"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {k: v or "" for k, v in attrs}
        if "id" in attr:
            self.ids[attr["id"]] = tag
        if tag == "button":
            self.buttons.append(Button(attr))
            self._open.append("button")
        elif tag == "kbd":
            self._open.append("kbd")
        elif tag == "a" and "skip-link" in attr.get("class", "").split():
            self.skip_links[attr.get("href", "")] = ""
            self._open.append("skip:" + attr.get("href", ""))
        elif attr.get("data-testid") == "status":
            self._open.append("status")

    def handle_endtag(self, tag: str) -> None:
        closes = {"button": "button", "kbd": "kbd", "a": "skip:", "p": "status"}.get(tag)
        if closes and self._open and self._open[-1].startswith(closes):
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if "status" in self._open:
            self.status += data
        for part in self._open:
            if part.startswith("skip:"):
                self.skip_links[part.removeprefix("skip:")] += data
        if "button" in self._open and self.buttons:
            self.buttons[-1].words += data
            if self._open[-1] == "kbd":
                self.buttons[-1].kbd += data


def table_page(client: Client, capture: Any, kind: str) -> TablePage:
    """The table page of a fresh game of ``kind`` at its crafted position, parsed."""
    table = TABLES[kind]
    game = table.craft(dealt(client, capture, f"/{table.prefix}/new/", table.setup))
    response = client.get(f"/{table.prefix}/g/{game.id}/")
    assert response.status_code == 200
    page = TablePage()
    page.feed(response.content.decode())
    return page


@pytest.mark.parametrize("kind", list(TABLES))
def test_every_key_a_button_shows_is_the_key_it_answers(
    client: Client, django_capture_on_commit_callbacks: Any, kind: str
) -> None:
    page = table_page(client, django_capture_on_commit_callbacks, kind)
    shown = [(b.shown_key(), b) for b in page.buttons if b.shown_key()]
    assert shown, "no key shown on this table"
    for key, button in shown:
        assert button.attrs.get("data-shortcut") == key.lower(), (key, button)
        assert button.attrs.get("aria-keyshortcuts") == key, (key, button)


@pytest.mark.parametrize("kind", list(TABLES))
def test_every_key_the_status_line_names_is_on_a_button(
    client: Client, django_capture_on_commit_callbacks: Any, kind: str
) -> None:
    page = table_page(client, django_capture_on_commit_callbacks, kind)
    keys = {b.attrs.get("data-shortcut") for b in page.buttons}
    for key in re.findall(r"\(([A-Z])\)", page.status):
        assert key.lower() in keys, (key, page.status)


def test_rumastas_status_line_names_a_b_and_c_and_each_is_a_button(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    page = table_page(client, django_capture_on_commit_callbacks, "rumasta")
    assert re.findall(r"\(([A-Z])\)", page.status) == ["A", "B", "C"], page.status
    keys = [b.attrs.get("data-shortcut") for b in page.buttons if b.attrs.get("data-shortcut")]
    assert sorted(keys) == ["a", "a", "b", "c"]  # a pile each, both piles, draw


@pytest.mark.parametrize("kind", list(TABLES))
def test_every_table_skips_to_the_players_rack_or_hand(
    client: Client, django_capture_on_commit_callbacks: Any, kind: str
) -> None:
    page = table_page(client, django_capture_on_commit_callbacks, kind)
    target = "#" + TABLES[kind].rack_id
    assert target in page.skip_links, page.skip_links
    assert page.skip_links[target].strip() in ("Skip to your rack", "Skip to your hand")
    for href in page.skip_links:
        assert href.removeprefix("#") in page.ids, href  # every skip link lands somewhere
