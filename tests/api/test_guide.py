"""The guide (/api/) states what a program needs: legal choices and the dry run, rooms step
by step, the limits the server applies (from its settings) and the reference bot; and the
OpenAPI document states the same limits."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.catalogue import ready

pytestmark = pytest.mark.django_db
VERBS = ("check", "actions")  # each game's own dry run and move (its actions' own schema)


def test_the_guide_states_the_limits_rooms_and_the_bot(client: Client, settings: Any) -> None:
    settings.API_REQUEST_LIMIT = (123, 45)
    settings.API_WAIT_MAX_SECONDS = 30
    html = client.get("/api/").content.decode()
    for text in (
        "123 every 45 seconds",
        '"requests";q=123;w=45',
        "Retry-After",
        "1 to 30 seconds",
        "POST rooms/join",
        "rooms/{id}/wait",
        "Seat your program in a room",
        "games/{id}/check",
        "examples/reference_bot.py",
        "Write your own bot",
        "hold_seconds",
        "<code>slots</code>",
        "GET challenges",
        "challenges/{id}/accept",
        "--challenge",
        "pile 0",
    ):
        assert text in html, text


def test_the_schema_states_limits_timeouts_and_choices(client: Client, settings: Any) -> None:
    settings.API_REQUEST_LIMIT = (123, 45)
    schema = client.get("/api/v1/openapi.json").json()
    legal = schema["paths"]["/api/v1/games/{game_id}/legal"]["get"]["responses"]
    assert set(legal["429"]["headers"]) == {"RateLimit", "RateLimit-Policy", "Retry-After"}
    assert "123 requests every 45 s" in legal["200"]["headers"]["RateLimit-Policy"]["description"]
    wait = schema["paths"]["/api/v1/games/{game_id}/wait"]["get"]["parameters"]
    timeout = next(p for p in wait if p["name"] == "timeout")["schema"]
    assert (timeout["minimum"], timeout["maximum"]) == (1, 30)
    action = schema["components"]["schemas"]["ActionType"]["properties"]
    assert {"choices", "composed", "legal_now", "slots"} <= set(action)
    slots = schema["components"]["schemas"]["ChoiceSlots"]["properties"]
    assert {"field", "options", "distinct"} <= set(slots)
    paths = ["/api/v1/rooms", "/api/v1/rooms/join"]
    paths += [f"/api/v1/{e.kind}/games/{{game_id}}/{verb}" for e in ready() for verb in VERBS]
    for path in paths:
        assert path in schema["paths"], path
