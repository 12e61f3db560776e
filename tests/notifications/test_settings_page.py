"""The Notifications page: the defaults, saving choices, this device's push button, the list
of devices with a Remove button, and e-mail for an account with no address (issue 34 item 9)."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from notifications.models import NotificationSettings, PushSubscription
from tests.notifications.nf_helpers import make_user

pytestmark = pytest.mark.django_db


def test_a_guest_is_sent_to_sign_in(client: Client) -> None:
    response = client.get(reverse("notifications:settings"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_defaults_are_on_for_correspondence_and_off_for_live(client: Client) -> None:
    client.force_login(make_user("hal"))
    page = client.get(reverse("notifications:settings")).content.decode()
    assert 'name="email_correspondence" id="id_email_correspondence" checked' in page
    assert 'name="push_correspondence" id="id_push_correspondence" checked' in page
    assert 'name="email_live" id="id_email_live">' in page
    assert "aren't set up on this site yet" in page  # no VAPID keys in the test settings


def test_choices_are_saved_for_the_account(client: Client) -> None:
    user = make_user("ivy")
    client.force_login(user)
    response = client.post(reverse("notifications:settings"), {"email_live": "on"})
    assert response.status_code == 302
    prefs = NotificationSettings.objects.get(user=user)
    assert prefs.email_live and not prefs.email_correspondence and not prefs.push_live


def test_with_vapid_keys_the_page_offers_this_device(client: Client, settings: Any) -> None:
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = "x" * 43, "BPUBLICKEY"
    client.force_login(make_user("jon"))
    page = client.get(reverse("notifications:settings")).content.decode()
    assert 'data-key="BPUBLICKEY"' in page and "Notify me on this device" in page


def test_without_an_email_address_email_is_unticked_and_links_to_adding_one(
    client: Client,
) -> None:
    user = make_user("kai")
    user.email = ""
    user.save()
    client.force_login(user)
    page = client.get(reverse("notifications:settings")).content.decode()
    for name in ("email_correspondence", "email_live"):
        tag = re.search(rf'<input [^>]*name="{name}"[^>]*>', page).group(0)
        assert "checked" not in tag and "disabled" in tag
        assert 'aria-describedby="no-email"' in tag
    assert f'href="{reverse("account_email")}"' in page and "Add an e-mail address" in page
    push_tag = re.search(r'<input [^>]*name="push_correspondence"[^>]*>', page).group(0)
    assert "checked" in push_tag and "disabled" not in push_tag
    # Saving stores what the page showed: e-mail off, push as ticked.
    sent = client.post(reverse("notifications:settings"),
                       {"push_correspondence": "on", "email_correspondence": "on"})
    assert sent.status_code == 302
    prefs = NotificationSettings.objects.get(user=user)
    assert not prefs.email_correspondence and not prefs.email_live and prefs.push_correspondence


def test_with_an_email_address_email_can_be_chosen(client: Client) -> None:
    client.force_login(make_user("lou"))
    page = client.get(reverse("notifications:settings")).content.decode()
    tag = re.search(r'<input [^>]*name="email_correspondence"[^>]*>', page).group(0)
    assert "checked" in tag and "disabled" not in tag
    assert "Add an e-mail address" not in page


def _device(user: Any, endpoint: str, browser: str, days_ago: int) -> PushSubscription:
    device = PushSubscription.objects.create(
        user=user, endpoint=endpoint, p256dh="k" * 20, auth="a" * 16, browser=browser
    )
    created = timezone.now() - timedelta(days=days_ago)
    PushSubscription.objects.filter(pk=device.pk).update(created=created)
    return device


def test_the_page_lists_each_device_with_its_browser_date_and_a_remove_button(
    client: Client,
) -> None:
    user, other = make_user("mia"), make_user("ned")
    phone = _device(user, "https://fcm.googleapis.com/fcm/send/a", "Chrome on Android", 3)
    laptop = _device(user, "https://updates.push.services.mozilla.com/wpush/v2/b",
                     "Firefox on Linux", 40)
    _device(other, "https://fcm.googleapis.com/fcm/send/c", "Edge on Windows", 1)
    client.force_login(user)
    page = client.get(reverse("notifications:settings")).content.decode()
    assert "Chrome on Android" in page and "Firefox on Linux" in page
    assert "Edge on Windows" not in page  # someone else's
    for device in (phone, laptop):
        added = PushSubscription.objects.get(pk=device.pk).created
        assert f'datetime="{added:%Y-%m-%d}"' in page
        action = reverse("notifications:remove_device", args=[device.pk])
        assert f'action="{action}"' in page
    assert page.count(">Remove</button>") == 2
    assert page.index("Chrome on Android") < page.index("Firefox on Linux")  # newest first


def test_remove_forgets_that_device_only_and_never_anothers(client: Client) -> None:
    user, other = make_user("oli"), make_user("pam")
    mine = _device(user, "https://fcm.googleapis.com/fcm/send/a", "Chrome on Android", 1)
    kept = _device(user, "https://fcm.googleapis.com/fcm/send/b", "Safari on macOS", 2)
    theirs = _device(other, "https://fcm.googleapis.com/fcm/send/c", "Edge on Windows", 1)
    client.force_login(user)
    done = client.post(reverse("notifications:remove_device", args=[mine.pk]), follow=True)
    assert done.status_code == 200
    assert "Chrome on Android won't be notified" in unescape(done.content.decode())
    assert set(PushSubscription.objects.values_list("pk", flat=True)) == {kept.pk, theirs.pk}
    refused = client.post(reverse("notifications:remove_device", args=[theirs.pk]))
    assert refused.status_code == 404 and PushSubscription.objects.filter(pk=theirs.pk).exists()
    assert client.get(reverse("notifications:remove_device", args=[kept.pk])).status_code == 405


def test_subscribing_records_which_browser_it_is(client: Client) -> None:
    user = make_user("quin")
    client.force_login(user)
    firefox = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"
    response = client.post(
        reverse("notifications:subscribe"),
        data=json.dumps({"endpoint": "https://updates.push.services.mozilla.com/wpush/v2/x",
                         "keys": {"p256dh": "k" * 20, "auth": "a" * 16}}),
        content_type="application/json",
        HTTP_USER_AGENT=firefox,
    )
    assert response.status_code == 200
    assert PushSubscription.objects.get(user=user).browser == "Firefox on Android"
    assert "Firefox on Android" in client.get(reverse("notifications:settings")).content.decode()
