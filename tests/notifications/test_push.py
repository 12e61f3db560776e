"""Web Push through pywebpush to a real (local) push service: sent encrypted, removed on 410."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.table_flow import table_url
from notifications.models import PushSubscription, TurnNotice
from tests.notifications.nf_helpers import pass_turn_to, table_of_two
from tests.notifications.push_service import Browser, PushService, vapid_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def vapid(settings: Any) -> str:
    private, public = vapid_pair()
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = private, public
    settings.VAPID_SUBJECT = "mailto:rummy@rummy.test"
    settings.PUSH_ALLOW_LOCAL_HTTP = True
    return public


def _subscribe(client: Client, user: Any, endpoint: str, browser: Browser) -> None:
    client.force_login(user)
    response = client.post(
        reverse("notifications:subscribe"),
        data=json.dumps({"endpoint": endpoint, "keys": browser.keys()}),
        content_type="application/json",
    )
    assert response.status_code == 200, response.content


def _turn_pushed_to_ben(client: Client, status: int, capture: Any) -> tuple[Any, PushService, Any]:
    """Ben subscribes his browser, closes the tab, and his turn comes: the game, the push
    service (which answers every push with ``status``) and Ben."""
    game, (_ana, ben) = table_of_two()
    browser = Browser()
    with PushService(browser, status=status) as service:
        _subscribe(client, ben, service.url, browser)
        client.logout()  # the tab is closed
        game = pass_turn_to(game, 1, capture)
    return game, service, ben


def test_a_turn_is_pushed_encrypted_to_the_players_device(
    vapid: str, client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    game, service, ben = _turn_pushed_to_ben(client, 201, django_capture_on_commit_callbacks)
    assert service.errors == []
    assert len(service.received) == 1
    payload = service.received[0].payload
    assert set(payload) == {"title", "body", "url", "tag"}  # nothing from the hand
    assert payload["url"] == table_url(game)
    assert payload["title"] == "Your turn: Rumbaroo"
    assert TurnNotice.objects.get(game=game, seat_index=1).push_sent == 1
    assert PushSubscription.objects.filter(user=ben).count() == 1


def test_a_subscription_the_push_service_calls_gone_is_removed(
    vapid: str, client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    _game, service, ben = _turn_pushed_to_ben(client, 410, django_capture_on_commit_callbacks)
    assert service.errors == []
    assert len(service.received) == 1  # it was really sent, and answered 410 Gone
    assert not PushSubscription.objects.filter(user=ben).exists()


def test_push_to_an_address_that_is_no_push_service_is_refused(vapid: str, client: Client,
                                                               settings: Any) -> None:
    from tests.notifications.nf_helpers import make_user

    settings.PUSH_ALLOW_LOCAL_HTTP = False
    user = make_user("eve")
    client.force_login(user)
    for endpoint in ("http://127.0.0.1:8000/admin/", "https://10.0.0.1/x",
                     "https://fcm.googleapis.com.evil.test/x"):
        response = client.post(
            reverse("notifications:subscribe"),
            data=json.dumps({"endpoint": endpoint, "keys": Browser().keys()}),
            content_type="application/json",
        )
        assert response.status_code == 400
    assert not PushSubscription.objects.exists()
    ok = client.post(
        reverse("notifications:subscribe"),
        data=json.dumps({"endpoint": "https://fcm.googleapis.com/fcm/send/abc",
                         "keys": Browser().keys()}),
        content_type="application/json",
    )
    assert ok.status_code == 200 and PushSubscription.objects.filter(user=user).count() == 1


def test_a_guest_cannot_subscribe(client: Client) -> None:
    response = client.post(reverse("notifications:subscribe"), data="{}",
                           content_type="application/json")
    assert response.status_code == 302  # to sign in
