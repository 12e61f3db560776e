"""On a 390 px phone: ask for a hint, play on to the end of the round, open the review."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Game
from games.services import computers
from tests.browser_checks import narrow_enough, violations
from tests.browser_games import deal_in_browser, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
COMPUTER_SETS = ("K1 K2 K3", "Y7 Y8 Y9 Y10", "K11 K12 K13")  # its whole crafted rack


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
    deal_in_browser(page, live_server.url, "tile-rummy", "Easy")

    page.get_by_role("button", name="Show the best play").click()
    shown = page.get_by_test_id("hint-shown")
    expect(shown).to_contain_text("6 tiles (39 points)")
    expect(shown.get_by_role("img", name="red 10, from your rack")).to_be_visible()
    expect(page.get_by_test_id("hint-used")).to_be_visible()
    assert narrow_enough(page, PHONE)
    shot(page, "tile-rummy-hint-390", full_page=True)
    assert violations(page, "hint") == []

    page.get_by_role("button", name="Draw a tile").click()
    expect(page.get_by_test_id("round-panel")).to_be_visible(timeout=15_000)
    page.get_by_role("link", name="Review your turns in round 1").click()
    expect(page.get_by_test_id("review-summary")).to_contain_text("You missed a go-out on turn 1.")
    turn = page.get_by_test_id("review-turn").first
    expect(turn.get_by_test_id("missed-go-out")).to_be_visible()
    expect(turn.get_by_role("list", name="The best arrangement for this turn")).to_be_visible()
    assert narrow_enough(page, PHONE)
    shot(page, "tile-rummy-review-390", full_page=True)
    assert violations(page, "review") == []
    game = Game.objects.get()
    assert game.hint_used and game.reviews.get().status == "ready"
