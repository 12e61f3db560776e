"""The Notifications page: the defaults, saving choices, this device's push button."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from notifications.models import NotificationSettings
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
