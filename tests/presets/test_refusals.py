"""Forged posts, damaged presets and other players' ids: refused with a reason, nothing changes."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from presets.models import Preset
from tests.presets.conftest import ENTRIES, picked_options, save_preset, setup_url

pytestmark = pytest.mark.django_db

ENTRY = ENTRIES[0]


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(
            lambda d: {**d, next(iter(d)): "no-such-choice"}, id="a choice the form lacks"
        ),
        pytest.param(lambda d: {**d, "seed": "42"}, id="a field the form doesn't have"),
        pytest.param(lambda d: {k: {"x": 1} for k in d}, id="values that aren't text"),
        pytest.param(lambda d: {k: "9" * 500 for k in d}, id="values far too long"),
        pytest.param(lambda d: ["not", "a", "mapping"], id="not a mapping"),
        pytest.param(lambda d: {}, id="nothing at all"),
    ],
)
def test_a_tampered_preset_is_refused_and_deals_nothing(damage) -> None:
    player = Client()
    preset = save_preset(player, ENTRY, "Tampered", picked_options(ENTRY))
    Preset.objects.filter(pk=preset.pk).update(data=damage(preset.data))

    response = player.post(reverse("presets:start", args=[preset.pk]), follow=True)

    assert Game.objects.count() == 0
    html = response.content.decode()
    assert "No game was started." in html
    assert response.redirect_chain[0][0] == setup_url(ENTRY)
    # The setup page does not fill in damaged rules either, and says why.
    picked = player.get(f"{setup_url(ENTRY)}?preset={preset.pk}")
    said = picked.content.decode()
    assert picked.status_code == 200 and ("were damaged" in said or "no longer fit" in said)
    listed = player.get(reverse("presets:index")).content.decode()
    assert "These rules no longer fit the game" in listed


def test_a_forged_save_is_refused_and_saves_nothing() -> None:
    player = Client()
    data = {**picked_options(ENTRY), next(iter(picked_options(ENTRY))): "godlike"}
    response = player.post(
        reverse("presets:save", args=[ENTRY.kind]), {**data, "preset_name": "Cheat"}
    )
    assert response.status_code == 400
    assert "Nothing was saved." in response.content.decode()
    assert not Preset.objects.exists() and not Game.objects.exists()


@pytest.mark.parametrize(
    "name, why",
    [
        ("x", "2 to 30 characters"),
        ("a" * 31, "2 to 30 characters"),
        ("<script>alert(1)</script>", "letters, digits, spaces"),
        ("---", "at least one letter or digit"),
        ("   ", "2 to 30 characters"),
    ],
)
def test_a_malformed_name_is_refused_and_kept_escaped(name: str, why: str) -> None:
    player = Client()
    response = player.post(
        reverse("presets:save", args=[ENTRY.kind]),
        {**picked_options(ENTRY), "preset_name": name},
    )
    html = response.content.decode()
    assert response.status_code == 400 and why in html
    assert "<script>alert(1)" not in html
    assert not Preset.objects.exists()


def test_a_name_is_escaped_wherever_it_is_shown() -> None:
    player = Client()
    preset = save_preset(player, ENTRY, "Tom's 'best' rules", picked_options(ENTRY))
    for url in ["/", reverse("presets:index"), f"{setup_url(ENTRY)}?preset={preset.pk}"]:
        html = player.get(url).content.decode()
        assert "Tom&#x27;s &#x27;best&#x27; rules" in html, url
        assert "Tom's 'best' rules" not in html, url


def test_another_players_preset_is_not_found() -> None:
    owner, stranger = Client(), Client()
    preset = save_preset(owner, ENTRY, "Mine", picked_options(ENTRY))

    for action in ("start", "rename", "delete"):
        response = stranger.post(reverse(f"presets:{action}", args=[preset.pk]), {"name": "Ha"})
        assert response.status_code == 404, action
    assert stranger.get(f"{setup_url(ENTRY)}?preset={preset.pk}").status_code == 404
    assert stranger.get(f"{setup_url(ENTRY)}?preset=abc").status_code == 404
    assert "Mine" not in stranger.get("/").content.decode()

    preset.refresh_from_db()
    assert preset.name == "Mine" and not Game.objects.exists()


def test_a_preset_of_another_game_is_not_picked_on_this_page() -> None:
    if len(ENTRIES) < 2:
        pytest.skip("needs two games")
    player = Client()
    preset = save_preset(player, ENTRY, "Mine", picked_options(ENTRY))
    assert player.get(f"{setup_url(ENTRIES[1])}?preset={preset.pk}").status_code == 404


def test_only_posts_start_and_unknown_games_are_not_found() -> None:
    player = Client()
    preset = save_preset(player, ENTRY, "Mine", picked_options(ENTRY))
    assert player.get(reverse("presets:start", args=[preset.pk])).status_code == 405
    assert player.post(reverse("presets:save", args=["no_such_game"]), {}).status_code == 404
    assert not Game.objects.exists()


def test_a_start_counts_toward_the_new_game_limit(settings) -> None:
    settings.GAME_CREATION_LIMITS = {"owner": (1, 60), "address": (100, 60)}
    player = Client()
    preset = save_preset(player, ENTRY, "Mine", picked_options(ENTRY))
    assert player.post(reverse("presets:start", args=[preset.pk])).status_code == 302
    refused = player.post(reverse("presets:start", args=[preset.pk]))
    assert refused.status_code == 429
    assert Game.objects.count() == 1
