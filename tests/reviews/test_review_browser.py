"""On a 390 px phone: ask for a hint, play on to the end of the round, open the review."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from games.models import Game
from games.services import computers

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
COMPUTER_SETS = ("K1 K2 K3", "Y7 Y8 Y9 Y10", "K11 K12 K13")  # its whole crafted rack


def axe_violations(page: Any) -> list[str]:
    """Every axe-core violation on the page, one line each."""
    found = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}) {[n['target'] for n in v['nodes']][:3]}" for v in found]


def shot(page: Any, name: str) -> None:
    """Save a whole-page screenshot when RUMMY_SHOTS names a folder (to look at, not assert)."""
    folder = os.environ.get("RUMMY_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def going_out(view: dict[str, Any], level: str) -> dict[str, Any]:
    """The computer's move: lay its whole rack (the crafted deal makes that an opening)."""
    ids: dict[str, list[int]] = {}
    for tile in view["rack"]:
        ids.setdefault(f"{tile['colour']}{tile['number']}", []).append(tile["id"])
    table = [[t["id"] for t in s["tiles"]] for s in view["table"]]
    sets = [[ids[face].pop() for face in spec.split()] for spec in COMPUTER_SETS]
    return {"type": "play", "table": [*table, *sets]}


def test_hint_then_review_on_a_phone(
    live_server: Any, page: Any, crafted: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    crafted()
    monkeypatch.setattr(computers, "choose_for", lambda kind: going_out)
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/tile-rummy/new/")
    page.get_by_label("Easy").check()
    page.get_by_role("button", name="Deal the tiles").click()
    page.wait_for_url("**/tile-rummy/g/*/")

    page.get_by_role("button", name="Show the best play").click()
    shown = page.get_by_test_id("hint-shown")
    expect(shown).to_contain_text("6 tiles (39 points)")
    expect(shown.get_by_role("img", name="red 10, from your rack")).to_be_visible()
    expect(page.get_by_test_id("hint-used")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "tile-rummy-hint-390")
    assert axe_violations(page) == []

    page.get_by_role("button", name="Draw a tile").click()
    expect(page.get_by_test_id("round-panel")).to_be_visible(timeout=15_000)
    page.get_by_role("link", name="Review your turns in round 1").click()
    expect(page.get_by_test_id("review-summary")).to_contain_text("You missed a go-out on turn 1.")
    turn = page.get_by_test_id("review-turn").first
    expect(turn.get_by_test_id("missed-go-out")).to_be_visible()
    expect(turn.get_by_role("list", name="The best arrangement for this turn")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "tile-rummy-review-390")
    assert axe_violations(page) == []
    game = Game.objects.get()
    assert game.hint_used and game.reviews.get().status == "ready"
