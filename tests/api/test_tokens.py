"""Personal access tokens: made and revoked on the token page, shown once, stored hashed,
and their scopes (read, play) enforced; a session cookie never authenticates the API."""

from __future__ import annotations

import hashlib
import re
from typing import Any

import pytest
from django.test import Client

from api import tokens
from api.models import PLAY, READ, AccessToken
from tests.api.conftest import Call, token_for
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db
PAGE = "/api/tokens/"
NEW_GAME = {"kind": "", "options": {}}


def _first_kind(call: Call, token: str) -> str:
    status, kinds = call("GET", "/kinds", token)
    assert status == 200
    return kinds[0]["kind"]


def test_the_page_needs_a_signed_in_account() -> None:
    response = Client().get(PAGE)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_token_is_shown_once_and_only_its_hash_is_kept(user: Any, call: Call) -> None:
    browser = signed_in(user)
    response = browser.post(PAGE, {"name": "my bot", "scopes": [READ, PLAY]})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    clear = re.search(r'data-testid="token-value">(rmy_[\w-]+)<', response.content.decode())
    assert clear, "the new token is shown"
    token = clear.group(1)
    row = AccessToken.objects.get(user=user)
    assert row.digest == hashlib.sha256(token.encode()).hexdigest()
    assert token not in {row.digest, row.prefix, row.name, row.scopes}
    assert token.startswith(row.prefix) and len(row.prefix) < len(token) // 3
    again = browser.get(PAGE).content.decode()
    assert token not in again and row.prefix in again
    assert call("GET", "/games", token)[0] == 200


def test_a_bad_name_or_no_scope_is_refused_with_nothing_made(user: Any) -> None:
    browser = signed_in(user)
    refused = (
        {"name": "x", "scopes": []},
        {"name": "  ", "scopes": [READ]},
        {"name": "bad\x01name", "scopes": [READ]},
        {"name": "x", "scopes": ["admin"]},
    )
    for data in refused:
        assert browser.post(PAGE, data).status_code == 400
    assert not AccessToken.objects.exists()


def test_an_account_holds_a_bounded_number_of_tokens(user: Any) -> None:
    for _ in range(tokens.MAX_TOKENS):
        token_for(user)
    response = signed_in(user).post(PAGE, {"name": "one more", "scopes": [READ]})
    assert response.status_code == 400 and "revoke one first" in response.content.decode()
    assert AccessToken.objects.filter(user=user).count() == tokens.MAX_TOKENS


def test_a_revoked_token_no_longer_works(user: Any, call: Call) -> None:
    token = token_for(user)
    assert call("GET", "/games", token)[0] == 200
    row = AccessToken.objects.get(user=user)
    response = signed_in(user).post(f"{PAGE}{row.pk}/revoke/")
    assert response.status_code == 302
    status, body = call("GET", "/games", token)
    assert status == 401 and body["code"] == "unauthenticated"
    assert call("POST", "/games", token, {"kind": _first_kind(call, token_for(user))})[0] == 401


def test_nobody_revokes_someone_elses_token(user: Any, other_user: Any, call: Call) -> None:
    token = token_for(user)
    row = AccessToken.objects.get(user=user)
    assert signed_in(other_user).post(f"{PAGE}{row.pk}/revoke/").status_code == 404
    assert Client().post(f"{PAGE}{row.pk}/revoke/").status_code == 302  # to sign in
    assert call("GET", "/games", token)[0] == 200


def test_a_read_token_may_not_play(user: Any, call: Call) -> None:
    reader = token_for(user, READ)
    kind = _first_kind(call, reader)
    assert call("GET", "/games", reader)[0] == 200
    status, body = call("POST", "/games", reader, {"kind": kind})
    assert status == 403 and body["code"] == "scope" and "play" in body["detail"]
    game = call("POST", "/games", token_for(user, PLAY), {"kind": kind})[1]
    assert call("GET", f"/games/{game['id']}", reader)[0] == 200
    status, body = call(
        "POST", f"/games/{game['id']}/actions", reader, {"version": 0, "action": {"type": "x"}}
    )
    assert status == 403 and body["code"] == "scope"


def test_a_play_token_may_not_read(user: Any, call: Call) -> None:
    player = token_for(user, PLAY)
    kind = _first_kind(call, player)  # the list of kinds is public
    status, game = call("POST", "/games", player, {"kind": kind})
    assert status == 201
    for path in ("/games", f"/games/{game['id']}", f"/games/{game['id']}/legal"):
        status, body = call("GET", path, player)
        assert status == 403 and body["code"] == "scope", path


@pytest.mark.parametrize(
    "header",
    ["", "Bearer", "Bearer rmy_not-a-real-token", "Bearer " + "rmy_" + "x" * 5000,
     "Basic cm9ibzp0aWxlcw==", "Token rmy_abc", "Bearer \x00"],
)  # fmt: skip
def test_anything_but_a_live_token_is_unauthenticated(user: Any, header: str) -> None:
    client = Client()
    response = client.get("/api/v1/games", HTTP_AUTHORIZATION=header)
    assert response.status_code == 401
    assert response.json()["code"] == "unauthenticated"


def test_a_session_cookie_never_authenticates_the_api(user: Any, call: Call) -> None:
    """Signed in on the site, with no token: reads and writes are refused (so no CSRF risk)."""
    browser = signed_in(user)
    browser.get("/")
    kind = _first_kind(call, token_for(user))
    assert browser.get("/api/v1/games").status_code == 401
    response = browser.post("/api/v1/games", {"kind": kind}, content_type="application/json")
    assert response.status_code == 401
    assert not user.api_tokens.filter(last_used__isnull=False).exists()


def test_the_token_speaks_for_its_account_not_the_session(
    user: Any, other_user: Any, call: Call
) -> None:
    """A browser signed in as someone else, sending robo's token, acts as robo."""
    browser = signed_in(other_user)
    token = token_for(user)
    response = browser.post(
        "/api/v1/games",
        {"kind": _first_kind(call, token)},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 201
    names = [p["name"] for p in response.json()["players"] if p["plays"] == "program"]
    assert names == [user.username]


def test_the_account_page_links_to_the_tokens(user: Any) -> None:
    page = signed_in(user).get("/me/stats/").content.decode()
    assert f'href="{PAGE}"' in page


def test_the_docs_page_links_the_served_openapi_docs(client: Client) -> None:
    page = client.get("/api/").content.decode()
    assert 'href="/api/v1/docs"' in page and 'href="/api/v1/openapi.json"' in page
    assert 'href="/api/tokens/"' in page
    schema = client.get("/api/v1/openapi.json")
    assert schema.status_code == 200 and schema.json()["openapi"].startswith("3.")
    swagger = client.get("/api/v1/docs")
    assert swagger.status_code == 200
    assert "cdn" not in swagger.content.decode().lower()  # served from our own static files
