"""Playing Rumbaroo in Debian's Chromium: a Wild with its colour, a meld with its free action."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import rumbaroo as rb
from games.models import Game
from tests.browser_games import deal_in_browser, drag
from tests.engine.rumbaroo.rb_helpers import build, names
from tests.web.rumbaroo.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start(live_server: Any, page: Any, width: int = 360) -> Game:
    """Deal a Joey game in the browser, then give seat 0 a known hand and the turn."""
    page.set_viewport_size({"width": width, "height": 900})
    game = deal_in_browser(page, live_server.url, "rumbaroo", "Joey — easy")
    put_state(game, build(["J R4 R5 R6 B9 B2", "Y1 Y7 Y11"], pile="B5", pool_top="Y9 Y3 Y4"))
    page.reload()
    return game


def state(game: Game) -> rb.State:
    game.refresh_from_db()
    return rb.from_json(game.state)


def settled(page: Any, game: Game, moves: int) -> None:
    """Wait until the live board (not a frame) shows ``moves`` more moves, then read the DB."""
    version = game.version + moves
    expect(page.locator(f"#board:not(.board-frame)[data-version='{version}']")).to_be_visible()
    game.refresh_from_db()
    assert game.version == version


def hand_tile(page: Any, face: str) -> Any:
    return page.get_by_test_id("hand").get_by_test_id(f"tile-{face}")


def test_a_wild_with_a_colour_then_a_meld_with_a_free_action(live_server: Any, page: Any) -> None:
    game = start(live_server, page)
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")

    # The Wild: pick it, tap the pile, answer the colour question.
    hand_tile(page, "J").click()
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("prompt")).to_contain_text("Choose the next colour")
    page.get_by_role("button", name="■ Blue").click()
    settled(page, game, 2)  # our Wild, then Joey 1's draw, shown one at a time
    expect(page.get_by_test_id("log")).to_contain_text("You played Wild and chose blue.")
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")
    expect(page.get_by_test_id("log")).to_contain_text("Joey 1 drew a tile.")
    assert state(game).colour == "B"

    # The meld: a new meld, then a tap on a tile in it, then the meld's "+".
    hand_tile(page, "R4").click()
    page.get_by_role("button", name="+ New meld").click()
    expect(page.get_by_test_id("table").get_by_test_id("tile-R4")).to_be_visible()
    hand_tile(page, "R5").click()
    page.get_by_test_id("table").get_by_test_id("tile-R4").click()
    expect(page.get_by_test_id("table").get_by_test_id("tile-R5")).to_be_visible()
    hand_tile(page, "R6").click()
    page.get_by_test_id("meld").first.click()  # a tap on the meld (its "+" is for keyboards)
    expect(page.locator(".meld .tile.placed")).to_have_count(3)
    expect(page.get_by_test_id("free-action")).to_be_visible()
    page.get_by_label("misses a turn").check()
    page.get_by_role("button", name="✓ Confirm melds").click()
    settled(page, game, 1)  # Joey 1 misses its turn: ours again at once
    expect(page.get_by_test_id("log")).to_contain_text("free action: Joey 1 misses a turn")
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")
    expect(page.locator(".meld .tile.placed")).to_have_count(0)
    after = state(game)
    assert [names(after, m) for m in after.table] == [["R4", "R5", "R6"]]
    assert sorted(names(after, after.hands[0])) == ["B2", "B9"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_drag_to_a_new_meld_send_back_and_press_rumbaroo(live_server: Any, page: Any) -> None:
    game = start(live_server, page, width=1280)
    drag(page, hand_tile(page, "R4"), page.get_by_role("button", name="+ New meld"))
    placed = page.get_by_test_id("table").get_by_test_id("tile-R4")
    expect(placed).to_be_visible()
    drag(page, placed, page.get_by_test_id("hand"))
    expect(page.get_by_test_id("table").get_by_test_id("tile-R4")).to_have_count(0)
    call = page.get_by_test_id("call")
    call.click()
    expect(page.get_by_test_id("call")).to_have_attribute("aria-pressed", "true")
    assert game.seats.get(index=0).turn_draft["call"] is True
    page.get_by_role("button", name="Draw a tile").click()  # Y9: no fit, the turn ends
    settled(page, game, 2)
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")
    move = game.moves.filter(seat=0).order_by("-seq").first()
    assert move.action == {"type": "draw", "call": True}


def test_keyboard_only_discard(live_server: Any, page: Any) -> None:
    game = start(live_server, page, width=1024)
    hand_tile(page, "B2").locator("input").focus()
    page.keyboard.press("Space")
    page.get_by_test_id("pile").focus()
    page.keyboard.press("Enter")
    settled(page, game, 2)
    expect(page.get_by_test_id("error")).to_have_count(0)
    expect(page.get_by_test_id("log")).to_contain_text("You played blue 2")
    assert "B2" in names(state(game), state(game).pile)
