"""What the catalogue shows people is in their language (issue 36 item 2).

The catalogue is pure Python: it marks its words with ``gettext_noop`` and the site's
gettext, registered by the games app, translates them where they are shown. Names stay
names but for Romanian Tile Rummy, "Remi pe tablă" in Romanian; levels are Ușor, Mediu
and Expert (Rumbaroo's boxes are names).
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation

from games import catalogue
from games.describe import kind_name, level_label

pytestmark = pytest.mark.django_db


def text(client: Client, url: str, language: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return re.sub(r"\s+", " ", html.unescape(response.content.decode()))


def test_the_home_page_in_romanian_shows_romanian_blurbs_and_remi_pe_tabla(client) -> None:
    shown = text(client, "/", "ro")
    assert "Remi pe tablă" in shown and "Romanian Tile Rummy" not in shown
    for name in ("Tile Rummy", "Rumbaroo", "Rumasta"):  # names stay names
        assert f"<h2>{name}</h2>" in shown
    with translation.override("ro"):
        for entry in catalogue.ready():
            assert entry.shown_blurb != entry.blurb
            assert entry.shown_blurb in shown and entry.shown_players in shown
    assert "Tu contra a 1–3 jucători-calculator" in shown


def test_the_home_page_in_english_is_unchanged(client) -> None:
    shown = text(client, "/", "en")
    for entry in catalogue.ready():
        assert entry.name in shown and entry.blurb in shown and entry.players in shown


def test_levels_and_names_in_romanian() -> None:
    tile, rumbaroo, romanian = (
        catalogue.get(k) for k in ("tile_rummy", "rumbaroo", "romanian_tile_rummy")
    )
    with translation.override("ro"):
        assert [lv.shown_label for lv in tile.levels] == ["Ușor", "Mediu", "Expert"]
        assert [lv.shown_label for lv in rumbaroo.levels] == ["Joey", "Wallaby", "Big Red"]
        assert level_label("romanian_tile_rummy", "medium") == "Mediu"
        assert kind_name("romanian_tile_rummy") == romanian.shown_name == "Remi pe tablă"
        assert kind_name("tile_rummy") == "Tile Rummy"
        assert catalogue.daily_game().daily.shown_description.startswith("Rumbaroo, cutia Joey")
        assert "Tile Rummy" in tile.shown_board_note and "200" in tile.shown_board_note
    with translation.override("en"):
        assert level_label("romanian_tile_rummy", "medium") == "Medium"
        assert kind_name("romanian_tile_rummy") == "Romanian Tile Rummy"
    # The plain fields stay English whatever the language: they are identities.
    with translation.override("ro"):
        assert romanian.name == "Romanian Tile Rummy" and romanian.level_label("easy") == "Easy"


def test_the_setup_page_and_the_boards_in_romanian(client) -> None:
    setup = text(client, "/romanian/new/", "ro")
    assert "Remi pe tablă</h1>" in setup
    assert "Romanian Tile Rummy" not in setup
    boards = text(client, "/leaderboards/?game=tile_rummy", "ro")
    assert "Mediu" in boards and "În aceste clasamente contează doar partidele" in boards


def test_the_pure_catalogue_shows_english_without_a_translator() -> None:
    """Engines, bots and scripts read the catalogue without Django's gettext."""
    saved = catalogue._translate
    catalogue.register_translator(catalogue.gettext_noop)
    try:
        with translation.override("ro"):
            assert catalogue.kind_name("romanian_tile_rummy") == "Romanian Tile Rummy"
    finally:
        catalogue.register_translator(saved)
