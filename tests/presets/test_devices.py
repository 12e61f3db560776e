"""Presets follow the account like saves: on each signed-in device; a guest's join on sign-in."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.merge import adopt_guest
from presets.models import Preset
from tests.accounts.conftest import sign_in, sign_up
from tests.presets.conftest import ENTRIES, picked_options, save_preset, start, start_buttons

pytestmark = pytest.mark.django_db

ENTRY = ENTRIES[0]


def test_a_preset_saved_on_one_device_is_on_the_other() -> None:
    phone, laptop = Client(), Client()
    sign_up(phone, "ana")
    sign_in(laptop, "ana")

    preset = save_preset(phone, ENTRY, "Sunday lunch", picked_options(ENTRY))

    home = laptop.get("/").content.decode()
    assert "Sunday lunch" in home and start_buttons(home) == [str(preset.pk)]
    game = start(laptop, preset)
    assert game.seats.get(index=0).user.username == "ana"
    # Renamed on the laptop, the phone sees the new name.
    laptop.post(reverse("presets:rename", args=[preset.pk]), {"name": "Sunday roast"})
    assert "Sunday roast" in phone.get(reverse("presets:index")).content.decode()


def test_a_guests_presets_join_the_account_on_sign_in() -> None:
    laptop, phone = Client(), Client()
    sign_up(laptop, "ben")
    ours = save_preset(laptop, ENTRY, "Family night", picked_options(ENTRY))
    theirs = save_preset(phone, ENTRY, "family night", picked_options(ENTRY))  # a guest
    other = save_preset(phone, ENTRY, "Quick", picked_options(ENTRY))

    sign_in(phone, "ben")

    for preset in (ours, theirs, other):
        preset.refresh_from_db()
        assert preset.user.username == "ben" and preset.device_key == ""
    assert ours.name == "Family night"  # the account keeps its own name
    assert theirs.name == "family night (2)"  # the guest's is renamed, not lost
    home = laptop.get("/").content.decode()
    assert sorted(start_buttons(home)) == sorted(str(p.pk) for p in (ours, theirs, other))


def test_signing_up_keeps_a_guests_presets_and_signing_out_leaves_them_behind() -> None:
    phone = Client()
    preset = save_preset(phone, ENTRY, "Mine", picked_options(ENTRY))
    sign_up(phone, "cy", name="Cyan")  # a 2-letter username can't be a public name
    preset.refresh_from_db()
    assert preset.user.username == "cy"

    phone.post("/accounts/logout/")
    assert start_buttons(phone.get("/").content.decode()) == []  # a fresh guest on this device
    assert phone.post(reverse("presets:start", args=[preset.pk])).status_code == 404


def test_merging_twice_is_harmless() -> None:
    guest = Client()
    sign_up(Client(), "dee")
    preset = save_preset(guest, ENTRY, "Mine", picked_options(ENTRY))
    user_id = Preset._meta.get_field("user").related_model.objects.get(username="dee").pk
    adopt_guest(user_id, preset.device_key)
    adopt_guest(user_id, preset.device_key)
    assert Preset.objects.get().user_id == user_id
    assert Preset.objects.get().name == "Mine"
