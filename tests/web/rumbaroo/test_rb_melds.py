"""Meld turns through the views: the server-side draft, Confirm, Revert, Wild swaps, the call."""

from __future__ import annotations

import html

import pytest

from tests.engine.rumbaroo.rb_helpers import hand, names
from tests.games.conftest import snapshot
from tests.web.conftest import refused
from tests.web.rumbaroo.conftest import held, on_table, post, state_of

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(response.content.decode())


def lay(client, game, *moves: tuple[str, str]) -> None:
    for face, to in moves:
        tile = held(game, face) if face in hand(state_of(game), 0) else on_table(game, face)
        response = post(client, game, "move", tile=tile, to=to)
        assert response.status_code == 200, text(response)


def test_a_draft_builds_up_and_survives_a_reload(client, crafted) -> None:
    game = crafted(["R4 R5 R6 B9", "G1 G2"], pile="B5")
    lay(client, game, ("R4", "new"), ("R5", "0"))
    draft = game.seats.get(index=0).turn_draft
    assert names(state_of(game), draft["table"][0]) == ["R4", "R5"]
    page = client.get(f"/rumbaroo/g/{game.id}/").content.decode()
    assert page.count("placed") >= 2 and "not a meld yet" in page
    assert "red 4, placed this turn" in page
    assert game.moves.count() == snapshot(game)[3] and state_of(game).table == []


def test_tiles_go_back_to_the_hand_and_revert_clears_the_table(client, crafted) -> None:
    game = crafted(["R4 R5 R6 B9", "G1 G2"], pile="B5", table=["Y7 Y8 Y9"])
    lay(client, game, ("R4", "new"), ("R5", "1"), ("Y9", "1"))
    lay(client, game, ("R4", "hand"))
    draft = game.seats.get(index=0).turn_draft
    assert names(state_of(game), draft["table"][1]) == ["R5", "Y9"]
    response = post(client, game, "revert")
    assert response.status_code == 200 and game.seats.get(index=0).turn_draft is None
    assert "placed this turn" not in text(response)


def test_confirm_plays_a_rearranged_table(client, crafted) -> None:
    game = crafted(["R10 B9 B8", "G1 G2"], pile="B5", table=["R7 R8 R9 J"])
    lay(client, game, ("R10", "0"))
    response = post(client, game, "confirm")
    assert response.status_code == 200
    state = state_of(game)
    assert names(state, state.table[0]) == ["R7", "R8", "R9", "R10", "J"]
    assert hand(state, 0) == ["B8", "B9"] and state.turn == 1
    assert game.seats.get(index=0).turn_draft is None


def test_a_wild_swap_through_the_views(client, crafted) -> None:
    game = crafted(["R7 B9 Y2", "G1 G2"], pile="B5", table=["R5 R6 J"])
    wild = on_table(game, "J")
    response = post(client, game, "move", tile=held(game, "R7"), to=f"swap:{wild}")
    assert response.status_code == 200
    body = text(response)
    assert f'data-tile="{wild}"' in body.split('data-testid="hand"')[1]  # the Wild is in my hand
    post(client, game, "confirm")
    state = state_of(game)
    assert names(state, state.table[0]) == ["R5", "R6", "R7"] and "J" in hand(state, 0)
    assert game.moves.order_by("-seq").first().action["swaps"] == [[held_id(game, "R7"), wild]]


def held_id(game, face: str) -> int:
    state = state_of(game)
    return next(t for m in state.table for t in m if names(state, [t]) == [face])


def test_an_invalid_table_is_refused_with_the_reason_and_nothing_changes(client, crafted) -> None:
    game = crafted(["R4 B9 G2", "G1 G2"], pile="B5")
    lay(client, game, ("R4", "new"), ("B9", "0"))
    refused(game, lambda: post(client, game, "confirm"), 422, "data-announce-error")


def test_confirm_without_a_draft_is_refused(client, crafted) -> None:
    game = crafted(["R4 B9", "G1 G2"], pile="B5")
    refused(game, lambda: post(client, game, "confirm"), 422, "Place a tile from your hand first")


def test_the_rumbaroo_button_rides_along_with_the_meld(client, crafted) -> None:
    game = crafted(["R4 R5 R6 B9", "G1 G2"], pile="G5")
    response = post(client, game, "call")
    assert 'aria-pressed="true"' in text(response)
    lay(client, game, ("R4", "new"), ("R5", "0"), ("R6", "0"))
    post(client, game, "confirm")
    move = game.moves.order_by("-seq").first()
    assert move.action["call"] is True
    assert hand(state_of(game), 0) == ["B9"]  # called: no penalty


def test_forgetting_the_call_costs_two_tiles(client, crafted) -> None:
    game = crafted(["R4 R5 R6 B9", "G1 G2"], pile="G5", pool_top="Y1 Y2")
    lay(client, game, ("R4", "new"), ("R5", "0"), ("R6", "0"))
    post(client, game, "confirm", free_target=1, free_kind="skip")
    assert sorted(hand(state_of(game), 0)) == ["B9", "Y1", "Y2"]


@pytest.mark.parametrize("difficulty", ["joey", "wallaby", "big_red"])
def test_a_false_call_at_every_difficulty(client, crafted, difficulty) -> None:
    game = crafted(["R4 B9 G3", "G1 G2"], difficulty=difficulty, pile="R5", pool_top="Y1")
    post(client, game, "call")
    post(client, game, "discard", tile=held(game, "R4"))
    left = sorted(hand(state_of(game), 0))
    assert left == (["B9", "G3", "Y1"] if difficulty == "big_red" else ["B9", "G3"])


def test_the_call_button_toggles_off_again(client, crafted) -> None:
    game = crafted(["R4 B9 G3", "G1 G2"], pile="R5")
    post(client, game, "call")
    body = text(post(client, game, "call"))
    assert 'aria-pressed="false"' in body
    assert game.seats.get(index=0).turn_draft["call"] is False
