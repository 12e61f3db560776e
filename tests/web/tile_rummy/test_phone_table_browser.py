"""Tile Rummy on a 360 x 740 phone: a packed table, the rack at hand, every move seen, and a
whole turn by keyboard alone.

Set RUMMY_SHOTS=/some/dir to also save screenshots of the table as a player sees it.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import tile_rummy as tr
from games.models import Game
from tests.browser_games import deal_in_browser, restart_history, shot
from tests.engine.helpers import build
from tests.web.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
# Fifteen sets mid-game: every tile here is one of the two copies of its face.
TABLE = [
    "R1 R2 R3", "B1 B2 B3", "Y1 Y2 Y3", "K1 K2 K3", "R4 B4 Y4 K4", "R5 R6 R7 R8",
    "B5 B6 B7", "Y5 Y6 Y7 Y8", "K5 K6 K7", "R9 B9 Y9", "R10 R11 R12 R13", "B10 B11 B12",
    "K10 K11 K12 K13", "Y10 Y11 Y12 Y13", "R1 B1 Y1",
]  # fmt: skip
RACK = "R2 R3 R4 B5 B6 B7 Y2 Y9 K2 K6 K9 B13 Y13 J"


def deal(live_server: Any, page: Any, computer: str = "K10 B10 Y10 K9") -> Game:
    """A game in the browser, then the crafted mid-game position: seat 0 to play."""
    page.set_viewport_size(PHONE)
    game = deal_in_browser(page, live_server.url, "tile-rummy", "Easy")
    state = build(racks=[RACK, computer], table=TABLE, opened=[True, False], pool_top="Y6 B8")
    put_state(game, state)
    restart_history(game, tr.view(state, None))  # the computer's draw led here
    page.reload()
    expect(page.get_by_test_id("set")).to_have_count(15)
    return game


def placed(page: Any, face: str) -> Any:
    """The tile of ``face`` laid this turn: the crafted table holds the other copy of most
    faces, so "a tile-R2 on the table" would match two once the move has landed."""
    return page.get_by_test_id("table").locator(f".tile.placed[data-testid='tile-{face}']")


def in_view(page: Any, locator: Any) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_the_rack_and_confirm_are_on_screen_with_fifteen_sets(live_server: Any, page: Any) -> None:
    deal(live_server, page)
    assert page.evaluate("window.scrollY") == 0
    rack = page.get_by_test_id("rack")
    confirm = page.get_by_role("button", name="Confirm play")
    tiles = rack.locator(".tile")
    assert in_view(page, tiles.first) and in_view(page, tiles.last) and in_view(page, confirm)
    shot(page, "tile-rummy-360x740")
    dock_top = page.get_by_test_id("dock").bounding_box()["y"]
    last_set = page.get_by_test_id("set").last.bounding_box()
    assert last_set["y"] + last_set["height"] <= dock_top  # the whole table is above the rack
    # The compact dock (issue 25): smaller rack tiles, still above the 24 px minimum target.
    for tile in rack.locator(".tile").all()[:3]:
        box = tile.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24
    table_tile = page.get_by_test_id("table").locator(".tile").first.bounding_box()
    assert table_tile["width"] >= 24 and table_tile["height"] >= 24
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "tile-rummy-360x740")


def test_the_computers_move_is_highlighted_and_said(live_server: Any, page: Any) -> None:
    deal(live_server, page)
    page.get_by_role("button", name="Draw a tile").click()
    status = page.get_by_test_id("status")
    expect(status).to_contain_text("Your turn.")
    expect(status).to_contain_text("laid 10s in")  # the computer opens with 10s, in words
    fresh = page.get_by_test_id("table").locator(".tile.fresh")
    expect(fresh).to_have_count(3)
    expect(page.get_by_test_id("log")).to_contain_text("You drew a tile.")
    expect(page.get_by_test_id("announcer")).to_contain_text("laid 10s in")
    shot(page, "tile-rummy-computer-move")
    # The highlight lasts until your next action.
    page.get_by_test_id("rack").get_by_test_id("tile-K9").click()
    page.get_by_role("button", name="+ New set").click()
    expect(placed(page, "K9")).to_be_visible()
    expect(fresh).to_have_count(0)
    # A refusal is said once, in the live region outside the redrawn board.
    page.get_by_role("button", name="Confirm play").click()
    expect(page.get_by_test_id("error")).to_contain_text("Set 17")
    expect(page.get_by_test_id("announcer")).to_contain_text("Set 17")


def test_focus_stays_in_the_rack_after_a_tile_moves(live_server: Any, page: Any) -> None:
    deal(live_server, page)
    first = page.get_by_test_id("rack").locator("input.tile-pick").first
    first.focus()
    page.keyboard.press("Space")
    page.keyboard.press("n")
    expect(placed(page, "R2")).to_be_visible()
    expect(page.get_by_test_id("rack").get_by_test_id("tile-R3").locator("input")).to_be_focused()
    page.keyboard.press("ArrowRight")  # arrows stay among the rack's tiles
    expect(page.get_by_test_id("rack").get_by_test_id("tile-R4").locator("input")).to_be_focused()


def test_a_keyboard_only_turn_takes_under_forty_presses(live_server: Any, page: Any) -> None:
    game = deal(live_server, page)
    presses = 0

    def press(*keys: str) -> None:
        nonlocal presses
        for key in keys:
            page.keyboard.press(key)
            presses += 1

    def rack_focus(face: str) -> None:
        tile = page.get_by_test_id("rack").get_by_test_id(f"tile-{face}").locator("input")
        expect(tile).to_be_focused()

    press("Tab", "Tab", "Enter", "Tab")  # skip links: "Skip to your rack", then its first tile
    rack_focus("R2")
    for first, others in (("R2", ("R3", "R4")), ("B5", ("B6", "B7"))):
        rack_focus(first)
        press("Space", "n")  # pick, then a new set
        for face in others:
            rack_focus(face)
            press("Space", "Shift+Tab", "Shift+Tab", "Enter")  # pick, then the new set's "+"
        expect(placed(page, others[-1])).to_be_visible()
    rack_focus("B13")  # focus is back in the rack, on the tile after the ones played
    press("c")
    expect(page.get_by_test_id("log")).to_contain_text("You laid red 2, 3, 4 and blue 5, 6, 7.")

    game.refresh_from_db()
    table = [[str(tr.face_of(t)) for t in s] for s in tr.from_json(game.state).table]
    assert ["R2", "R3", "R4"] in table and ["B5", "B6", "B7"] in table, table[14:]
    assert presses < 40, presses
