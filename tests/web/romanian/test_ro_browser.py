"""Romanian Tile Rummy in Debian's Chromium at 360 px: open, take an older discard, Round complete.

The position is crafted so the round ends when the wall runs out: two wall
tiles, the rest of the box at the start of the row, and a computer that
cannot open (so it may not take from the row once the wall is empty).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import romanian as ro
from games.models import Game
from tests.browser_checks import csp_violations, watch_csp
from tests.browser_games import deal_in_browser
from tests.engine.romanian.ro_helpers import names, table
from tests.web.romanian.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start(live_server: Any, page: Any) -> Game:
    watch_csp(page)  # the strict policy: no inline script or style anywhere on the way
    page.set_viewport_size({"width": 360, "height": 900})
    game = deal_in_browser(page, live_server.url, "romanian", "Easy")
    crafted = table(
        {0: "R8 R9 R10 R11 R12 R13 B6 B7 Y2", 1: "B1 Y3 K5 R2 B9 Y12 K7"},
        wall="K13 Y6",
        discards="B5 Y9",
        empty_wall=True,
    )
    put_state(game, crafted)
    page.reload()
    return game


def state(game: Game) -> ro.State:
    game.refresh_from_db()
    return ro.from_json(game.state)


def rack_tile(page: Any, face: str) -> Any:
    return page.get_by_test_id("rack").get_by_test_id(f"tile-{face}").first


def lay(page: Any, faces: str) -> None:
    """Tap each tile, then + New combination for the first and, as on a phone, a tap on
    the combination itself for the rest (its "+" is out of sight at 360 px)."""
    for i, face in enumerate(faces.split()):
        rack_tile(page, face).click()
        if i == 0:
            page.get_by_role("button", name="+ New combination").click()
        else:
            page.get_by_test_id("new-meld").locator(".set-warning").click()
        expect(page.get_by_test_id("new-melds").get_by_test_id(f"tile-{face}")).to_be_visible()


def test_open_take_an_older_discard_and_reach_round_complete(live_server: Any, page: Any) -> None:
    game = start(live_server, page)
    status = page.get_by_test_id("status")
    expect(status).to_contain_text("Your turn: draw from the wall")

    page.get_by_role("button", name="Draw from the wall").click()
    expect(rack_tile(page, "K13")).to_be_visible()
    lay(page, "R8 R9 R10 R11 R12 R13")
    expect(page.get_by_test_id("opening")).to_contain_text("50 of 50 points")
    page.get_by_role("button", name="✓ Confirm").click()
    expect(page.get_by_test_id("melds-0").get_by_test_id("tile-R13")).to_be_visible()
    rack_tile(page, "K13").click()
    page.get_by_role("button", name="Discard the picked tile").click()

    # The computer draws the last wall tile and discards; then it is our turn again.
    expect(status).to_contain_text("tap a discard in the row", timeout=15000)
    assert state(game).wall == []
    page.get_by_role("button", name="Take blue 5 and every discard after it").last.click()
    expect(page.get_by_test_id("take-hint")).to_contain_text("Taking blue 5")
    lay(page, "B5 B6 B7")
    page.get_by_role("button", name="✓ Confirm the take").click()
    expect(page.get_by_test_id("melds-0").get_by_test_id("tile-B5")).to_be_visible()
    assert [names(m) for m in state(game).melds[0]][-1] == ["B5", "B6", "B7"]
    rack_tile(page, "Y9").click()
    page.get_by_role("button", name="Discard the picked tile").click()

    panel = page.get_by_test_id("round-panel")
    expect(panel).to_contain_text("Round 1 of 4 complete", timeout=15000)
    expect(panel).to_contain_text("The wall ran out")
    expect(page.get_by_test_id("score-1")).to_contain_text("Melded nothing")
    expect(page.get_by_role("button", name="Next round")).to_be_visible()
    assert state(game).phase == "round_over"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert csp_violations(page) == []
