"""Finding 7 in a real browser: under the strict policy the table still works through htmx,
and the browser reports no violation (no inline script or style anywhere on the way)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser_checks import csp_violations, watch_csp
from tests.browser_games import deal_in_browser
from tests.engine.helpers import build
from tests.web.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_table_plays_under_the_policy_with_no_violation(live_server: Any, page: Any) -> None:
    watch_csp(page)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.set_viewport_size({"width": 360, "height": 800})
    game = deal_in_browser(page, live_server.url, "tile-rummy", "Easy")
    put_state(game, build(racks=["R10 R11 R12 B3", "K1 K2 K5"], pool_top="Y9 Y8 Y7"))
    page.reload()
    assert page.evaluate("typeof window.htmx") == "object"
    page.get_by_role("button", name="Draw a tile").click()  # an htmx swap, then the frames
    expect(page.get_by_test_id("rack").get_by_test_id("tile-Y9")).to_be_visible()
    expect(page.locator("p.status")).to_contain_text("Your turn.")
    assert csp_violations(page) == []
    assert not [m for m in console if "Content Security Policy" in m]
    assert page.evaluate("document.querySelectorAll('style').length") == 0
