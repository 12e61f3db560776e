"""The API's pages and its refusals in Romanian (issue 36): the guide and the token page read
in Romanian, a refusal's ``detail`` follows the request's Accept-Language while its ``code``
stays the same word, and the OpenAPI document is the same English contract for every reader."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from api.models import PLAY, READ
from tests.api.conftest import API, token_for
from tests.api.visible_text import visible_text
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}


def test_the_guide_reads_in_romanian() -> None:
    text = visible_text(Client().get("/api/", **RO).content.decode())
    for romanian in (
        "API-ul pentru programe",
        "Primii pași",
        "Așază-ți programul într-o cameră",
        "Scrie-ți propriul bot",
        "Limite și refuzuri",
    ):
        assert romanian in text, romanian
    for english in ("Getting started", "Write your own bot", "Seat your program in a room"):
        assert english not in text, english
    assert "rooms/{id}/wait" in text  # the API's own words stay as they are


def test_the_token_page_and_its_form_errors_read_in_romanian(user: Any) -> None:
    browser = signed_in(user)
    browser.defaults.update(RO)
    token_for(user, READ)
    page = visible_text(browser.get("/api/tokens/").content.decode())
    for romanian in ("Tokenuri API", "Tokenurile tale", "Creează un token", "Revocă", "Permisiuni"):
        assert romanian in page, romanian
    assert "Your tokens" not in page and "Make a token" not in page
    refused = browser.post("/api/tokens/", {"name": "  ", "scopes": []})
    assert refused.status_code == 400
    errors = visible_text(refused.content.decode())
    assert "Alege cel puțin o permisiune." in errors
    assert "Choose at least one scope." not in errors
    made = browser.post("/api/tokens/", {"name": "robo", "scopes": [READ, PLAY]})
    assert "Copiază-l acum: se arată doar de data aceasta." in visible_text(made.content.decode())


def test_a_refusal_speaks_the_requests_language_and_keeps_its_code(client: Client) -> None:
    english = client.get(f"{API}/games")
    romanian = client.get(f"{API}/games", **RO)
    assert english.status_code == romanian.status_code == 401
    assert english.json()["code"] == romanian.json()["code"] == "unauthenticated"
    assert english.json()["detail"].startswith("Send a valid personal access token")
    assert romanian.json()["detail"].startswith("Trimite un token personal de acces valid")


def test_a_missing_game_is_refused_in_romanian(user: Any, client: Client) -> None:
    token = token_for(user)
    answer = client.get(
        f"{API}/games/00000000-0000-0000-0000-000000000000",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        **RO,
    )
    assert answer.status_code == 404
    assert answer.json() == {
        "detail": "Partida nu există (sau nu e a programului tău).",
        "code": "no_game",
    }


def test_the_kinds_name_games_and_levels_in_the_readers_words(client: Client) -> None:
    english = {k["kind"]: k for k in client.get(f"{API}/kinds").json()}
    romanian = {k["kind"]: k for k in client.get(f"{API}/kinds", **RO).json()}
    assert english.keys() == romanian.keys()  # the codes stay the same words
    assert english["romanian_tile_rummy"]["name"] == "Romanian Tile Rummy"
    assert romanian["romanian_tile_rummy"]["name"] == "Remi pe tablă"
    assert romanian["tile_rummy"]["name"] == "Tile Rummy"  # a name stays a name
    levels = [lv["label"] for lv in romanian["tile_rummy"]["levels"]]
    assert "Ușor" in levels and [lv["key"] for lv in romanian["tile_rummy"]["levels"]] == [
        lv["key"] for lv in english["tile_rummy"]["levels"]
    ]


def test_the_openapi_document_is_the_same_english_for_every_reader(client: Client) -> None:
    english = client.get(f"{API}/openapi.json", HTTP_ACCEPT_LANGUAGE="en").content
    romanian = client.get(f"{API}/openapi.json", **RO).content
    assert english == romanian
    assert b"What was wrong, in a sentence a person can act on." in english
