"""Other players' turns: shown one at a time, each with a line saying what happened."""

from __future__ import annotations

import html
import re

import pytest

from games.models import Game
from tests.engine.rumbaroo.rb_helpers import build
from tests.web.rumbaroo.conftest import HX, post, put_state, state_of


def text(response) -> str:
    return html.unescape(response.content.decode())


def new_game(client, players: int, difficulty: str = "joey") -> Game:
    response = client.post(
        "/rumbaroo/new/", {"difficulty": difficulty, "players": players, "target": 50}
    )
    return Game.objects.get(id=response.url.rstrip("/").split("/")[-1])


@pytest.mark.django_db(transaction=True)
def test_computer_turns_are_shown_one_at_a_time_with_a_line_each(client) -> None:
    game = new_game(client, 3)
    put_state(game, build(["B1 B2 B3", "G1 G7 G11", "Y2 Y7 Y11"], pile="R5", pool_top="B9 Y8 G8"))
    start = game.version
    body = text(post(client, game, "draw"))
    game.refresh_from_db()
    assert game.version == start + 3  # our draw and both computers', all in-process
    assert "You drew a tile." in body and f"?at={start + 2}" in body
    assert "load delay:350ms" in body  # Fast by default
    assert 'data-testid="call"' not in body  # a frame: no controls
    second = text(client.get(f"/rumbaroo/g/{game.id}/board/?at={start + 2}", **HX))
    status = re.search(r'data-testid="status"[^>]*>\s*(.*?)\s*</p>', second, re.S).group(1)
    assert status == "Joey 1 drew a tile." and f"?at={start + 3}" in second
    third = text(client.get(f"/rumbaroo/g/{game.id}/board/?at={start + 3}", **HX))
    assert "Your turn" in third and "every 1s" not in third
    log = re.search(r'data-testid="log">(.*?)</ol>', third, re.S).group(1)
    assert log.endswith("<li>Joey 1 drew a tile.</li><li>Joey 2 drew a tile.</li>")


@pytest.mark.django_db(transaction=True)
def test_a_slower_speed_spaces_the_frames_out(client) -> None:
    game = new_game(client, 2)
    put_state(game, build(["B1 B2 B3", "G1 G7 G11"], pile="R5", pool_top="B9 Y8"))
    post(client, game, "speed", speed="slow")
    body = text(post(client, game, "draw"))
    assert "load delay:1500ms" in body


@pytest.mark.django_db(transaction=True)
def test_the_log_tells_what_a_computer_did_without_private_tiles(client) -> None:
    game = new_game(client, 2)
    put_state(game, build(["B1 B2 B3", "R-POUCH J G1 G2"], pile="R5", pool_top="B9"))
    body = text(post(client, game, "draw"))
    state = state_of(game)
    wild = state.pouches[1][0]
    page = text(client.get(f"/rumbaroo/g/{game.id}/"))
    assert "Joey 1 played red Pouch and tucked a tile into the pouch." in page
    for shown in (body, page):
        assert f'data-tile="{wild}"' not in shown and f'value="{wild}"' not in shown
    player = re.search(r'data-testid="player-1">(.*?)</li>', page, re.S).group(1)
    assert "+ pouch" in player


@pytest.mark.django_db
def test_while_a_worker_plays_the_board_polls(client, crafted, django_capture_on_commit_callbacks):
    game = crafted(["B1 B2 B3", "G1 G7 G11"], pile="R5", pool_top="B9 Y8")
    start = game.version
    with django_capture_on_commit_callbacks(execute=False) as queued:
        body = text(post(client, game, "draw"))
    assert "Waiting for Joey 1" in body and f"?at={start + 2}" in body and "every 1s" in body
    assert client.get(f"/rumbaroo/g/{game.id}/board/?at={start + 2}", **HX).status_code == 204
    for callback in queued:  # the worker's turn lands
        with django_capture_on_commit_callbacks(execute=True):
            callback()
    assert "You drew a tile." in text(
        client.get(f"/rumbaroo/g/{game.id}/board/?at={start + 1}", **HX)
    )
    assert "Your turn" in text(client.get(f"/rumbaroo/g/{game.id}/board/?at={start + 2}", **HX))
