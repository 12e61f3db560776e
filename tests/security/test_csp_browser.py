"""Finding 7 in a real browser: under the strict policy the table still works through htmx,
and the browser reports no violation (no inline script or style anywhere on the way)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.engine.helpers import build
from tests.web.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
"""


def test_a_table_plays_under_the_policy_with_no_violation(live_server: Any, page: Any) -> None:
    page.add_init_script(WATCH)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(live_server.url + "/tile-rummy/new/")
    page.get_by_label("Easy").check()
    page.get_by_role("button", name="Deal the tiles").click()
    page.wait_for_url("**/tile-rummy/g/*/")
    game = Game.objects.get(id=page.url.rstrip("/").split("/")[-1])
    put_state(game, build(racks=["R10 R11 R12 B3", "K1 K2 K5"], pool_top="Y9 Y8 Y7"))
    page.reload()
    assert page.evaluate("typeof window.htmx") == "object"
    page.get_by_role("button", name="Draw a tile").click()  # an htmx swap, then the frames
    expect(page.get_by_test_id("rack").get_by_test_id("tile-Y9")).to_be_visible()
    expect(page.locator("p.status")).to_contain_text("Your turn.")
    assert page.evaluate("window.__violations") == []
    assert not [m for m in console if "Content Security Policy" in m]
    assert page.evaluate("document.querySelectorAll('style').length") == 0
