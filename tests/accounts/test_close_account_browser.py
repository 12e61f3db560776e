"""In Debian's Chromium at 360 px: the Stats page leads to the data download and to
closing; a wrong password closes nothing, the right one closes the account and signs out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from tests.accounts.conftest import PASSWORD, sign_up
from tests.web.test_axe_browser import violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 800}


def _sign_in(page: Any, base: str) -> None:
    page.goto(base + "/accounts/login/")
    page.locator('input[name="login"]').fill("kim")
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()


def test_download_then_close_the_account_on_a_phone(live_server: Any, page: Any) -> None:
    sign_up(Client(), "kim")
    page.set_viewport_size(PHONE)
    _sign_in(page, live_server.url)
    page.goto(live_server.url + "/me/stats/")
    with page.expect_download() as download:
        page.get_by_role("link", name="download my data").click()
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["account"]["username"] == "kim"
    assert download.value.suggested_filename.startswith("rummy-data-kim-")

    page.get_by_role("link", name="close my account").click()
    expect(page.get_by_role("heading", name="Close my account")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert violations(page, "close page") == []
    page.get_by_label("Your password").fill("not-my-password")
    page.get_by_role("button", name="Close my account for good").click()
    expect(page.get_by_test_id("close-error")).to_contain_text("nothing was closed")
    assert get_user_model().objects.filter(username="kim").exists()

    page.get_by_label("Your password").fill(PASSWORD)
    page.get_by_role("button", name="Close my account for good").click()
    expect(page.get_by_role("heading", name="Your account is closed")).to_be_visible()
    expect(page.get_by_role("link", name="Sign in")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert violations(page, "closed page") == []
    assert not get_user_model().objects.filter(username="kim").exists()
    page.goto(live_server.url + "/privacy/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert violations(page, "privacy page") == []
