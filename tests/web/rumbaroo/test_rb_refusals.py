"""Bad input gets a 4xx and the reason, and leaves the game exactly as it was."""

from __future__ import annotations

import html

import pytest

from tests.games.conftest import snapshot
from tests.web.conftest import refused
from tests.web.rumbaroo.conftest import HX, held, post

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(response.content.decode())


def game_to_refuse(crafted):
    return crafted(["R4 R5 R6 B9 J", "G1 G2"], difficulty="big_red", pile="G5", table=["Y7 Y8 Y9"])


def test_a_forged_seat_is_refused(client, crafted) -> None:
    game = game_to_refuse(crafted)
    refused(game, lambda: post(client, game, "draw", seat=1), 403, "seat isn't yours")


def test_a_stale_version_is_refused_with_the_current_table(client, crafted) -> None:
    game = game_to_refuse(crafted)
    tile, stale = held(game, "B9"), game.version - 1
    page = refused(game, lambda: post(client, game, "discard", tile=tile, version=stale), 409)
    assert "moved on" in page and 'id="board"' in page


def test_a_stale_version_is_refused_before_any_question(client, crafted) -> None:
    game = game_to_refuse(crafted)
    before = snapshot(game)
    response = post(client, game, "discard", tile=held(game, "J"), version=game.version + 1)
    assert response.status_code == 409 and 'data-testid="prompt"' not in text(response)
    assert snapshot(game) == before


def test_an_illegal_discard_is_refused_with_the_reason(client, crafted) -> None:
    game = game_to_refuse(crafted)
    tile = held(game, "R4")
    refused(
        game, lambda: post(client, game, "discard", tile=tile), 422, "doesn't match the green 5"
    )


def test_playing_out_of_turn_is_refused(client, crafted) -> None:
    game = crafted(["R4 R5", "G1 G2"], pile="G5", turn=1)
    before = snapshot(game)
    for name, data in (
        ("draw", {}),
        ("discard", {"tile": held(game, "R4")}),
        ("call", {}),
        ("move", {"tile": held(game, "R4"), "to": "new"}),
        ("take", {}),
    ):
        response = post(client, game, name, **data)
        assert response.status_code in (403, 422), name
        assert "isn't your turn" in text(response), name
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("draw", {"version": "abc"}),
        ("discard", {"tile": "R4"}),
        ("discard", {}),
        ("discard", {"tile": "9999"}),
        ("discard", {"tile": "{J}", "colour": "R", "number": "seven"}),
        ("discard", {"tile": "{J}", "give": "x"}),
        ("move", {"tile": "R5", "to": "0"}),
        ("move", {"tile": "9999", "to": "new"}),
        ("move", {"to": "new"}),
        ("move", {"tile": "{R4}", "to": "17"}),
        ("move", {"tile": "{R4}", "to": "swap:abc"}),
        ("move", {"tile": "{R4}", "to": "hand-ish"}),
        ("confirm", {}),
        ("confirm", {"free_target": "x"}),
        ("keep", {}),
        ("take", {}),
        ("next-round", {}),
    ],
)
def test_a_malformed_post_is_refused_and_changes_nothing(client, crafted, name, data) -> None:
    game = game_to_refuse(crafted)
    data = {k: v.format(J=held(game, "J"), R4=held(game, "R4")) for k, v in data.items()}
    before = snapshot(game)
    response = post(client, game, name, **data)
    assert 400 <= response.status_code < 500, (response.status_code, text(response)[:300])
    assert "data-announce-error" in text(response)  # read out by the table's live region
    assert snapshot(game) == before


def test_a_missing_version_is_refused(client, crafted) -> None:
    game = game_to_refuse(crafted)
    draw = f"/rumbaroo/g/{game.id}/draw/"
    refused(game, lambda: client.post(draw, {}, **HX), 400, "missing the game version")


def test_a_finished_game_takes_no_more_moves(client, crafted) -> None:
    game = crafted(["R4", "G1 G2"], pile="R5", totals=[60, 0])
    post(client, game, "discard", tile=held(game, "R4"))
    game.refresh_from_db()
    assert game.status == "finished"
    refused(game, lambda: post(client, game, "next-round"), 403, "ended")


def test_without_htmx_a_refusal_redirects_with_a_message(client, crafted) -> None:
    game = game_to_refuse(crafted)
    response = client.post(
        f"/rumbaroo/g/{game.id}/discard/",
        {"version": game.version, "tile": held(game, "R4")},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == f"/rumbaroo/g/{game.id}/"
    assert "doesn't match" in text(response)


def test_without_htmx_a_prompt_comes_as_the_whole_page(client, crafted) -> None:
    game = game_to_refuse(crafted)
    response = client.post(
        f"/rumbaroo/g/{game.id}/discard/", {"version": game.version, "tile": held(game, "J")}
    )
    assert response.status_code == 200
    body = text(response)
    assert "<html" in body and 'data-choice="colour"' in body


def test_a_stranger_polling_the_board_learns_nothing(client) -> None:
    from django.test import Client

    response = client.post("/rumbaroo/new/", {"difficulty": "joey", "players": 2, "target": 50})
    game_id = response.url.rstrip("/").split("/")[-1]
    stranger = Client()
    assert stranger.get(f"/rumbaroo/g/{game_id}/board/?at=999").status_code == 404
    assert client.get(f"/rumbaroo/g/{game_id}/board/?at=999").status_code == 204
