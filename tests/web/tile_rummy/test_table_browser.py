"""Playing Tile Rummy in Debian's Chromium: tap tiles into a set, confirm, draw."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import tile_rummy as tr
from games.models import Game
from tests.browser_games import deal_in_browser, drag
from tests.engine.helpers import build
from tests.web.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start(live_server: Any, page: Any, width: int = 360) -> Game:
    """Deal a game in the browser, then give seat 0 a known rack and the turn."""
    page.set_viewport_size({"width": width, "height": 800})
    game = deal_in_browser(page, live_server.url, "tile-rummy", "Easy")
    put_state(game, build(racks=["R10 R11 R12 B3", "K1 K2 K5"], pool_top="Y9 Y8 Y7"))
    page.reload()
    return game


def place(page: Any, face: str, button: str) -> None:
    """Tap a rack tile, tap where it goes, and wait for the board to come back.

    On a phone a set's "+" is for keyboards and screen readers; a finger taps the set.
    """
    page.get_by_test_id("rack").get_by_test_id(f"tile-{face}").click()
    if button.startswith("Put the picked tile in set "):
        number = int(button.rsplit(" ", 1)[1])
        page.get_by_test_id("set").nth(number - 1).click()
    else:
        page.get_by_role("button", name=button).click()
    expect(page.get_by_test_id("table").get_by_test_id(f"tile-{face}")).to_be_visible()


def table_faces(game: Game) -> list[list[str]]:
    game.refresh_from_db()
    return [[str(tr.face_of(t)) for t in s] for s in tr.from_json(game.state).table]


def test_tap_tiles_into_a_new_set_and_confirm(live_server: Any, page: Any) -> None:
    game = start(live_server, page)
    place(page, "R10", "+ New set")
    expect(page.get_by_test_id("set")).to_have_count(1)
    for face in ("R11", "R12"):
        place(page, face, "Put the picked tile in set 1")
    expect(page.locator(".tile.placed")).to_have_count(3)
    page.get_by_role("button", name="Confirm play").click()
    expect(page.locator(".tile.placed")).to_have_count(0)  # confirmed: nothing is a draft now
    expect(page.get_by_test_id("status")).to_contain_text("Your turn.")
    assert table_faces(game) == [["R10", "R11", "R12"]]
    expect(page.get_by_test_id("rack").locator(".tile")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_refused_confirm_says_which_set_is_wrong(live_server: Any, page: Any) -> None:
    game = start(live_server, page)
    version = Game.objects.get(id=game.id).version
    place(page, "R10", "+ New set")
    place(page, "B3", "Put the picked tile in set 1")
    page.get_by_role("button", name="Confirm play").click()
    expect(page.get_by_test_id("error")).to_contain_text("Set 1:")
    assert Game.objects.get(id=game.id).version == version


def test_draw_a_tile_and_the_computer_answers(live_server: Any, page: Any) -> None:
    game = start(live_server, page)
    pool = len(tr.from_json(Game.objects.get(id=game.id).state).pool)
    expect(page.get_by_test_id("pool-count")).to_have_text(str(pool))
    page.get_by_role("button", name="Draw a tile").click()
    expect(page.get_by_test_id("rack").locator(".tile")).to_have_count(5)
    expect(page.get_by_test_id("rack").get_by_test_id("tile-Y9")).to_be_visible()
    expect(page.get_by_test_id("pool-count")).to_have_text(str(pool - 2))  # it drew too
    expect(page.get_by_test_id("status")).to_contain_text("Your turn.")
    assert Game.objects.get(id=game.id).moves.last().seat == 1


def test_tapping_the_pool_draws_and_throws_away_the_draft(live_server: Any, page: Any) -> None:
    """The rules' "Pool (tap to draw)": a tap on the pool itself is the draw."""
    game = start(live_server, page)
    before = Game.objects.get(id=game.id)
    pool = len(tr.from_json(before.state).pool)
    place(page, "R10", "+ New set")
    page.get_by_role("button", name="Pool (tap to draw)").click()
    expect(page.get_by_test_id("rack").get_by_test_id("tile-Y9")).to_be_visible()
    expect(page.get_by_test_id("rack").locator(".tile")).to_have_count(5)  # R10 came back
    expect(page.get_by_test_id("pool-count")).to_have_text(str(pool - 2))  # the computer drew too
    moves = Game.objects.get(id=game.id).moves.filter(seq__gt=before.version).order_by("seq")
    assert moves.first().action == {"type": "draw"} and moves.first().seat == 0


def test_keyboard_only_placement(live_server: Any, page: Any) -> None:
    start(live_server, page, width=1024)
    tile = page.get_by_test_id("tile-R10").locator("input")
    tile.focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name="+ New set").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("table").get_by_test_id("tile-R10")).to_be_visible()


def test_drag_and_drop_on_desktop(live_server: Any, page: Any) -> None:
    start(live_server, page, width=1280)
    drag(page, page.get_by_test_id("tile-R10"), page.get_by_role("button", name="+ New set"))
    expect(page.get_by_test_id("table").get_by_test_id("tile-R10")).to_be_visible()
    drag(page, page.get_by_test_id("rack").get_by_test_id("tile-R11"), page.get_by_test_id("set"))
    expect(page.get_by_test_id("table").get_by_test_id("tile-R11")).to_be_visible()
