"""House rules: saved from a setup page, picked there, started with one tap, owned like saves."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from presets.models import Preset
from presets.rules import MAX_PER_GAME
from tests.presets.conftest import (
    ENTRIES,
    deal_from_setup,
    picked_options,
    save_preset,
    seats_of,
    setup_url,
    start,
    start_buttons,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.kind for e in ENTRIES])
def test_a_saved_preset_deals_exactly_what_its_setup_page_deals(entry) -> None:
    player = Client()
    data = picked_options(entry)
    preset = save_preset(player, entry, "Big table", data)
    assert preset.data == data and preset.kind == entry.kind

    from_preset = start(player, preset)
    from_page = deal_from_setup(player, entry, data)

    assert from_preset.kind == entry.kind
    assert from_preset.config == from_page.config
    assert seats_of(from_preset) == seats_of(from_page)
    defaults = deal_from_setup(player, entry, {k: str(v) for k, v in deal_defaults(entry).items()})
    assert defaults.config != from_preset.config  # the saved options, not the form's defaults
    assert Game.objects.count() == 3


def test_picking_a_preset_fills_the_setup_form_with_it() -> None:
    entry, player = ENTRIES[0], Client()
    data = picked_options(entry)
    preset = save_preset(player, entry, "Family night", data)

    html = player.get(f"{setup_url(entry)}?preset={preset.pk}").content.decode()

    for name, value in data.items():
        shown = re.search(rf'<input type="(\w+)" name="{name}" value="{value}"[^>]*>', html)
        assert shown, name
        assert shown.group(1) != "radio" or " checked" in shown.group(0), name
    assert "Update “Family night”" in html
    assert start_buttons(html) == [str(preset.pk)]


def test_the_picked_options_are_the_ones_checked() -> None:
    entry, player = ENTRIES[0], Client()
    data = picked_options(entry)
    preset = save_preset(player, entry, "Family night", data)
    response = player.get(f"{setup_url(entry)}?preset={preset.pk}")
    form = response.context["form"]
    for name, value in data.items():
        assert str(form[name].value()) == value


def test_the_home_page_starts_a_preset_with_one_tap() -> None:
    entry, player = ENTRIES[0], Client()
    preset = save_preset(player, entry, "Quick one", picked_options(entry))

    html = player.get("/").content.decode()

    assert "Quick one" in html and start_buttons(html) == [str(preset.pk)]
    game = start(player, preset)
    assert game.seats.get(index=0).device_key


def test_saving_under_the_same_name_updates_those_rules() -> None:
    entry, player = ENTRIES[0], Client()
    first = save_preset(player, entry, "Usual", picked_options(entry))
    defaults = {name: str(v) for name, v in deal_defaults(entry).items()}
    again = save_preset(player, entry, "usual", defaults)
    assert again.pk == first.pk and Preset.objects.count() == 1
    assert again.data == defaults and again.name == "usual"


def deal_defaults(entry) -> dict[str, object]:
    from presets.rules import setup_form_class

    form = setup_form_class(entry)()
    return {name: form[name].value() for name in form.fields}


def test_rename_and_delete() -> None:
    entry, player = ENTRIES[0], Client()
    preset = save_preset(player, entry, "Old name", picked_options(entry))

    renamed = player.post(reverse("presets:rename", args=[preset.pk]), {"name": "  New   name "})
    assert renamed.status_code == 302
    preset.refresh_from_db()
    assert preset.name == "New name" and preset.name_key == "new name"

    gone = player.post(reverse("presets:delete", args=[preset.pk]))
    assert gone.status_code == 302 and not Preset.objects.exists()


def test_a_name_clash_on_rename_is_refused() -> None:
    entry, player = ENTRIES[0], Client()
    one = save_preset(player, entry, "One", picked_options(entry))
    save_preset(player, entry, "Two", picked_options(entry))
    response = player.post(reverse("presets:rename", args=[one.pk]), {"name": "TWO"})
    assert response.status_code == 400
    assert "already have rules with that name" in response.content.decode()
    one.refresh_from_db()
    assert one.name == "One"


def test_the_number_of_presets_per_game_is_capped() -> None:
    entry, player = ENTRIES[0], Client()
    data = picked_options(entry)
    for i in range(MAX_PER_GAME):
        save_preset(player, entry, f"Set {i}", data)
    url = reverse("presets:save", args=[entry.kind])
    response = player.post(url, {**data, "preset_name": "One too many"})
    assert response.status_code == 400
    assert f"{MAX_PER_GAME} sets of rules per game" in response.content.decode()
    assert Preset.objects.count() == MAX_PER_GAME
    # Saving over an existing name is still allowed.
    assert player.post(url, {**data, "preset_name": "Set 0"}).status_code == 302
