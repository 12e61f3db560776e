"""Rumasta declares its action fields: unknown keys never reach the move log, and
``GET …/legal`` lists every Rumasta action type (issue 25, item 27)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from games.models import Game
from tests.api.conftest import Call, token_for
from tests.api.test_games_api import _start, _wait_for_turn

pytestmark = pytest.mark.django_db
TYPES = ["cut", "take", "take_both", "draw", "roll", "pick", "meld", "add", "switch", "discard"]
TYPES += ["heart", "call_out", "pass", "next_round", "timeout"]


def _move_with_junk(view: dict[str, Any]) -> dict[str, Any]:
    """A legal move for the program's first prompt, padded with keys no move has."""
    junk = {"note": "remember me", "extra": list(range(500))}
    if view["phase"] == "cut":
        return {"type": "cut", "count": view["cut"]["target"], **junk}
    junk["extra"] = [[n] for n in range(500)]  # extra means melds in a take: still not a draw's
    return {"type": "draw", **junk}


def test_unknown_keys_of_a_rumasta_action_are_not_stored(user: Any, call: Call) -> None:
    token = token_for(user)
    game = _wait_for_turn(call, token, _start(call, token, "rumasta", players=2, teams="none"))
    for _ in range(40):  # a computer's black 3 window holds moves for 3 s: wait it out
        action = _move_with_junk(game["view"])
        body = {"version": game["version"], "action": action}
        status, data = call("POST", f"/games/{game['id']}/actions", token, body)
        if data.get("code") != "held":
            break
        time.sleep(0.25)
        game = _wait_for_turn(call, token, game)
    assert status == 200, data
    stored = Game.objects.get(id=game["id"]).moves.get(seq=game["version"] + 1).action
    assert set(stored) == {"type", "count"} if action["type"] == "cut" else {"type"}
    assert len(json.dumps(stored)) < 60


def test_legal_lists_every_rumasta_action_type(user: Any, call: Call) -> None:
    token = token_for(user)
    game = _wait_for_turn(call, token, _start(call, token, "rumasta", players=2, teams="none"))
    status, legal = call("GET", f"/games/{game['id']}/legal", token)
    assert status == 200 and [a["type"] for a in legal["actions"]] == TYPES
    by_type = {a["type"]: a for a in legal["actions"]}
    assert by_type["timeout"]["legal_now"] is True
    assert by_type["take"]["needs_fields"] and not by_type["draw"]["needs_fields"]
    discard = by_type["discard"]["schema"]["properties"]["cards"]
    assert discard["maxItems"] == 2  # one card for each pile (null with fewer than two)


def test_a_rumasta_move_with_a_field_out_of_range_is_refused(user: Any, call: Call) -> None:
    token = token_for(user)
    game = _wait_for_turn(call, token, _start(call, token, "rumasta", players=2, teams="none"))
    before = Game.objects.get(id=game["id"]).version
    action = {"type": "take", "pile": 7, "cards": []}
    body = {"version": game["version"], "action": action}
    status, data = call("POST", f"/games/{game['id']}/actions", token, body)
    assert status == 422 and data["code"] == "malformed"
    assert Game.objects.get(id=game["id"]).version == before
