"""Each game's actions have their own schema: a move that fits a game's published action
schema is one that game has, so it is never refused as unknown (schemathesis ST202 found
``{"type": "add"}``, a Rumasta move, valid by the one schema every game shared and
refused by Tile Rummy as "unknown action").

The published bodies are read from the served document, at each game's own endpoints
(``/<kind>/games/{game_id}/actions`` and ``…/check``); nothing here names a game's moves.
"""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import pytest
from django.test import Client

from api import legal
from api.legal import action_types
from games import catalogue
from games.action_schema import clean_action
from games.models import Game
from tests.api.conftest import Call

pytestmark = pytest.mark.django_db
READY = [pytest.param(e, id=e.kind) for e in catalogue.ready()]
VERBS = ("actions", "check")
PLAYOUT_STEPS = 150


@pytest.fixture
def published(client: Client) -> dict[str, Any]:
    return client.get("/api/v1/openapi.json").json()


def body_validator(document: dict[str, Any], kind: str, verb: str) -> Any:
    """The request body schema of a game's own endpoint, its references resolved."""
    operation = document["paths"][f"/api/v1/{kind}/games/{{game_id}}/{verb}"]["post"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    return jsonschema_rs.validator_for({**body, "components": document["components"]})


def types_of(entry: Any) -> list[str]:
    return action_types(catalogue.load(entry.engine))


def _start(call: Call, token: str, kind: str) -> str:
    status, game = call("POST", "/games", token, {"kind": kind})
    assert status == 201, game
    return str(game["id"])


def _tile_rummy_move(call: Call, token: str, kind: str) -> tuple[str, dict[str, Any]]:
    """A new Tile Rummy game and a body sending a ``kind`` move at its version."""
    game_id = _start(call, token, "tile_rummy")
    return game_id, {"version": _version(game_id), "action": {"type": kind}}


def _version(game_id: str) -> int:
    return Game.objects.get(id=game_id).version


@pytest.mark.parametrize("entry", READY)
def test_a_games_action_schema_admits_its_types_and_no_other(
    entry: Any, published: dict[str, Any]
) -> None:
    others = {t for e in catalogue.ready() for t in types_of(e)} - set(types_of(entry))
    assert others, "every game has a type another game lacks"
    for verb in VERBS:
        valid = body_validator(published, entry.kind, verb)
        for kind in types_of(entry):
            assert valid.is_valid({"version": 0, "action": {"type": kind}}), (verb, kind)
        for kind in sorted(others):
            assert not valid.is_valid({"version": 0, "action": {"type": kind}}), (verb, kind)


def test_add_is_outside_tile_rummys_schema(published: dict[str, Any]) -> None:
    """The case schemathesis found, by name."""
    valid = body_validator(published, "tile_rummy", "actions")
    assert not valid.is_valid({"version": 0, "action": {"type": "add"}})


@pytest.mark.parametrize("entry", READY)
def test_a_schema_valid_action_is_never_unknown_to_its_game(
    entry: Any, call: Call, token: str, published: dict[str, Any]
) -> None:
    """Every type the game's schema admits, in its least form, reaches the game's own rules.

    Sent to the dry run (nothing changes): refused or not, never as ``unknown_action``.
    (A move may still lack a field its type needs, such as a play without its table: the
    engines do not declare which fields a type requires, so the schema cannot either.)
    """
    game_id = _start(call, token, entry.kind)
    version = _version(game_id)
    valid = body_validator(published, entry.kind, "check")
    for kind in types_of(entry):
        body = {"version": version, "action": {"type": kind}}
        assert valid.is_valid(body)
        status, answer = call("POST", f"/{entry.kind}/games/{game_id}/check", token, body)
        assert status == 200, answer
        assert answer["code"] != "unknown_action", (kind, answer)


def test_a_type_of_another_game_is_a_malformed_request_there(call: Call, token: str) -> None:
    """Outside the schema, so refused as a request (400), not as a move; nothing changes."""
    game_id, body = _tile_rummy_move(call, token, "add")
    status, answer = call("POST", f"/tile_rummy/games/{game_id}/actions", token, body)
    assert (status, answer["code"]) == (400, "malformed")
    assert "'play', 'draw'" in answer["detail"]
    assert _version(game_id) == body["version"]


def test_the_any_game_endpoints_still_answer_as_before(call: Call, token: str) -> None:
    """Programs written before the per-game endpoints keep working (no longer published)."""
    game_id, body = _tile_rummy_move(call, token, "add")
    status, answer = call("POST", f"/games/{game_id}/actions", token, body)
    assert (status, answer["code"]) == (422, "unknown_action")
    status, answer = call("POST", f"/games/{game_id}/check", token, body)
    assert (status, answer["accepted"], answer["code"]) == (200, False, "unknown_action")


def test_a_game_of_another_kind_is_not_found_at_a_games_endpoints(call: Call, token: str) -> None:
    game_id, body = _tile_rummy_move(call, token, "draw")
    for entry in catalogue.ready():
        if entry.kind != "tile_rummy" and "draw" in types_of(entry):
            for verb in VERBS:
                status, answer = call("POST", f"/{entry.kind}/games/{game_id}/{verb}", token, body)
                assert status == 404, (entry.kind, verb, answer)
    assert _version(game_id) == body["version"]


OUTSIDE = [  # each outside Tile Rummy's published action body, for a different reason
    {"type": "draw", "colour": "R"},  # a field the type does not have
    {"type": "play", "table": [["4"]]},  # an id as text
    {"type": "play", "table": [[True]]},  # an id as true
    {"type": "play", "table": [[4.5]]},  # an id with a fraction
    {"type": "play", "table": None},  # null for a list
    {"type": "play", "table": [[10**6]]},  # an id out of range
]


@pytest.mark.parametrize("action", OUTSIDE)
def test_what_the_schema_refuses_a_games_endpoint_refuses(
    action: dict[str, Any], call: Call, token: str, published: dict[str, Any]
) -> None:
    """The published body and the reading of a request agree: outside it is a 400."""
    game_id, body = _tile_rummy_move(call, token, "draw")
    body["action"] = action
    for verb in VERBS:
        assert not body_validator(published, "tile_rummy", verb).is_valid(body), action
        status, answer = call("POST", f"/tile_rummy/games/{game_id}/{verb}", token, body)
        assert (status, answer["code"]) == (400, "malformed"), (verb, action, answer)
    assert _version(game_id) == body["version"]


@pytest.mark.parametrize("version", [False, True, "0", 0.5, None, -1])
def test_a_version_outside_the_schema_is_refused_as_the_schema_says(
    version: Any, call: Call, token: str, published: dict[str, Any]
) -> None:
    """Schemathesis once saw ``"version": false`` read as 0 by pydantic and checked (200)."""
    game_id, body = _tile_rummy_move(call, token, "draw")
    body["version"] = version
    for verb in VERBS:
        assert not body_validator(published, "tile_rummy", verb).is_valid(body), version
        status, answer = call("POST", f"/tile_rummy/games/{game_id}/{verb}", token, body)
        assert (status, answer["code"]) == (400, "malformed"), (verb, version, answer)


@pytest.mark.parametrize("entry", READY)
def test_every_listed_choice_fits_its_games_action_body(
    entry: Any, published: dict[str, Any]
) -> None:
    """A choice GET legal lists is sent as it stands: the game's own body must take it."""
    engine = catalogue.load(entry.engine)
    bot = catalogue.load(entry.bot).choose_action
    valid = body_validator(published, entry.kind, "actions")
    config = dict(entry.contract_configs[0])
    state = engine.new_game(config, 41)
    for _ in range(PLAYOUT_STEPS):
        for seat in sorted(engine.to_act(state)):
            for kind, listed in legal.listing(engine, state, seat).items():
                for choice in listed["choices"]:
                    assert valid.is_valid({"version": 0, "action": choice}), (kind, choice)
        outcome = engine.result(state)
        if outcome is not None and outcome.game_over:
            break
        seat = min(engine.to_act(state))
        action = bot(engine.view(state, seat), entry.levels[0].key, **entry.contract_bot_options)
        state, _ = engine.apply(state, seat, clean_action(engine, action or engine.TIMEOUT_ACTION))
