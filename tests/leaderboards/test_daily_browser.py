"""Today's challenge in Chromium: start it from home, win it at the table, see it cleared."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Game
from leaderboards.models import DailyClear
from tests.engine.rumbaroo.rb_helpers import build
from tests.web.rumbaroo.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 800}


def test_a_guest_plays_and_clears_todays_challenge(live_server: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/")
    daily = page.get_by_test_id("daily")
    expect(daily.get_by_test_id("daily-state")).to_contain_text("Not tried yet")
    expect(daily.get_by_test_id("daily-streak")).to_have_text("0")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    daily.get_by_role("button", name="Play today's challenge").click()
    page.wait_for_url("**/rumbaroo/g/*/")
    game = Game.objects.get(id=page.url.rstrip("/").split("/")[-1])
    assert game.config["daily"] and str(game.seed) not in page.content()
    expect(page.locator("#board")).to_be_visible()

    # Give the player a winning position, then win with a real move in the browser.
    put_state(game, build(["R4", "G1 G2"], pile="R5", totals=[40, 0]))
    page.reload()
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")
    page.get_by_test_id("hand").get_by_test_id("tile-R4").click()
    page.get_by_test_id("pile").click()
    expect(page.locator("#board")).to_contain_text("You win the game!")
    expect(page.get_by_role("link", name="Back to today's challenge")).to_be_visible()
    game.refresh_from_db()
    assert game.status == "finished"
    assert DailyClear.objects.count() == 1

    page.goto(live_server.url + "/")
    expect(daily.get_by_test_id("daily-state")).to_contain_text("Cleared")
    expect(daily.get_by_test_id("daily-streak")).to_have_text("1")
    expect(daily.get_by_role("button", name="Play today's challenge")).to_have_count(0)

    page.get_by_role("link", name="Streak board").click()
    expect(page.get_by_test_id("my-row")).to_contain_text("you")
    expect(page.get_by_test_id("my-row").get_by_test_id("value")).to_have_text("1")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
