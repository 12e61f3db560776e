"""Rumasta on a 360 x 740 phone: the hand stays pinned in view while the table scrolls."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


def test_the_hand_stays_on_screen_while_the_table_scrolls(live_server: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/rumasta/new/")
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/rumasta/g/*/")
    hand = page.get_by_test_id("hand")
    expect(hand).to_be_visible()
    for scroll in (0, 400):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        box = hand.bounding_box()
        assert (
            box is not None
            and box["y"] >= 0
            and box["y"] + min(box["height"], 60) <= PHONE["height"]
        )
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
