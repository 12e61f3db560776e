"""Rumbaroo on a 360 x 740 phone: melds packed above a pinned hand, action tiles as pictures.

Set RUMMY_SHOTS=/some/dir to also save a screenshot of the table.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import rumbaroo as rb
from tests.browser_games import deal_in_browser, restart_history, shot
from tests.engine.rumbaroo.rb_helpers import build
from tests.web.rumbaroo.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
TABLE = [
    "R1 R2 R3", "B1 B2 B3", "G1 G2 G3", "Y1 Y2 Y3", "R4 B4 G4 Y4", "R5 R6 R7 R8",
    "B5 B6 B7", "G5 G6 G7 G8", "Y5 Y6 Y7", "R9 B9 G9", "R10 R11 R12", "B10 B11 B12 B13",
    "G10 G11 G12", "Y10 Y11 Y12 Y13", "R13 G13 Y13",
]  # fmt: skip
HAND = "R-HOP B-BOOMERANG G-POUCH Y8 R6 B8 G4 J Y-HOP B2 R11 G13"


def test_the_hand_and_buttons_are_on_screen_with_fifteen_melds(live_server: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    game = deal_in_browser(page, live_server.url, "rumbaroo", "Joey — easy")
    state = build([HAND, "Y1 Y7 Y11"], table=TABLE, pile="B5", pool_top="Y9 Y3 Y4")
    put_state(game, state)
    restart_history(game, rb.view(state, None))
    page.reload()
    expect(page.get_by_test_id("meld")).to_have_count(15)
    shot(page, "rumbaroo-360x740")
    hand = page.get_by_test_id("hand")
    confirm = page.get_by_role("button", name="✓ Confirm melds")
    tiles = hand.locator(".tile")
    draw = page.get_by_role("button", name="Draw a tile")
    for locator in (tiles.first, tiles.last, confirm, draw):
        box = locator.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    dock_top = page.get_by_test_id("dock").bounding_box()["y"]
    last = page.get_by_test_id("meld").last.bounding_box()
    assert last["y"] + last["height"] <= dock_top
    # An action tile is a picture, named for screen readers and on hover.
    hop = hand.get_by_test_id("tile-R-HOP")
    expect(hop.locator(".action-icon")).to_be_visible()
    expect(hop.locator("input")).to_have_attribute("aria-label", "red Hop")
    expect(hop).to_have_attribute("title", "red Hop")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # No hover on a phone: holding a finger on an action tile names it.
    hop.dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
    expect(page.locator("#tile-tip")).to_have_text("red Hop")
    expect(page.locator("#tile-tip")).to_be_hidden(timeout=4000)
