"""Rumasta through its pages: setup, the cut, the turn options, the proof and two-discard steps."""

from __future__ import annotations

import pytest

from games.engine import rumasta as rm
from games.engine.rumasta.deal import start_round
from tests.web.conftest import snapshot
from tests.web.rumasta.conftest import HX, held, post, put_state, state_of

pytestmark = pytest.mark.django_db


def test_setup_deals_a_team_game_and_refuses_a_bad_layout(client, start_rm):
    page = client.get("/rumasta/new/")
    assert page.status_code == 200 and "2 v 2" in page.content.decode()
    bad = client.post(
        "/rumasta/new/", {"players": 3, "teams": "2v2", "level": "easy", "target": 500}
    )
    assert bad.status_code == 400 and "need 4 players" in bad.content.decode()
    game = start_rm(players=4, teams="2v2", level="medium")
    assert game.config == {"players": 4, "teams": "2v2", "target": 500}
    names = list(game.seats.order_by("index").values_list("display_name", "computer_level"))
    assert names[0][0] == "You" and names[1] == ("Marta (Medium)", "medium")
    table = client.get(f"/rumasta/g/{game.id}/").content.decode()
    assert 'id="board"' in table and "team A · partner" in table
    assert "How to play Rumasta" in table


def test_the_person_cuts_and_sees_whether_it_was_perfect(client, start_rm):
    game = start_rm(players=2)
    state = rm.new_game({"players": 2, "target": 500}, 11)
    state.first_cutter = 0
    state.round_no = 1
    start_round(state)
    state.cutter, state.dealer = 0, 1
    put_state(game, state)
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    assert "Your cut: pick a point along the stock" in page and 'type="range"' in page
    assert str(rm.cut_target(state)) not in page.split('id="rm-cut-range"')[1][:120]  # no count
    response = post(client, game, "cut", count=rm.cut_target(state))
    assert response.status_code == 200
    assert state_of(game).perfect_cut and state_of(game).phase == "turn"
    assert "a perfect cut: +100" in client.get(f"/rumasta/g/{game.id}/").content.decode()


def test_option_a_with_the_proof_step_then_two_discards(client, crafted):
    game = crafted(["KD KC AS AC AD 9H 8H 5S", "4S 6S 7C"], piles=("KH", "9S"))
    response = post(client, game, "take", pile=0)
    assert "Show the matching cards" in response.content.decode()
    assert state_of(game).step == "choose"  # nothing played yet: only the draft moved
    post(client, game, "extra", cards=held(game, "AS AC AD"))
    response = post(client, game, "prove", pile=0, cards=held(game, "KD KC"), meld="new")
    assert response.status_code == 200, response.content.decode()
    state = state_of(game)
    assert state.step == "play" and sorted(len(m) for m in state.melds[0]) == [3, 3]
    assert len(state.hands[0]) == 3 + 2  # 9H 8H 5S and the compulsory two from the draw pile
    body = post(client, game, "discard", pile=0, cards=held(game, "9H")).content.decode()
    assert "Going here" in body and state_of(game).step == "play"
    post(client, game, "discard", pile=1, cards=held(game, "8H"))
    state = state_of(game)
    assert state.turn == 1 and [rm.card_of(p[-1]).text for p in state.piles] == ["9H", "8H"]


def test_option_b_proves_both_tops(client, crafted):
    game = crafted(["QD QC 9D 9C 9H 4S 5S", "4D"], piles=("QH", "9S"))
    post(client, game, "take_both")
    post(client, game, "prove", pile=0, cards=held(game, "QD QC"))
    assert state_of(game).step == "choose"
    post(client, game, "prove", pile=1, cards=held(game, "9D 9C"))
    state = state_of(game)
    assert state.step == "play" and state.turn_choice == "take_both"
    assert sorted(len(m) for m in state.melds[0]) == [3, 3]


def test_option_c_draws_and_a_meld_goes_down(client, crafted):
    game = crafted(["KD KC KS AS AC AD 9H 8H", "4S"], piles=("7H", "9S"))
    before = len(state_of(game).stock)
    post(client, game, "draw")
    assert len(state_of(game).stock) == before - 4 and state_of(game).step == "play"
    post(client, game, "group", cards=held(game, "KD KC KS"))
    post(client, game, "meld", cards=held(game, "AS AC AD"))
    assert sorted(len(m) for m in state_of(game).melds[0]) == [3, 3]


def test_a_refusal_leaves_the_game_unchanged(client, crafted):
    game = crafted(["KD 9C 5S 8H", "4S"], piles=("KH", "9S"))
    post(client, game, "take", pile=0)
    before = snapshot(game)
    response = post(client, game, "prove", pile=0, cards=held(game, "KD 9C"))
    assert response.status_code == 422 and 'data-testid="error"' in response.content.decode()
    assert snapshot(game) == before
    stale = post(client, game, "draw", version=999)
    assert stale.status_code == 409 and snapshot(game) == before


def test_a_stranger_gets_404(client, start_rm):
    game = start_rm()
    from django.test import Client

    stranger = Client()
    assert stranger.get(f"/rumasta/g/{game.id}/").status_code == 404
    assert stranger.get(f"/rumasta/g/{game.id}/tick/?at=1").status_code == 404
    response = stranger.post(f"/rumasta/g/{game.id}/draw/", {"version": game.version}, **HX)
    assert response.status_code == 404


def test_no_other_hand_shows_not_even_a_partners(client, crafted):
    game = crafted(
        ["KD KC 9H 8H", "4S 6S", "JK JK 2C", "5C 7C"], players=4, teams="2v2", piles=("7H", "9S")
    )
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    state = state_of(game)
    for seat in (1, 2, 3):
        for card in state.hands[seat]:
            # A hand's checkbox; not just value="<id>", which the game's version can match.
            assert f'name="cards" value="{card}"' not in page
    assert "joker" not in page and "two of clubs" not in page  # the partner's cards
    assert "king of diamonds" in page


def test_the_hand_sorts_by_colour_and_remembers_it(client, crafted):
    game = crafted(["9H 9S 8H 8S", "4S"], piles=("7H", "9S"))
    post(client, game, "sort", sort="colour")
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    order = [page.index(f"hand-{f}") for f in ("9H", "8H", "9S", "8S")]
    assert order == sorted(order)
    post(client, game, "sort", sort="rank")
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    order = [page.index(f"hand-{f}") for f in ("9S", "9H", "8S", "8H")]
    assert order == sorted(order)


def test_round_complete_shows_three_steps_per_side(client, crafted):
    game = crafted(["9H 8H", "4S"], piles=("7H", "9S"), step="play", empty_stock=True)
    state = state_of(game)
    state.exhausted = True
    put_state(game, state)
    post(client, game, "discard", pile=0, cards=held(game, "9H"))
    response = post(client, game, "discard", pile=1, cards=held(game, "8H"))
    body = response.content.decode()
    assert state_of(game).phase in ("round_over", "game_over")
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    assert "Round complete" in page or "Game over" in page or "Round complete" in body
    for text in ("Step 1 · base", "Step 2 · cards laid down", "Step 3 · cards left in hand"):
        assert page.count(text) == 2
