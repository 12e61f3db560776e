"""The smaller promises of the phone table: one picked tile at a time, the daily named as
the daily in My games, the username offered as a leaderboard name, a favicon and a
description on every page."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from games.models import Game
from tests.web.rumbaroo.conftest import HX

pytestmark = pytest.mark.django_db


def test_two_picked_tiles_are_refused_and_change_nothing(client: Any, start_game: Any) -> None:
    game = start_game()
    before = game.version
    response = client.post(
        f"/tile-rummy/g/{game.id}/move/",
        {"version": game.version, "tile": "1", "table_tile": "2", "to": "new"},
        **HX,
    )
    assert 400 <= response.status_code < 500
    assert "Pick one tile at a time" in response.content.decode()
    game.refresh_from_db()
    assert game.version == before and not game.seats.get(index=0).turn_draft


def test_every_page_has_a_favicon_and_a_description(client: Any) -> None:
    page = client.get("/").content.decode()
    assert 'rel="icon"' in page and '<meta name="description" content="Play rummy' in page


def test_my_games_names_a_daily_attempt_as_the_daily(client: Any) -> None:
    client.post("/rumbaroo/new/", {"difficulty": "joey", "players": 2, "target": 50})
    game = Game.objects.get()
    game.config = {**game.config, "daily": "2026-11-30"}
    game.save()
    page = client.get("/me/games/").content.decode()
    assert "Daily challenge" in page and "30 November 2026" in page


def test_a_signed_in_player_is_offered_their_username_as_name(client: Any) -> None:
    user = get_user_model().objects.create_user("kanga", password="pw-long-enough-1")
    client.force_login(user)
    page = client.get("/leaderboards/name/").content.decode()
    assert 'value="kanga"' in page
