"""Issue 34 item 2: a NUL (or another control character) in a path, a query, a form field
or a JSON body is refused with a clear 400 (404 for a path), by one middleware
(``rummy_site.input_guard``), before any view or database sees it. PostgreSQL refuses
NUL in text, so on CI's PostgreSQL each of these answered 500 before.

Every URL the issue lists is here, plus legitimate input that must still pass:
tabs and line breaks in a text field or a JSON string, and ordinary Unicode.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.test import Client

from tests.api.conftest import token_for

pytestmark = pytest.mark.django_db

GAME = uuid.UUID(int=7)
# (method, path) pairs from the issue: the NUL is in the path itself.
BAD_PATHS = [
    ("get", "/@/%00/"),
    ("get", "/@/x%00/"),
    ("get", f"/@/x%00/games/{GAME}/"),
    ("post", "/@/%00/follow/"),
    ("post", "/@/%00/block/"),
    ("get", "/leaderboards/report/%00/"),
    ("post", "/leaderboards/report/%00/"),
    ("get", "/rooms/r/%00/"),
    ("get", "/rooms/invite/x%01y/"),
    ("get", "/%00/"),
    ("get", "/@/x%1b[31m/"),
    ("get", "/@/x%7f/"),
]
PUSH_KEYS = {"p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA", "auth": "tBHItJI5svbpez7KI4CCXg"}
PUSH_ENDPOINT = "https://fcm.googleapis.com/fcm/send/abc"


@pytest.fixture
def person(django_user_model: Any) -> Client:
    user = django_user_model.objects.create_user("kim", password="tiles-and-runs-42")
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def program(django_user_model: Any) -> dict[str, str]:
    user = django_user_model.objects.create_user("robo", password="tiles-and-runs-42")
    return {"HTTP_AUTHORIZATION": f"Bearer {token_for(user)}"}


def _page_refusal(response: Any, status: int) -> None:
    assert response.status_code == status, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("text/html")
    assert "control character" in response.content.decode()


def _api_refusal(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.content[:300])
    body = response.json()
    assert set(body) >= {"detail", "code"} and body["code"] == "control_character"
    return body


@pytest.mark.parametrize(("method", "path"), BAD_PATHS)
def test_a_control_character_in_a_path_is_not_found(person: Client, method: str, path: str) -> None:
    _page_refusal(getattr(person, method)(path), 404)


def test_a_nul_in_a_query_string_or_a_form_field_is_refused(person: Client) -> None:
    _page_refusal(person.get("/leaderboards/?page=%00"), 400)
    _page_refusal(person.get("/leaderboards/?pa%00ge=1"), 400)
    _page_refusal(person.get("/leaderboards/?next=/x%0D%0ALocation:/y"), 400)  # no line breaks
    _page_refusal(person.post("/leaderboards/name/", {"name": "Ann\x00"}), 400)
    _page_refusal(person.post("/@/x/follow/", {"next": "/\x00"}), 400)
    _page_refusal(person.post("/leaderboards/name/", {"name": "Ann\x07"}), 400)  # a bell


def test_a_nul_in_the_push_subscription_json_is_refused(person: Client) -> None:
    for url in ("/me/notifications/push/", "/me/notifications/push/forget/"):
        for body in (
            {"endpoint": PUSH_ENDPOINT + "\x00", "keys": PUSH_KEYS},
            {"endpoint": PUSH_ENDPOINT, "keys": {**PUSH_KEYS, "auth": "\x00"}},
            {"endpoint\x00": PUSH_ENDPOINT, "keys": PUSH_KEYS},
        ):
            answer = person.post(url, json.dumps(body), content_type="application/json")
            assert answer.status_code == 400, (url, body, answer.status_code)
            assert answer.json()["code"] == "control_character"


def test_the_api_refuses_a_nul_with_its_own_error_shape(program: dict[str, str]) -> None:
    client = Client()
    join = client.post(
        "/api/v1/rooms/join", {"code": "\x00"}, content_type="application/json", **program
    )
    assert "NUL" in _api_refusal(join, 400)["detail"]
    _api_refusal(client.get("/api/v1/rooms/%00", **program), 404)
    _api_refusal(client.get("/api/v1/games?status=%00", **program), 400)
    lone = b'{"code": "\\ud800"}'  # a lone surrogate: no UTF-8 can carry it
    _api_refusal(client.post("/api/v1/rooms/join", lone, "application/json", **program), 400)
    raw = b'{"code": "a\x00b"}'  # a raw NUL byte (not even valid JSON)
    _api_refusal(client.post("/api/v1/rooms/join", raw, "application/json", **program), 400)


def test_legitimate_text_still_passes(person: Client, program: dict[str, str]) -> None:
    assert person.get("/leaderboards/?q=caf%C3%A9+%E2%98%83").status_code == 200  # é, a snowman
    named = person.post("/leaderboards/name/", {"name": "Ana Maria", "note": "two\r\nlines\t."})
    assert named.status_code in (200, 302) and b"control character" not in named.content
    text = json.dumps({"code": "line one\nline two\ttabbed \u00e9 \u2603", "table_name": "Tea"})
    join = Client().post("/api/v1/rooms/join", text, content_type="application/json", **program)
    assert join.status_code < 500 and join.json()["code"] != "control_character"


def test_nothing_was_stored_from_a_refused_request(person: Client) -> None:
    from notifications.models import PushSubscription

    body = {"endpoint": PUSH_ENDPOINT + "\x00", "keys": PUSH_KEYS}
    person.post("/me/notifications/push/", json.dumps(body), content_type="application/json")
    assert not PushSubscription.objects.exists()


def test_a_view_that_reads_the_raw_body_still_can_after_the_guard_read_the_form(
    person: Client,
) -> None:
    """The guard parses a multipart form; the push views read ``request.body`` as JSON."""
    answer = person.post("/me/notifications/push/", {"endpoint": PUSH_ENDPOINT})  # multipart
    assert answer.status_code < 500
    nul = person.post("/me/notifications/push/", {"endpoint": PUSH_ENDPOINT + "\x00"})
    _page_refusal(nul, 400)
