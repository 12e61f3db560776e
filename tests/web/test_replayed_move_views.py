"""A table's POST sent again after its answer was lost: one move, no error (issue 37, 5 e).

static/js/table.js sends a POST again, with the same fields and an ``X-Retry`` header,
when no answer came. Through every ready game's own views: the same move twice is
played once and both answers are the board without an error; a different POST from
the old page still hears that the game moved on; a move built from the seat's draft
(which the move cleared) and a draft step are answered without being applied twice.
"""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import catalogue
from games.engine import tile_rummy as tr
from games.engine.base import IllegalAction
from games.engine.registry import engine_for
from games.models import Game, Move
from games.table_flow import RESENT
from tests.engine.helpers import build
from tests.security.conftest import deal, device_key_of
from tests.web.conftest import put_state, snapshot

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
AGAIN = {**HX, f"HTTP_{RESENT.upper().replace('-', '_')}": "1"}
SIMPLE = ("draw", "decline")  # a move of one word, its view named after it, in every game


def first_move(game: Game) -> str:
    """A one-word move the person in seat 0 may make now."""
    engine = engine_for(game.kind)
    for kind in SIMPLE:
        try:
            engine.apply(engine.from_json(game.state), 0, {"type": kind})
        except IllegalAction:
            continue
        return kind
    raise AssertionError(f"no one-word move for seat 0 in {game.kind}")


def send(client: Client, game: Game, name: str, version: int, headers: dict[str, str]) -> Any:
    url = reverse(f"{catalogue.get(game.kind).url_name}:{name}", kwargs={"game_id": game.id})
    return client.post(url, {"version": version}, **headers)


def text(response: Any) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def dealt_to_client(client: Client, django_capture_on_commit_callbacks: Any):
    def start(entry: catalogue.GameEntry) -> Game:
        with django_capture_on_commit_callbacks(execute=True):
            game = deal(entry, device_key_of(client))
        game.refresh_from_db()
        return game

    return start


@pytest.mark.parametrize("resent", [False, True], ids=["sent-twice", "resent"])
@pytest.mark.parametrize("entry", list(catalogue.ready()), ids=lambda e: e.kind)
def test_the_same_post_twice_is_one_move_and_no_error(
    client: Client, dealt_to_client, django_capture_on_commit_callbacks, entry, resent: bool
) -> None:
    game = dealt_to_client(entry)
    name, sent_at = first_move(game), game.version
    with django_capture_on_commit_callbacks(execute=True):
        first = send(client, game, name, sent_at, HX)
    assert first.status_code == 200, text(first)[:400]
    before = snapshot(game)
    assert before[0] > sent_at

    again = send(client, game, name, sent_at, AGAIN if resent else HX)

    assert again.status_code == 200, text(again)[:400]
    assert 'data-testid="error"' not in text(again) and "moved on" not in text(again)
    assert 'id="board"' in text(again)
    assert snapshot(game) == before  # nothing played again
    assert Move.objects.filter(game=game, seat=0, seq__gt=sent_at).count() == 1


@pytest.mark.parametrize("entry", list(catalogue.ready()), ids=lambda e: e.kind)
def test_a_different_post_from_the_old_page_still_hears_the_game_moved_on(
    client: Client, dealt_to_client, django_capture_on_commit_callbacks, entry
) -> None:
    game = dealt_to_client(entry)
    name, sent_at = first_move(game), game.version
    with django_capture_on_commit_callbacks(execute=True):
        assert send(client, game, name, sent_at, HX).status_code == 200
    before = snapshot(game)
    other = send(client, game, "next_round", sent_at, HX)
    assert other.status_code == 409 and "moved on" in text(other)
    assert snapshot(game) == before


# --- Tile Rummy: Confirm plays the seat's draft, which the move clears ------------------


def rework(client: Client, start_game) -> tuple[Game, int]:
    """Seat 0 (the client) has opened and puts R8 onto the run in its draft."""
    game = start_game()
    state = build(["R8 B4 K1", "K2 K3 K5"], table=["R4 R5 R6 R7"], opened=[True, False])
    put_state(game, state)
    tile = next(t for t in state.racks[0] if str(tr.face_of(t)) == "R8")
    data = {"version": game.version, "tile": tile, "to": "0"}
    assert client.post(f"/tile-rummy/g/{game.id}/move/", data, **HX).status_code == 200
    return game, game.version


def test_a_resent_confirm_already_played_is_answered_with_the_board(
    client: Client, start_game, django_capture_on_commit_callbacks
) -> None:
    game, sent_at = rework(client, start_game)
    with django_capture_on_commit_callbacks(execute=True):
        assert send(client, game, "confirm", sent_at, HX).status_code == 200
    before = snapshot(game)

    again = send(client, game, "confirm", sent_at, AGAIN)

    assert again.status_code == 200 and 'data-testid="error"' not in text(again)
    assert snapshot(game) == before
    assert Move.objects.get(game=game, seq=sent_at + 1).action["type"] == "play"
    # Sent twice by hand (no resend), the second Confirm finds no draft, as before.
    twice = send(client, game, "confirm", sent_at, HX)
    assert twice.status_code == 422 and "Place a tile from your rack first." in text(twice)


# --- Rumbaroo: a Rumbaroo! call is a draft step, and rides along with the move ------------


def test_a_resent_call_stays_pressed_and_the_draw_it_rode_with_is_played_once(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        made = client.post("/rumbaroo/new/", {"difficulty": "joey", "players": 2, "target": 50})
    game = Game.objects.get(id=made.url.rstrip("/").split("/")[-1])
    version = game.version
    assert send(client, game, "call", version, HX).status_code == 200
    # Sent again, the toggle is not applied twice: the call stays pressed, not released.
    assert send(client, game, "call", version, AGAIN).status_code == 200
    assert game.seats.get(index=0).turn_draft["call"] is True
    with django_capture_on_commit_callbacks(execute=True):
        assert send(client, game, "draw", version, HX).status_code == 200
    before = snapshot(game)
    again = send(client, game, "draw", version, AGAIN)
    assert again.status_code == 200 and 'data-testid="error"' not in text(again)
    assert snapshot(game) == before
    assert Move.objects.get(game=game, seq=version + 1).action == {"type": "draw", "call": True}
