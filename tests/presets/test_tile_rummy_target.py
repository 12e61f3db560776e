"""House rules keep Tile Rummy's target; rules saved before the option existed mean 200."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games import catalogue
from presets.models import Preset
from tests.presets.conftest import save_preset, setup_url, start

pytestmark = pytest.mark.django_db
TILE_RUMMY = catalogue.get("tile_rummy")


def listed(client: Client) -> str:
    """The house-rules page as text (each preset's one-line summary)."""
    text = html.unescape(client.get("/presets/").content.decode())
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))


def test_a_preset_saves_the_target_and_deals_a_game_to_it() -> None:
    player = Client()
    rules = {"level": "easy", "meld_rule": "shared", "opponents": "2", "target": "50"}
    preset = save_preset(player, TILE_RUMMY, "Quick night", rules)
    assert preset.data["target"] == "50"
    game = start(player, preset)
    assert game.config == {"players": 3, "meld_rule": "shared", "target": 50}
    assert "Points to win: 50 points" in listed(player)
    page = player.get(f"{setup_url(TILE_RUMMY)}?preset={preset.pk}").content.decode()
    assert re.search(r'<input type="radio" name="target" value="50"[^>]*checked', page)


def test_a_preset_saved_without_a_target_still_plays_to_200() -> None:
    player = Client()
    rules = {"level": "expert", "meld_rule": "standard", "opponents": "1"}  # as saved before
    preset = save_preset(player, TILE_RUMMY, "Old rules", rules)
    assert "target" not in preset.data
    assert start(player, preset).config["target"] == 200
    assert "Points to win: 200 points" in listed(player)


def test_a_preset_with_a_target_off_the_list_is_refused() -> None:
    player = Client()
    url = f"/presets/save/{TILE_RUMMY.kind}/"
    rules = {"level": "easy", "meld_rule": "standard", "opponents": "1", "target": "75"}
    response = player.post(url, {**rules, "preset_name": "Odd"})
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not Preset.objects.exists()
