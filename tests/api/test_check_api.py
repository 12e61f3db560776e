"""``POST games/{id}/check``: a dry run that answers as a move would be answered, changing
nothing; and ``GET games/{id}/legal``'s choices, each accepted when sent."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from games import catalogue
from games.models import Game
from tests.api.conftest import Call, token_for
from tests.api.test_games_api import _snapshot, _start, _wait_for_turn

pytestmark = pytest.mark.django_db
READY = [pytest.param(e, id=e.kind) for e in catalogue.ready()]


def _legal(call: Call, token: str, game: dict[str, Any]) -> dict[str, Any]:
    status, legal = call("GET", f"/games/{game['id']}/legal", token)
    assert status == 200
    return legal


@pytest.mark.parametrize("entry", READY)
def test_check_answers_as_the_move_would_and_changes_nothing(
    entry: Any, user: Any, call: Call
) -> None:
    token = token_for(user)
    game = _wait_for_turn(call, token, _start(call, token, entry.kind))
    legal = _legal(call, token, game)
    before = _snapshot(game["id"])
    check = f"/games/{game['id']}/check"
    own = {a["type"] for a in legal["actions"]}
    foreign = next(t for t in ("cut", "play", "snap", "doubla") if t not in own)  # another game's
    bad = [
        {"type": foreign},
        {"type": "discard", "tile": 10**6},
        {"type": "next_round"},
    ]
    for action in bad:
        body = {"version": game["version"], "action": action}
        status, answer = call("POST", check, token, body)
        assert status == 200 and answer["accepted"] is False, action
        assert _snapshot(game["id"]) == before
        status, refused = call("POST", f"/games/{game['id']}/actions", token, body)
        assert status == 422
        assert (answer["code"], answer["detail"]) == (refused["code"], refused["detail"])
    body = {"version": game["version"], "action": {"type": "no-such-move"}}
    status, refused = call("POST", check, token, body)
    assert (status, refused["code"]) == (400, "malformed")  # outside the schema: as for a move
    choices = [c for a in legal["actions"] for c in a["choices"]]
    assert choices, legal
    for choice in choices[:10]:
        body = {"version": game["version"], "action": choice}
        status, answer = call("POST", check, token, body)
        assert status == 200 and answer == {
            "accepted": True,
            "code": None,
            "detail": None,
            "version": game["version"],
        }
    assert _snapshot(game["id"]) == before
    first = {"version": game["version"], "action": choices[0]}
    status, stale = call("POST", check, token, {**first, "version": game["version"] + 1})
    assert status == 409 and stale["code"] == "stale"
    status, played = call("POST", f"/games/{game['id']}/actions", token, first)
    assert status == 200 and played["version"] > game["version"]


@pytest.mark.parametrize("entry", READY)
def test_legal_lists_choices_for_the_turn_and_composed_types(
    entry: Any, user: Any, call: Call
) -> None:
    token = token_for(user)
    game = _wait_for_turn(call, token, _start(call, token, entry.kind))
    legal = _legal(call, token, game)
    assert legal["my_turn"] and legal["hold_seconds"] == 0
    for action in legal["actions"]:
        told = bool(action["choices"]) or bool(action["slots"])
        assert action["legal_now"] == (told or action["composed"])
        for choice in action["choices"]:
            assert choice["type"] == action["type"]
        if action["slots"]:  # a family: one list of allowed values per position of its field
            assert action["slots"]["field"] in action["schema"]["properties"]
            assert all(action["slots"]["options"])
    assert any(a["legal_now"] and a["type"] != "timeout" for a in legal["actions"])


def test_check_counts_against_the_request_limit(user: Any, call: Call, settings: Any) -> None:
    token = token_for(user)
    game = _start(call, token, catalogue.CATALOGUE[0].kind)
    version = Game.objects.get(id=game["id"]).version
    settings.API_REQUEST_LIMIT = (3, 60)
    cache.clear()  # the counts start here
    body = {"version": version, "action": {"type": "draw"}}
    answers = []
    for _ in range(4):
        answers.append(call("POST", f"/games/{game['id']}/check", token, body)[0])
        headers = call.last  # type: ignore[attr-defined]
        assert headers["RateLimit-Policy"] == '"requests";q=3;w=60'
    assert answers[:3] == [200, 200, 200] and answers[3] == 429
    assert headers["RateLimit"].startswith('"requests";r=0;t=')
    assert 1 <= int(headers["Retry-After"]) <= 60
    assert Game.objects.get(id=game["id"]).version == version
