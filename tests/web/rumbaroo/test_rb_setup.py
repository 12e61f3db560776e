"""Rumbaroo's setup page, the new game it makes, and the How to play page."""

from __future__ import annotations

import html

import pytest

from games.engine import rumbaroo as rb
from games.models import Game

pytestmark = pytest.mark.django_db


def test_the_setup_page_offers_each_choice(client) -> None:
    page = html.unescape(client.get("/rumbaroo/new/").content.decode())
    for words in (
        "Joey — easy",
        "Wallaby — intermediate",
        "Big Red — pro",
        "5 — Party",
        "8 — Party",
    ):
        assert words in page
    assert 'name="target"' in page and 'value="50"' in page


@pytest.mark.parametrize(("difficulty", "players"), [("joey", 2), ("wallaby", 4), ("big_red", 6)])
def test_a_new_game_seats_computers_of_the_chosen_difficulty(start_rb, difficulty, players) -> None:
    game = start_rb(difficulty=difficulty, players=players, target=120)
    assert game.kind == "rumbaroo"
    assert game.config == {"difficulty": difficulty, "players": players, "target": 120}
    seats = list(game.seats.all())
    assert [s.computer_level for s in seats] == [""] + [difficulty] * (players - 1)
    name = {"joey": "Joey", "wallaby": "Wallaby", "big_red": "Big Red"}[difficulty]
    assert [s.display_name for s in seats[1:]] == [f"{name} {i}" for i in range(1, players)]
    state = rb.from_json(game.state)
    assert state.config.party is (players >= 5)


def test_the_computers_play_through_the_service_until_it_is_my_turn(start_rb) -> None:
    game = start_rb(difficulty="big_red", players=8)
    state = rb.from_json(game.state)
    moves = list(game.moves.all())
    assert 0 in rb.to_act(state) or state.phase != "play"
    assert all(m.seat != 0 for m in moves)  # everything so far was a computer's move
    assert [m.seq for m in moves] == list(range(1, game.version + 1))
    assert not game.awaiting_computer


@pytest.mark.parametrize(
    "data",
    [
        {"difficulty": "dingo", "players": 2, "target": 50},
        {"difficulty": "joey", "players": 9, "target": 50},
        {"difficulty": "joey", "players": 1, "target": 50},
        {"difficulty": "joey", "players": 2, "target": 49},
        {"difficulty": "joey", "players": 2, "target": 5001},
        {"difficulty": "joey", "players": 2, "target": "lots"},
    ],
)
def test_setup_refuses_a_bad_choice(client, data) -> None:
    response = client.post("/rumbaroo/new/", data)
    assert response.status_code == 400 and b'role="alert"' in response.content
    assert not Game.objects.exists()


def test_the_target_may_go_up_to_5000(start_rb) -> None:
    assert start_rb(target=5000).config["target"] == 5000


def test_how_to_play_covers_the_difficulties_party_tables_and_rulings(client) -> None:
    page = html.unescape(client.get("/rumbaroo/how-to-play/").content.decode())
    for words in (
        "Joey",
        "Wallaby",
        "Big Red",
        "Party tables",
        "Snap Stack",
        "Hop Pair",
        "Stampede",
        "Lap cap",
        "no opening minimum",
        "never reshuffled",
        "Lowest hand",
        "two-player game",
        "least useful",
        "first meld on the table it fits",
        "Rumbaroo!",
        "50 by default",
        "Points to win",
        "dashed outline",
        "Revert turn",
        "Confirm melds",
    ):
        assert words.lower() in page.lower(), words
