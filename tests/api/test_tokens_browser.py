"""In Debian's Chromium: after a password change the account page says API tokens still work,
and its "Revoke all tokens" button ends them."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from api.models import AccessToken
from tests.api.conftest import token_for
from tests.web.test_axe_browser import violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 800}
PASSWORD = "tiles-and-runs-42"


def test_a_password_change_offers_to_revoke_the_tokens_that_outlive_it(
    live_server: Any, page: Any
) -> None:
    user = get_user_model().objects.create_user("robo", password=PASSWORD)
    token_for(user)
    token_for(user)
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/accounts/login/")
    page.locator('input[name="login"]').fill("robo")
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    page.wait_for_url(live_server.url + "/")

    page.goto(live_server.url + "/accounts/password/change/")
    expect(page.get_by_test_id("tokens-after-password-change")).to_have_count(0)
    page.locator('input[name="oldpassword"]').fill(PASSWORD)
    page.locator('input[name="password1"]').fill("a-brand-new-pass-77")
    page.locator('input[name="password2"]').fill("a-brand-new-pass-77")
    page.get_by_role("button", name="Change Password").click()
    notice = page.get_by_test_id("tokens-after-password-change")
    expect(notice).to_contain_text("all 2 of your tokens still work")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert AccessToken.objects.filter(user=user).count() == 2
    assert violations(page, "password changed") == []

    notice.get_by_role("button", name="Revoke all tokens").click()
    page.wait_for_url("**/api/tokens/")
    expect(page.locator("#messages")).to_contain_text("2 tokens revoked")
    expect(page.get_by_test_id("no-tokens")).to_be_visible()
    assert violations(page, "tokens revoked") == []
    assert not AccessToken.objects.filter(user=user).exists()
