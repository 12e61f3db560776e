"""Done-when, in Debian's Chromium: play as a guest, sign up, carry on in a second browser."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.accounts.conftest import PASSWORD, QUIET_RACKS
from tests.browser_games import deal_in_browser
from tests.engine.helpers import build
from tests.games.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 800}


def fits_the_phone(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_guest_signs_up_and_continues_on_a_second_browser(
    live_server: Any, page: Any, browser: Any
) -> None:
    page.set_viewport_size(PHONE)
    game = deal_in_browser(page, live_server.url, "tile-rummy", "Easy")
    put_state(game, build(racks=QUIET_RACKS, pool_top="Y9 Y8 Y7 Y6"))
    page.reload()
    turn = game.version + 2  # a turn as a guest: our draw, then the computer's
    page.get_by_role("button", name="Draw a tile").click()
    expect(page.locator("#board")).to_have_attribute("data-version", str(turn))
    expect(page.get_by_test_id("status")).to_contain_text("Your turn.")
    expect(page.get_by_test_id("rack").locator(".tile")).to_have_count(4)
    pool = page.get_by_test_id("pool-count").inner_text()
    assert Game.objects.get(id=game.id).version == turn

    page.get_by_role("link", name="Sign up").click()
    fits_the_phone(page)
    page.get_by_label("Username").fill("kim")
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again):").fill(PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    page.wait_for_url(live_server.url + "/")
    expect(page.get_by_role("link", name="Continue game")).to_have_count(1)
    fits_the_phone(page)

    other = browser.new_context(viewport={"width": 1280, "height": 900})
    laptop = other.new_page()
    laptop.goto(live_server.url + "/")
    expect(laptop.get_by_role("link", name="Continue game")).to_have_count(0)
    laptop.get_by_role("link", name="Sign in").click()
    laptop.get_by_label("Username").fill("kim")
    laptop.get_by_label("Password:", exact=True).fill(PASSWORD)
    laptop.get_by_role("button", name="Sign In").click()
    laptop.wait_for_url(live_server.url + "/")
    laptop.get_by_role("link", name="Continue game").click()
    laptop.wait_for_url(f"**/tile-rummy/g/{game.id}/")
    expect(laptop.locator("#board")).to_have_attribute("data-version", str(turn))
    expect(laptop.get_by_test_id("pool-count")).to_have_text(pool)
    expect(laptop.get_by_test_id("rack").locator(".tile")).to_have_count(4)
    expect(laptop.get_by_test_id("rack").get_by_test_id("tile-Y9")).to_be_visible()
    expect(laptop.get_by_test_id("status")).to_contain_text("Your turn.")
    other.close()


def test_abandon_asks_then_ends_the_game(live_server: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    game_id = deal_in_browser(page, live_server.url, "tile-rummy").id
    fits_the_phone(page)
    page.get_by_role("link", name="Abandon…").click()
    expect(page.get_by_text("counts as a loss")).to_be_visible()
    fits_the_phone(page)
    page.get_by_role("button", name="Abandon game").click()
    page.wait_for_url(live_server.url + "/")
    expect(page.get_by_text("Game abandoned.")).to_be_visible()
    expect(page.get_by_role("link", name="Continue game")).to_have_count(0)
    assert Game.objects.get(id=game_id).status == "abandoned"
    page.get_by_role("link", name="Stats").click()
    expect(page.get_by_test_id("stats-tile_rummy").get_by_test_id("total")).to_contain_text("1")
