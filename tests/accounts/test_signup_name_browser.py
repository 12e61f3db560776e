"""In Debian's Chromium: the sign-up page's public name follows the username as it is typed,
stops once the person types their own, and the new account lands with "Your page" linked
(issue 34, item 10)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.accounts.conftest import PASSWORD
from tests.web.test_axe_browser import violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 800}


def test_the_public_name_is_prefilled_from_the_username_and_changeable(
    live_server: Any, page: Any
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/accounts/signup/")
    username, name = page.get_by_label("Username"), page.get_by_label("Public name")
    username.press_sequentially("tiles_kim")
    expect(name).to_have_value("tiles_kim")
    name.fill("Kim of Tiles")
    username.press_sequentially("2")
    expect(name).to_have_value("Kim of Tiles")  # the person's own name is left alone
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert violations(page, "sign-up page") == []
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again):").fill(PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    page.wait_for_url(live_server.url + "/")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_role("link", name="Your page").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Kim of Tiles")
    expect(page.get_by_test_id("this-is-you")).to_be_visible()
