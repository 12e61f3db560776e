"""House rules in Chromium on a 360 px phone: saved with the keyboard, started with one tap."""

from __future__ import annotations

import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from games.models import Game
from presets.models import Preset
from tests.presets.conftest import ENTRIES, picked_options, setup_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENTRY = ENTRIES[0]


def _fits_and_passes_axe(page: Any, where: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, where
    found = Axe().run(page).response["violations"]
    assert not found, (where, [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found])


def test_save_pick_and_start_house_rules_on_a_phone(live_server: Any, page: Any) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    base = live_server.url
    page.goto(base + setup_url(ENTRY))
    wanted = picked_options(ENTRY)
    for name, value in wanted.items():
        box = page.locator(f'input[name="{name}"][value="{value}"]')
        if box.count():
            box.check()
    page.get_by_role("button", name="Save these rules as…").click()
    page.wait_for_url(re.compile(r"/presets/save/"), wait_until="domcontentloaded")
    _fits_and_passes_axe(page, "naming page")
    page.get_by_label("Name").fill("Phone rules")
    page.get_by_label("Name").press("Enter")  # the naming page's only button saves
    page.wait_for_url(re.compile(r"\?preset=\d+$"), wait_until="domcontentloaded")
    preset = Preset.objects.get()
    assert preset.name == "Phone rules" and preset.data == wanted
    expect(page.get_by_text("Saved your house rules “Phone rules”.")).to_be_visible()
    _fits_and_passes_axe(page, "setup page with a preset picked")

    page.goto(base + "/")
    _fits_and_passes_axe(page, "home with house rules")
    page.get_by_role("button", name=re.compile("Phone rules")).click()
    page.wait_for_url(re.compile(r"/g/[0-9a-f-]{36}/$"), wait_until="commit")
    game = Game.objects.get()
    assert game.kind == ENTRY.kind

    page.goto(base + "/presets/")
    _fits_and_passes_axe(page, "house rules list")
