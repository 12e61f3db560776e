"""In Chromium: pick a shorter game at setup, see it on the table, and reach its end."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser_games import deal_in_browser
from tests.engine.helpers import build
from tests.web.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def deal(live_server: Any, page: Any, target: str, rule: str) -> Game:
    page.set_viewport_size({"width": 360, "height": 800})
    return deal_in_browser(page, live_server.url, "tile-rummy", "Easy", rule, target)


def test_a_game_to_50_shows_its_target_and_rule_and_ends_at_50(live_server: Any, page: Any) -> None:
    game = deal(live_server, page, "50 points — a short game", "Standard")
    expect(page.get_by_test_id("rules")).to_have_text("game to 50 points · Standard opening")
    state = build(["R7", "B3 B9 J"], table=["R4 R5 R6"], opened=[True, False],
                  totals=[10, 0], target=50)  # fmt: skip
    put_state(game, state)
    page.reload()
    page.get_by_test_id("rack").get_by_test_id("tile-R7").click()
    page.get_by_test_id("set").nth(0).click()
    page.get_by_role("button", name="Confirm play").click()
    panel = page.get_by_test_id("round-panel")
    expect(panel.get_by_role("heading", name="Game Over")).to_be_visible()
    expect(page.get_by_test_id("round-why")).to_contain_text("A total reached 50")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_shared_game_to_200_says_so_on_the_table(live_server: Any, page: Any) -> None:
    deal(live_server, page, "200 points — the full game, as the rules play it", "Shared")
    expect(page.get_by_test_id("rules")).to_have_text("game to 200 points · Shared opening")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
