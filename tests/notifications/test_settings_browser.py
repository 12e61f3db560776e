"""The Notifications page in Chromium: the device list and the e-mail note pass axe at 360 px
and 1280 px, and "Stop on this device" reports a failure instead of swallowing it."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from notifications.models import PushSubscription
from tests.notifications.push_service import vapid_pair
from tests.notifications.test_pages_browser import SIZES, _violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _signed_in(page: Any, live_server: Any, name: str, email: str = "") -> Any:
    user = get_user_model().objects.create_user(name, email=email)
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"]
    page.context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])
    return user


@pytest.mark.parametrize("size", SIZES, ids=["phone", "desktop"])
def test_devices_and_the_missing_address_note_pass_axe(
    live_server: Any, page: Any, settings: Any, size: dict[str, int]
) -> None:
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = vapid_pair()
    user = _signed_in(page, live_server, "wes")
    for n, browser in enumerate(("Samsung Internet on Android", "Firefox on Windows")):
        PushSubscription.objects.create(user=user, endpoint=f"https://fcm.googleapis.com/x{n}",
                                        p256dh="k" * 20, auth="a" * 16, browser=browser)
    page.set_viewport_size(size)
    page.goto(live_server.url + "/me/notifications/")
    assert _violations(page, "settings") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    remove = page.get_by_role("button", name="Remove Samsung Internet on Android", exact=False)
    assert remove.is_visible()
    email_box = page.get_by_label("E-mail me at correspondence tables (days per move)")
    assert email_box.is_disabled() and not email_box.is_checked()
    page.get_by_role("link", name="Add an e-mail address").click()
    assert "/accounts/email/" in page.url


def test_a_failure_to_turn_notifications_off_is_reported(
    live_server: Any, page: Any, settings: Any
) -> None:
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = vapid_pair()
    _signed_in(page, live_server, "xia", "xia@example.com")
    page.add_init_script(
        "PushManager.prototype.getSubscription = () => Promise.reject(new Error('no service'));"
    )
    page.goto(live_server.url + "/me/notifications/")
    page.get_by_role("button", name="Stop on this device").click()
    status = page.locator("#push-status")
    status.filter(has_text="Couldn't turn notifications off here").wait_for(timeout=5000)
    assert "no service" in status.inner_text()
