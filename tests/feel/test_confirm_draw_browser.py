"""Ask before drawing, at every game that has a draw, in Debian's Chromium (issue 42, item 4).

With the setting on, a Draw button (pressed, or its key through table.js) opens the table's
dialog first: "Not now" leaves the game as it was with the focus back on the button, "Yes"
draws. With it off (the default) a Draw button draws at once.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Game
from preferences.feel import COOKIE, Feel, encode
from tests.feel.test_look_browser import deal
from tests.web.test_keys import TABLES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each game's draw: the button's words and its key.
DRAWS = {
    "tile_rummy": ("Draw a tile", "d"),
    "rumbaroo": ("Draw a tile", "d"),
    "romanian_tile_rummy": ("Draw from the wall", "d"),
    "rumasta": ("C · Draw 4", "c"),
}


def version(game: Game) -> int:
    game.refresh_from_db()
    return game.version


@pytest.mark.parametrize("kind", sorted(DRAWS))
def test_every_draw_asks_first_when_the_setting_is_on(
    live_server: Any, page: Any, kind: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    cookie = encode(Feel(confirm_draw=True))
    page.context.add_cookies([{"name": COOKIE, "value": cookie, "url": live_server.url}])
    game = TABLES[kind].craft(deal(page, live_server.url, kind))
    page.reload()
    words, key = DRAWS[kind]
    button = page.get_by_role("button", name=words)
    dialog = page.get_by_test_id("draw-confirm")
    start = version(game)

    button.click()
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(words.split("·")[-1].strip())
    page.get_by_role("button", name="Not now").click()
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    page.wait_for_timeout(300)
    assert version(game) == start  # nothing was drawn

    page.keyboard.press(key)  # the key presses the same button: asked too
    expect(dialog).to_be_visible()
    page.get_by_role("button", name="Yes").click()
    expect(dialog).to_be_hidden()
    moved_on = "(v) => +document.getElementById('board').dataset.version > v"
    page.wait_for_function(moved_on, arg=start)
    assert version(game) > start


def test_a_draw_is_not_asked_about_when_the_setting_is_off(live_server: Any, page: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    game = TABLES["tile_rummy"].craft(deal(page, live_server.url, "tile_rummy"))
    page.reload()
    start = version(game)
    expect(page.get_by_test_id("draw-confirm")).to_have_count(0)
    page.get_by_role("button", name="Draw a tile").click()
    expect(page.get_by_test_id("log")).to_contain_text("You drew a tile.")
    assert version(game) > start
