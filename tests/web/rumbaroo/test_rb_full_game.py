"""Whole games through the pages: my seat's moves come from a bot, sent as a person's POSTs.

Each bot move is turned into the requests the table sends (a discard with its
answers, the Rumbaroo! toggle, a draft confirmed as a meld, draw, keep, take,
next round), so every view, prompt answer and log line meets real positions.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.bots.rumbaroo import choose_action
from games.engine import rumbaroo as rb
from games.models import Seat
from tests.web.rumbaroo.conftest import post, state_of

pytestmark = pytest.mark.django_db
ANSWERS = ("colour", "stash", "steal", "give", "target", "number", "pair")


def send(client, game, action: dict[str, Any]) -> Any:
    """The requests a person would make for ``action``; returns the last response."""
    kind = action["type"]
    if action.get("call"):
        assert post(client, game, "call").status_code == 200
    if kind in ("discard", "snap"):
        data = {k: action[k] for k in ANSWERS if k in action}
        if action.get("stampede"):
            data["stampede"] = 1
        return post(client, game, "discard", tile=action["tile"], asked=1, **data)
    if kind == "meld":
        game.refresh_from_db()
        seat = Seat.objects.get(game=game, index=0)
        draft = (seat.turn_draft or {}) if seat.turn_draft else {}
        seat.turn_draft = {
            "table": action["table"],
            "swaps": action.get("swaps", []),
            "call": bool(draft.get("call")),
            "version": game.version,
        }
        seat.save()
        free = action.get("free")
        data = {"free_target": free["target"], "free_kind": free["kind"]} if free else {}
        return post(client, game, "confirm", **data)
    name = {"draw": "draw", "pass": "keep", "take": "take", "next_round": "next-round"}[kind]
    return post(client, game, name)


@pytest.mark.parametrize(
    ("difficulty", "players"),
    [
        ("joey", 2),
        ("wallaby", 3),
        ("big_red", 4),
        ("big_red", 6),
    ],
)
def test_a_whole_game_through_the_pages(
    client, start_rb, django_capture_on_commit_callbacks, caplog, difficulty, players
) -> None:
    game = start_rb(difficulty=difficulty, players=players)
    for _ in range(600):
        state = state_of(game)
        if state.phase == "game_over":
            break
        assert 0 in rb.to_act(state), state.phase  # the computers have had their turns
        action = choose_action(rb.view(state, 0), difficulty)
        before = game.version
        with django_capture_on_commit_callbacks(execute=True):
            response = send(client, game, dict(action))
        assert response.status_code == 200, response.content.decode()[:2000]
        game.refresh_from_db()
        assert game.version > before
        page = client.get(f"/rumbaroo/g/{game.id}/")
        assert page.status_code == 200
        for seq in range(before + 1, game.version):
            frame = client.get(f"/rumbaroo/g/{game.id}/board/?at={seq}", HTTP_HX_REQUEST="true")
            assert frame.status_code == 200
    game.refresh_from_db()
    assert game.status == "finished"
    # The computers' moves were all legal: the service never fell back to a draw.
    assert "computer move refused" not in caplog.text
    assert "Game over" in client.get(f"/rumbaroo/g/{game.id}/").content.decode()
