"""Push endpoints: only a known push service's https address, read as the sender reads it.

The server POSTs to the address a browser registered, so every trick that makes the
sending library (requests, through urllib3) connect somewhere other than the host the
check saw must be refused: backslashes, userinfo, ports, IP literals, localhost, IDN.
Nothing here sends anywhere but a listener on 127.0.0.1.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import urllib3.util.connection
from django.test import Client
from django.urls import reverse

from notifications import push
from notifications.endpoints import canonical_endpoint
from notifications.models import PushSubscription, TurnNotice
from tests.notifications.nf_helpers import make_user, pass_turn_to, table_of_two
from tests.notifications.push_service import Browser, vapid_pair

pytestmark = pytest.mark.django_db

FCM = "fcm.googleapis.com"
BACKSLASHES = [
    f"https://127.0.0.1\\@{FCM}/fcm/send/x",
    f"https://localhost\\@{FCM}/fcm/send/x",
    f"https://127.0.0.1\\\\@{FCM}/fcm/send/x",
    f"https://127.0.0.1:443\\@{FCM}/fcm/send/x",
    f"https://127.0.0.1\\.{FCM}/fcm/send/x",
    f"https://[::1]\\@{FCM}/fcm/send/x",
    f"https://{FCM}\\@127.0.0.1/fcm/send/x",
    f"https://{FCM}\\fcm/send/x",
    f"https:\\\\127.0.0.1\\@{FCM}/fcm/send/x",
    f"https://127.0.0.1%5C@{FCM}/fcm/send/x",
]
USERINFO = [
    f"https://user@{FCM}/fcm/send/x",
    f"https://user:secret@{FCM}/fcm/send/x",
    f"https://@{FCM}/fcm/send/x",
    f"https://{FCM}@127.0.0.1/fcm/send/x",
    f"https://{FCM}:443@127.0.0.1/fcm/send/x",
]
IP_LITERALS = [
    "https://127.0.0.1/fcm/send/x",
    "https://10.0.0.1/fcm/send/x",
    "https://[::1]/fcm/send/x",
    "https://[::ffff:127.0.0.1]/fcm/send/x",
    "https://2130706433/fcm/send/x",
    "https://0x7f.1/fcm/send/x",
    "https://0177.0.0.1/fcm/send/x",
]
LOCAL_NAMES = [
    "https://localhost/fcm/send/x",
    "https://LOCALHOST/fcm/send/x",
    f"https://{FCM}.localhost/fcm/send/x",
    "https://169.254.169.254/latest/meta-data/",
    "https://[fe80::1]/fcm/send/x",
    "https://[fe80::1%25eth0]/fcm/send/x",
]
PORTS = [
    f"https://{FCM}:22/fcm/send/x",
    f"https://{FCM}:8443/fcm/send/x",
    f"https://{FCM}:80/fcm/send/x",
    f"https://{FCM}:0/fcm/send/x",
    f"https://{FCM}:/fcm/send/x",
    f"https://{FCM}:0443/fcm/send/x",
    f"https://{FCM}:443:22/fcm/send/x",
]
IDN = [
    "https://f\u0441m.googleapis.com/fcm/send/x",  # a Cyrillic "с"
    "https://xn--fm-tmc.googleapis.com/fcm/send/x",  # the same, in punycode
    "https://\uff46\uff43\uff4d.googleapis.com/fcm/send/x",  # fullwidth letters
    f"https://evil.test\u3002{FCM}/fcm/send/x",  # an ideographic full stop
    f"https://{FCM}\u200b/fcm/send/x",  # a zero-width space
    f"https://{FCM}.xn--80ak6aa92e.com/fcm/send/x",
]
OTHER = [
    f"http://{FCM}/fcm/send/x",
    f"wss://{FCM}/fcm/send/x",
    f"//{FCM}/fcm/send/x",
    f"https://{FCM}./fcm/send/x",
    f"https://{FCM}.evil.test/fcm/send/x",
    f"https://{FCM}\t/fcm/send/x",
    f"https://{FCM}/fcm/send/x\n",
    f"https://{FCM}/fcm/send/x#frag",
    f"https://{FCM}",
    "https://evil.test/fcm/send/x",
]
REFUSED = BACKSLASHES + USERINFO + IP_LITERALS + LOCAL_NAMES + PORTS + IDN + OTHER


def _post(client: Client, endpoint: str) -> Any:
    return client.post(
        reverse("notifications:subscribe"),
        data=json.dumps({"endpoint": endpoint, "keys": Browser().keys()}),
        content_type="application/json",
    )


@pytest.mark.parametrize("endpoint", REFUSED)
def test_an_endpoint_the_sender_could_read_differently_is_refused(
    endpoint: str, client: Client
) -> None:
    assert canonical_endpoint(endpoint) is None
    client.force_login(make_user("eve"))
    response = _post(client, endpoint)
    assert response.status_code == 400
    assert "push service" in response.json()["error"]
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    ("endpoint", "stored"),
    [
        (f"https://{FCM}/fcm/send/abc:APA91b", f"https://{FCM}/fcm/send/abc:APA91b"),
        (f"https://{FCM}:443/fcm/send/abc", f"https://{FCM}/fcm/send/abc"),
        ("https://FCM.GoogleAPIs.com/fcm/send/abc", f"https://{FCM}/fcm/send/abc"),
        (f"HTTPS://{FCM}/fcm/send/abc", f"https://{FCM}/fcm/send/abc"),
        ("https://updates.push.services.mozilla.com/wpush/v2/gAAA?x=1",
         "https://updates.push.services.mozilla.com/wpush/v2/gAAA?x=1"),
        ("https://web.push.apple.com/QGuQyavXutnMH", "https://web.push.apple.com/QGuQyavXutnMH"),
        ("https://db5.notify.windows.com/w/?token=BQYAAAD%2bt%2f%3d",
         "https://db5.notify.windows.com/w/?token=BQYAAAD%2Bt%2F%3D"),
    ],
)
def test_a_real_push_services_address_is_stored_as_rebuilt(
    endpoint: str, stored: str, client: Client
) -> None:
    client.force_login(make_user("fay"))
    response = _post(client, endpoint)
    assert response.status_code == 200, response.content
    assert PushSubscription.objects.get().endpoint == stored
    assert canonical_endpoint(stored) == stored  # checked again before sending: still good


def test_forgetting_a_device_finds_it_by_the_address_the_browser_knows(client: Client) -> None:
    user = make_user("gil")
    client.force_login(user)
    assert _post(client, "https://FCM.googleapis.com:443/fcm/send/abc").status_code == 200
    response = client.post(
        reverse("notifications:forget_device"),
        data=json.dumps({"endpoint": "https://FCM.googleapis.com:443/fcm/send/abc"}),
        content_type="application/json",
    )
    assert response.status_code == 200
    assert not PushSubscription.objects.filter(user=user).exists()


def test_a_bad_address_stored_before_the_check_is_never_contacted(
    settings: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = vapid_pair()
    settings.VAPID_SUBJECT = "mailto:rummy@rummy.test"
    tried: list[tuple[str, int]] = []

    def refuse(address: tuple[str, int], *args: Any, **kwargs: Any) -> None:
        tried.append(address)  # the connection the sender would open; none is opened
        raise ConnectionRefusedError(address)

    monkeypatch.setattr(urllib3.util.connection, "create_connection", refuse)
    game, (ana, ben) = table_of_two()
    browser = Browser()
    for endpoint in BACKSLASHES[:5]:  # rows written before endpoints were checked this way
        PushSubscription.objects.create(user=ben, endpoint=endpoint, **browser.keys())
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    assert tried == []
    assert TurnNotice.objects.get(game=game, seat_index=1).push_sent == 0
    assert not PushSubscription.objects.filter(user=ben).exists()  # unusable: removed


def test_the_allow_list_still_decides_which_hosts(settings: Any) -> None:
    settings.PUSH_SERVICE_HOSTS = ("push.example",)
    assert canonical_endpoint("https://push.example/x") == "https://push.example/x"
    assert canonical_endpoint("https://eu.push.example/x") == "https://eu.push.example/x"
    assert canonical_endpoint(f"https://{FCM}/x") is None
    assert push.endpoint_allowed("https://push.example/x")
