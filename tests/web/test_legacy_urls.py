"""Old table links (``/g/<id>/…``, from before each game had its own prefix) still work."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_an_old_table_link_moves_permanently_to_the_games_new_home(client, start_game) -> None:
    game = start_game()
    response = client.get(f"/g/{game.id}/")
    assert response.status_code == 301 and response.url == f"/tile-rummy/g/{game.id}/"
    assert client.get(response.url).status_code == 200


def test_an_old_board_link_keeps_its_path_and_query(client, start_game) -> None:
    game = start_game()
    response = client.get(f"/g/{game.id}/board/?at=1")
    assert response.status_code == 301
    assert response.url == f"/tile-rummy/g/{game.id}/board/?at=1"


def test_an_old_link_of_another_game_goes_to_that_games_table(client) -> None:
    setup = client.post("/rumbaroo/new/", {"difficulty": "joey", "players": 2, "target": 50})
    game_id = setup.url.rstrip("/").split("/")[-1]
    response = client.get(f"/g/{game_id}/")
    assert response.status_code == 301 and response.url == f"/rumbaroo/g/{game_id}/"


def test_an_old_link_tells_a_stranger_nothing(start_game) -> None:
    game = start_game()
    assert Client().get(f"/g/{game.id}/").status_code == 404
    assert Client().get("/g/00000000-0000-0000-0000-000000000000/").status_code == 404
