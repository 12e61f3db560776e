"""Helpers for the house-rules tests: a game's setup fields, saved and started as a browser does."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games import catalogue
from games.models import Game
from presets.models import Preset
from presets.rules import setup_form_class

ENTRIES = [entry for entry in catalogue.ready()]


@pytest.fixture(autouse=True)
def _fresh_limits() -> Iterator[None]:
    """Sign-in and new-game counters live in the cache: each test starts clean."""
    cache.clear()
    yield
    cache.clear()


def picked_options(entry: catalogue.GameEntry) -> dict[str, str]:
    """Not the defaults: the last choice of every choice option, numbers as first shown.

    The last choices fit together in every game (the biggest table with its teams).
    """
    form = setup_form_class(entry)()
    data: dict[str, str] = {}
    for name, field in form.fields.items():
        choices = list(getattr(field, "choices", ()))
        data[name] = str(choices[-1][0]) if choices else str(form[name].value())
    return data


def setup_url(entry: catalogue.GameEntry) -> str:
    return reverse(f"{entry.url_name}:setup")


def save_preset(
    client: Client, entry: catalogue.GameEntry, name: str, data: dict[str, str]
) -> Preset:
    """Press "Save these rules as…", then name them, as on the pages."""
    url = reverse("presets:save", args=[entry.kind])
    asked = client.post(url, data)
    assert asked.status_code == 200, asked.content.decode()[:1500]
    assert 'name="preset_name"' in asked.content.decode()
    saved = client.post(url, {**data, "preset_name": name})
    assert saved.status_code == 302, saved.content.decode()[:1500]
    preset = Preset.objects.get(pk=int(saved.url.rsplit("=", 1)[1]))
    assert saved.url == f"{setup_url(entry)}?preset={preset.pk}"
    return preset


def start(client: Client, preset: Preset) -> Game:
    response = client.post(reverse("presets:start", args=[preset.pk]))
    assert response.status_code == 302, response.content.decode()[:1500]
    return Game.objects.get(id=response.url.rstrip("/").split("/")[-1])


def deal_from_setup(client: Client, entry: catalogue.GameEntry, data: dict[str, str]) -> Game:
    response = client.post(setup_url(entry), data)
    assert response.status_code == 302, response.content.decode()[:1500]
    return Game.objects.get(id=response.url.rstrip("/").split("/")[-1])


def seats_of(game: Game) -> list[tuple[str, str, bool]]:
    return [(s.display_name, s.computer_level, s.is_computer) for s in game.seats.order_by("index")]


def start_buttons(html: str) -> list[str]:
    """The preset ids the page offers to start with one tap."""
    return re.findall(r"/presets/(\d+)/start/", html)
