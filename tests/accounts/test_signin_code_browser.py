"""In Debian's Chromium: a stranger's wrong passwords make the owner wait, and the wait
message leads the owner in with a code e-mailed to the account's verified address."""

from __future__ import annotations

import re
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from playwright.sync_api import expect

from tests.accounts.conftest import PASSWORD, sign_in
from tests.web.test_axe_browser import violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 800}


def test_the_wait_message_offers_a_code_that_signs_the_owner_in(
    live_server: Any, page: Any
) -> None:
    user = get_user_model().objects.create_user("kim", email="kim@example.com", password=PASSWORD)
    EmailAddress.objects.create(user=user, email="kim@example.com", verified=True, primary=True)
    stranger = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(6):
        sign_in(stranger, "kim", "not-the-password")

    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/accounts/login/")
    page.locator('input[name="login"]').fill("kim")
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_text("Please wait", exact=False)).to_be_visible()
    offer = page.get_by_test_id("signin-code-offer")
    expect(offer).to_contain_text("verified")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert violations(page, "wait page") == []
    offer.get_by_role("link", name="E-mail me a sign-in code").click()

    expect(page.get_by_test_id("code-needs-verified")).to_be_visible()
    assert violations(page, "code page") == []
    page.locator('input[name="email"]').fill("kim@example.com")
    page.get_by_role("button", name="Request Code").click()
    page.wait_for_url("**/accounts/login/code/confirm/**")
    (message,) = mail.outbox
    code = re.search(r"^\s*([A-Z0-9]{4}-[A-Z0-9]{4})\s*$", message.body, re.MULTILINE)
    assert code and message.to == ["kim@example.com"]
    page.locator('input[name="code"]').fill(code.group(1))
    page.locator('input[name="code"]').press("Enter")
    page.wait_for_url(live_server.url + "/")
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
