"""Tile Rummy's target (50, 100, 150 or 200): setup, table, How to play, the API, old games."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from api import tokens
from api.models import PLAY, READ
from games.engine import tile_rummy as tr
from games.models import Game

pytestmark = pytest.mark.django_db
SETUP = "/tile-rummy/new/"


def deal(client: Client, **fields: object) -> Game:
    data = {"level": "easy", "opponents": 1, "meld_rule": "standard", **fields}
    response = client.post(SETUP, data)
    assert response.status_code == 302, response.content.decode()[:1000]
    return Game.objects.get(id=response.url.rstrip("/").split("/")[-1])


def page_text(client: Client, url: str) -> str:
    text = html.unescape(client.get(url).content.decode())
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))


def test_setup_offers_the_four_targets_with_200_checked(client: Client) -> None:
    page = client.get(SETUP).content.decode()
    radios = re.findall(r'<input type="radio" name="target" value="(\d+)"[^>]*>', page)
    assert radios == ["50", "100", "150", "200"]
    checked = re.search(r'<input type="radio" name="target" value="(\d+)"[^>]*checked', page)
    assert checked and checked.group(1) == "200"


@pytest.mark.parametrize("target", [50, 100, 150, 200])
def test_the_chosen_target_is_the_games_and_the_tables(client: Client, target: int) -> None:
    game = deal(client, target=target)
    assert game.config["target"] == target
    assert tr.from_json(game.state).config.target == target
    shown = page_text(client, f"/tile-rummy/g/{game.id}/")
    assert f"game to {target} points · Standard opening" in shown


def test_a_target_off_the_list_is_refused_and_deals_nothing(client: Client) -> None:
    for bad in ("75", "0", "5000", "two hundred"):
        response = client.post(SETUP, {"level": "easy", "opponents": 1, "target": bad})
        assert response.status_code == 400
        assert "Select a valid choice" in response.content.decode()
    assert Game.objects.count() == 0


def test_a_setup_without_a_target_plays_the_full_game(client: Client) -> None:
    assert deal(client).config["target"] == 200  # an older page or client sends none


def test_the_table_names_the_opening_rule_either_way(client: Client) -> None:
    standard, shared = deal(client), deal(client, meld_rule="shared")
    assert "game to 200 points · Standard opening" in page_text(
        client, f"/tile-rummy/g/{standard.id}/"
    )
    assert "game to 200 points · Shared opening" in page_text(client, f"/tile-rummy/g/{shared.id}/")


def test_how_to_play_explains_the_target_option(client: Client) -> None:
    text = page_text(client, "/tile-rummy/how-to-play/")
    assert "50, 100, 150 or 200 points" in text
    assert "Points to win : 50 points, 100 points, 150 points or 200 points (default 200" in text
    assert "can't be changed" not in text.split("Winning the game")[-1].split("Setup options")[0]
    assert "Only games to 200 count on the leaderboards" in text


def test_the_api_creates_a_game_to_a_chosen_target_and_refuses_others(client: Client) -> None:
    user = get_user_model().objects.create_user("robo", password="tiles-and-runs-42")
    token = tokens.issue(user, "test", [READ, PLAY])[1]
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}

    def create(options: dict[str, object]) -> tuple[int, dict[str, object]]:
        body = json.dumps({"kind": "tile_rummy", "options": options})
        response = client.post("/api/v1/games", body, content_type="application/json", **headers)
        return response.status_code, response.json()

    kinds = client.get("/api/v1/kinds", **headers).json()
    options = next(k["options"] for k in kinds if k["kind"] == "tile_rummy")
    assert "target" in [o["name"] for o in options]
    status, game = create({"target": 100})
    assert status == 201 and game["config"]["target"] == 100
    status, game = create({})
    assert status == 201 and game["config"]["target"] == 200
    status, refused = create({"target": 120})
    assert status == 400 and "target" in json.dumps(refused)
    assert Game.objects.count() == 2
