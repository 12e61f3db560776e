"""The table page: my hand and pouch only, the public table, and nothing for strangers."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from tests.web.rumbaroo.conftest import HX, held, post, state_of

pytestmark = pytest.mark.django_db


def shown_ids(page: str) -> set[int]:
    return {int(t) for t in re.findall(r'data-tile="(\d+)"', page)}


def test_the_page_shows_my_hand_and_never_another_hand_or_the_pool(client, crafted) -> None:
    game = crafted(
        ["R4 R5 R-HOP J", "G1 G2 G3", "Y1 Y2", "B1 B2"],
        difficulty="big_red",
        pouches=["B9", "Y13", "", ""],
        table=["G7 G8 G9"],
    )
    # The real deal's computer turns before the crafting may have played a yellow 13, which
    # the log would rightly name: clear that history so the check below is about hands.
    game.moves.all().delete()
    state = state_of(game)
    page = client.get(f"/rumbaroo/g/{game.id}/").content.decode()
    shown = shown_ids(page)
    mine = set(state.hands[0] + state.pouches[0])
    table = {t for m in state.table for t in m}
    assert shown == mine | table
    for seat in (1, 2, 3):
        assert not shown & set(state.hands[seat] + state.pouches[seat])
    assert not shown & set(state.pool)
    assert str(game.seed) not in page
    # Other seats' tiles are not even named anywhere: Y13 sits in seat 1's pouch only.
    assert "yellow 13" not in html.unescape(page)


def test_opponents_show_counts_pouch_flags_and_scores(client, crafted) -> None:
    game = crafted(["R4 R5", "G1 G2 G3", "Y1 Y2"], pouches=["", "Y13", ""], totals=[5, 12, 0])
    page = html.unescape(client.get(f"/rumbaroo/g/{game.id}/").content.decode())
    seat1 = re.search(r'data-testid="player-1">(.*?)</li>', page, re.S).group(1)
    assert "Joey 1" in seat1 and "3 tiles in hand" in seat1 and "+ pouch" in seat1
    assert "12 pts" in seat1
    seat2 = re.search(r'data-testid="player-2">(.*?)</li>', page, re.S).group(1)
    assert "+ pouch" not in seat2


def test_my_pouch_slot_discard_top_colour_and_pool(client, crafted) -> None:
    game = crafted(["R4 R5", "G1 G2"], pouches=["J", ""], pile="B5 G9", colour="G")
    page = html.unescape(client.get(f"/rumbaroo/g/{game.id}/").content.decode())
    pouch = re.search(r'data-testid="pouch">(.*?)</div>', page, re.S).group(1)
    assert f'data-tile="{held(game, "J")}"' in pouch and 'aria-label="Wild"' in pouch
    assert "Discard pile, green 9 on top" in page
    assert re.search(r'data-testid="colour">♣ green<', page)
    assert f'data-testid="pool-count">{len(state_of(game).pool)}<' in page


def test_tiles_have_spoken_labels_and_shapes(client, crafted) -> None:
    game = crafted(["G7 R-HOP J", "G1 G2"], difficulty="wallaby", pouches=["BILLABONG", ""])
    page = client.get(f"/rumbaroo/g/{game.id}/").content.decode()
    for label in ("green 7", "red Hop", "Wild", "Billabong"):
        assert f'aria-label="{label}"' in page  # each tile's name, read once (by its radio)
    assert 'type="radio" name="tile"' in page  # reachable by keyboard


def test_a_stranger_gets_404_and_other_games_are_not_served_here(client, crafted, start_game):
    game = crafted(["R4 R5", "G1 G2"])
    stranger = Client()
    assert stranger.get(f"/rumbaroo/g/{game.id}/").status_code == 404
    assert stranger.post(f"/rumbaroo/g/{game.id}/draw/", {"version": 0}).status_code == 404
    other = start_game()  # a game of another kind: its page is elsewhere, its moves too
    page = client.get(f"/rumbaroo/g/{other.id}/")
    assert page.status_code == 302 and page.url == f"/tile-rummy/g/{other.id}/"
    assert client.post(f"/rumbaroo/g/{other.id}/draw/", {"version": 0}).status_code == 404
    assert client.get(f"/rumbaroo/g/{other.id}/board/").status_code == 404


def test_the_board_partial_and_a_version_not_reached_yet(client, crafted) -> None:
    game = crafted(["R4 R5", "G1 G2"])
    board = client.get(f"/rumbaroo/g/{game.id}/board/", **HX)
    assert board.status_code == 200 and b'id="board"' in board.content
    assert b"<html" not in board.content
    ahead = client.get(f"/rumbaroo/g/{game.id}/board/?at={game.version + 1}", **HX)
    assert ahead.status_code == 204


def test_speed_is_fast_by_default_and_can_change(client, crafted) -> None:
    game = crafted(["R4 R5", "G1 G2"])
    page = client.get(f"/rumbaroo/g/{game.id}/").content.decode()
    assert '<option value="fast" selected>' in page
    post(client, game, "speed", speed="slow")
    page = client.get(f"/rumbaroo/g/{game.id}/").content.decode()
    assert '<option value="slow" selected>' in page


def test_the_round_complete_and_game_over_screens(client, crafted) -> None:
    game = crafted(["R4", "G1 G2 J"], pile="R5", target=200)
    body = html.unescape(post(client, game, "discard", tile=held(game, "R4")).content.decode())
    assert "Round 1 complete" in body and "You went out and won the round (+10" in body
    assert "Next round" in body and 'data-testid="round-panel"' in body
    state = state_of(game)
    assert state.totals == [1 + 2 + 30 + 10, 0]
    assert post(client, game, "next-round").status_code == 200
    assert state_of(game).round_no == 2

    over = crafted(["R4", "G1 G2 J"], pile="R5", target=50, totals=[40, 0])
    body = html.unescape(post(client, over, "discard", tile=held(over, "R4")).content.decode())
    assert "Game over" in body and "You win the game!" in body and "Play again" in body
    over.refresh_from_db()
    assert over.status == "finished"
    assert state_of(over).phase == "game_over"
