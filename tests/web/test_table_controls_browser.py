"""A paused online table in the browser: the turn's buttons are off, the reason is beside them.

(Issue 25, item 3; the page of every game is checked in test_table_controls.py.)
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Counts the forms submitted and htmx requests begun, and notes when a key has been through
# the page's own handlers (the document's run before the window's in the bubbling phase;
# a shortcut's click, submit and request are synchronous within them).
COUNT_SENDS = """() => {
  window.sent = 0;
  window.keyHandled = false;
  document.addEventListener("submit", () => { window.sent += 1; }, true);
  document.addEventListener("htmx:beforeRequest", () => { window.sent += 1; });
  window.addEventListener("keydown", () => { window.keyHandled = true; });
}"""


def test_a_paused_table_shows_why_and_its_buttons_send_nothing(live_server: Any, page: Any) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/rooms/new/")
    page.get_by_role("link", name="Make a Tile Rummy room").click()
    page.get_by_label("Room name").fill("Quiet Tiles")
    page.get_by_label("Your name at the table").fill("Host Kim")
    page.get_by_label("2", exact=True).check()
    page.get_by_role("button", name="Make the room").click()
    page.get_by_role("button", name="Add computer to seat 2").click()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/g/*/")
    draw = page.get_by_role("button", name="Draw a tile")
    expect(draw).to_be_enabled()

    game = Game.objects.get()
    services.pause(game.id, 3600)
    page.reload()
    expect(page.get_by_test_id("hold")).to_contain_text("The table is paused until")
    expect(draw).to_be_disabled()
    page.evaluate(COUNT_SENDS)
    page.keyboard.press("d")  # the shortcut of a held button sends nothing either
    page.wait_for_function("() => window.keyHandled")  # every page handler of the key ran
    assert page.evaluate("() => window.sent") == 0
    expect(page.get_by_test_id("error")).to_have_count(0)
    assert Game.objects.get().version == game.version
    expect(page.get_by_role("link", name="Leave table…")).to_be_enabled()
