"""The table pages: refusals leave the game unchanged, and a page shows one rack only."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games.engine import tile_rummy as tr
from games.models import Game
from tests.engine.helpers import build
from tests.web.conftest import put_state, refused, snapshot

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def my_turn_game(start_game, **kwargs) -> Game:
    """A game where seat 0 (the client) is to play a crafted position."""
    game = start_game()
    state = build(**{"racks": ["R10 R11 R12 B3 Y3", "K1 K2 K5"], "pool_top": "Y9", **kwargs})
    return put_state(game, state)


def post(client: Client, game: Game, name: str, **data):
    data.setdefault("version", game.version)
    return client.post(f"/tile-rummy/g/{game.id}/{name}/", data, **HX)


def text(response) -> str:
    return html.unescape(response.content.decode())


def tile_id(game: Game, seat: int, face: str) -> int:
    rack = tr.from_json(game.state).racks[seat]
    return next(t for t in rack if str(tr.face_of(t)) == face)


def test_setup_page_and_new_game(client, start_game) -> None:
    page = client.get("/tile-rummy/new/")
    assert page.status_code == 200 and b"Computer level" in page.content
    game = start_game(level="expert", opponents=3, meld_rule="shared")
    assert game.config == {"players": 4, "meld_rule": "shared", "target": 200}
    assert [s.computer_level for s in game.seats.all()] == ["", "expert", "expert", "expert"]


def test_setup_refuses_a_malformed_choice(client) -> None:
    response = client.post(
        "/tile-rummy/new/", {"level": "godlike", "opponents": 9, "meld_rule": "x"}
    )
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_the_page_shows_my_rack_and_never_another_rack(client, start_game) -> None:
    game = start_game(opponents=3)
    state = tr.from_json(game.state)
    html = client.get(f"/tile-rummy/g/{game.id}/").content.decode()
    shown = {int(t) for t in re.findall(r'data-tile="(\d+)"', html)}
    table = {t for s in state.table for t in s}
    assert set(state.racks[0]) <= shown
    for other in state.racks[1:]:
        assert not shown & set(other)
    assert not shown & set(state.pool)
    assert shown == set(state.racks[0]) | table
    assert str(game.seed) not in html


def test_a_stranger_gets_404(client, start_game) -> None:
    game = start_game()
    stranger = Client()
    assert stranger.get(f"/tile-rummy/g/{game.id}/").status_code == 404
    assert (
        stranger.post(f"/tile-rummy/g/{game.id}/draw/", {"version": game.version}).status_code
        == 404
    )


def test_moving_a_tile_builds_a_draft_that_survives_a_reload(client, start_game) -> None:
    game = my_turn_game(start_game)
    r10 = tile_id(game, 0, "R10")
    response = post(client, game, "move", tile=r10, to="new")
    assert response.status_code == 200
    draft = game.seats.get(index=0).turn_draft
    assert draft["placed"] == [r10] and draft["table"] == [[r10]]
    page = client.get(f"/tile-rummy/g/{game.id}/").content.decode()
    assert 'class="tile c-R placed"' in page
    assert Game.objects.get(id=game.id).version == game.version


def test_confirming_a_valid_opening_plays_it(
    client, start_game, django_capture_on_commit_callbacks
) -> None:
    game = my_turn_game(start_game)
    for face, to in (("R10", "new"), ("R11", "0"), ("R12", "0")):
        assert post(client, game, "move", tile=tile_id(game, 0, face), to=to).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, game, "confirm")
    assert response.status_code == 200
    mine = game.moves.get(seq=game.version + 1)
    game.refresh_from_db()
    state = tr.from_json(game.state)
    assert [str(tr.face_of(t)) for t in state.table[0]] == ["R10", "R11", "R12"]
    assert state.opened[0] and mine.seat == 0 and mine.action["type"] == "play"
    assert game.seats.get(index=0).turn_draft is None


def test_an_illegal_draft_is_refused_with_the_reason(client, start_game) -> None:
    game = my_turn_game(start_game)
    for face in ("R10", "B3", "Y3"):
        post(client, game, "move", tile=tile_id(game, 0, face), to="new" if face == "R10" else "0")
    refused(game, lambda: post(client, game, "confirm"), 422, "Set 1:")


def test_an_opening_under_30_is_refused(client, start_game) -> None:
    game = my_turn_game(start_game, racks=["R2 R3 R4 B9", "K1 K2 K5"])
    for face, to in (("R2", "new"), ("R3", "0"), ("R4", "0")):
        post(client, game, "move", tile=tile_id(game, 0, face), to=to)
    refused(game, lambda: post(client, game, "confirm"), 422, "worth 9")


def test_a_forged_seat_is_refused(client, start_game) -> None:
    game = my_turn_game(start_game)
    refused(game, lambda: post(client, game, "draw", seat=1), 403, "seat isn't yours")


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("draw", {"version": "abc"}),
        ("move", {"tile": "R5", "to": "0"}),
        ("move", {"tile": "9999", "to": "new"}),
        ("move", {"to": "new"}),
        ("move", {"tile": "0", "to": "17"}),
        ("confirm", {}),
    ],
)
def test_a_malformed_post_is_refused_and_changes_nothing(client, start_game, name, data) -> None:
    game = my_turn_game(start_game)
    before = snapshot(game)
    response = post(client, game, name, **data)
    assert 400 <= response.status_code < 500
    assert "data-announce-error" in text(response)  # read out by the table's live region
    assert snapshot(game) == before


def test_a_stale_version_is_refused_with_the_current_table(client, start_game) -> None:
    game = my_turn_game(start_game)
    ahead = game.version + 3
    refused(game, lambda: post(client, game, "draw", version=ahead), 409, "moved on")


def test_a_table_tile_cannot_go_back_to_the_rack(client, start_game) -> None:
    game = my_turn_game(start_game, table=["Y5 B5 K5"], opened=[True, False])
    table_tile = tr.from_json(game.state).table[0][0]
    response = post(client, game, "move", tile=table_tile, to="rack")
    assert response.status_code == 400 and "must stay on the table" in text(response)


def test_without_htmx_a_refusal_redirects_with_a_message(client, start_game) -> None:
    game = my_turn_game(start_game)
    response = client.post(
        f"/tile-rummy/g/{game.id}/confirm/", {"version": game.version}, follow=True
    )
    assert "Place a tile from your rack first." in text(response)


def test_while_a_worker_plays_the_board_polls_then_steps_through_the_moves(
    client, start_game, django_capture_on_commit_callbacks
) -> None:
    game = my_turn_game(start_game)
    start = game.version
    with django_capture_on_commit_callbacks(execute=False) as queued:
        response = post(client, game, "draw")
    body = text(response)
    computer = game.seats.get(index=1).display_name
    assert f"Waiting for {computer}…" in body and f"?at={start + 2}" in body
    assert client.get(f"/tile-rummy/g/{game.id}/board/?at={start + 2}", **HX).status_code == 204
    for callback in queued:  # the worker's turn lands
        with django_capture_on_commit_callbacks(execute=True):
            callback()
    game.refresh_from_db()
    assert game.version == start + 2
    assert "You drew a tile." in text(
        client.get(f"/tile-rummy/g/{game.id}/board/?at={start + 1}", **HX)
    )
    assert "Your turn." in text(client.get(f"/tile-rummy/g/{game.id}/board/?at={start + 2}", **HX))
    assert client.get(f"/tile-rummy/g/{game.id}/board/?at={start + 3}", **HX).status_code == 204


@pytest.mark.django_db(transaction=True)
def test_in_process_computer_turns_are_shown_one_at_a_time(client) -> None:
    response = client.post(
        "/tile-rummy/new/", {"level": "easy", "opponents": 2, "meld_rule": "standard"}
    )
    game = Game.objects.get(id=response.url.rstrip("/").split("/")[-1])
    put_state(game, build(racks=["R10 B3", "K1 K2", "Y4 Y9"], pool_top="B7 B8 B9"))
    start = game.version
    body = text(post(client, game, "draw"))
    game.refresh_from_db()
    assert game.version == start + 3  # our draw and both computers', all in-process
    assert "You drew a tile." in body and f"?at={start + 2}" in body and "load delay" in body
    second = text(client.get(f"/tile-rummy/g/{game.id}/board/?at={start + 2}", **HX))
    assert "drew a tile." in second and f"?at={start + 3}" in second
    assert "Your turn." in text(client.get(f"/tile-rummy/g/{game.id}/board/?at={start + 3}", **HX))


def test_the_round_complete_screen_and_next_round(client, start_game) -> None:
    game = my_turn_game(start_game, racks=["R10 R11 R12", "K1 K2 K5"], opened=[True, False])
    post(client, game, "move", tile=tile_id(game, 0, "R10"), to="new")
    post(client, game, "move", tile=tile_id(game, 0, "R11"), to="0")
    post(client, game, "move", tile=tile_id(game, 0, "R12"), to="0")
    body = post(client, game, "confirm").content.decode()
    assert "Round Complete" in body and "Next round" in body
    game.refresh_from_db()
    assert tr.from_json(game.state).totals == [8, -8]
    response = post(client, game, "next-round")
    game.refresh_from_db()
    assert response.status_code == 200 and tr.from_json(game.state).round_no == 2


def test_how_to_play_page(client) -> None:
    page = client.get("/tile-rummy/how-to-play/").content.decode()
    assert "How to play Tile Rummy" in page and "Shared" in page


def test_the_generic_table_url_sends_a_rumbaroo_game_to_its_own_table(client) -> None:
    response = client.post("/rumbaroo/new/", {"difficulty": "joey", "players": 2, "target": 50})
    assert response.status_code == 302
    game_id = response.url.rstrip("/").split("/")[-1]
    generic = client.get(f"/tile-rummy/g/{game_id}/")
    assert generic.status_code == 302 and generic.url == f"/rumbaroo/g/{game_id}/"
