"""Keys that work at every table, in Debian's Chromium (issue 42, item 5).

Per game: the keys its buttons and status line show do what they say (Rumasta's A, B and
C among them), "Skip to your rack/hand" puts the focus on the player's rack or hand, and
after a computer's move (the board swapped frame by frame) the focus is back in the rack,
never on the page's body, from where the next Tab would start at the top of the page.
The same from the HTML alone: test_keys.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import romanian as ro
from games.engine import rumbaroo as rb
from games.models import Game
from tests.browser_games import deal_in_browser
from tests.engine.rumbaroo.rb_helpers import names
from tests.tutorials.guided import settled
from tests.web.test_keys import TABLES
from tests.web.tile_rummy.test_phone_table_browser import deal as deal_tile_rummy

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VERSION = "() => +document.getElementById('board').dataset.version"
# The board is ``n`` versions on from ``start``, no computer's move is still being shown
# frame by frame, and the turn is the person's again.
TURN_AGAIN = """([start, n]) => {
  const board = document.getElementById('board');
  return +board.dataset.version >= start + n && !board.classList.contains('board-frame')
    && document.querySelector('[data-testid="status"]').textContent.includes('Your turn');
}"""
# Where a skip link lands: the rack's own element, or the dock around it in the board (a
# fieldset cannot take the focus in Chrome); never the page's body.
AT_RACK = """(id) => {
  const rack = document.getElementById(id), active = document.activeElement;
  const inBoard = !!active && !!active.closest && !!active.closest('#board');
  return !!rack && inBoard && (active === rack || active.contains(rack));
}"""
# The focus is on a tile or card of the rack (or hand) that the player can pick; and, with
# a value, on that one.
IN_RACK = """([id, value]) => {
  const rack = document.getElementById(id), active = document.activeElement;
  if (!rack || !active || !rack.contains(active)) return false;
  return active.matches('input:not(:disabled)') && (value === null || active.value === value);
}"""


def skip_to_the_rack(page: Any, words: str, rack_id: str) -> None:
    """Follow the skip link by keyboard: the focus lands on the rack (or the dock around
    it), and the next Tab is on its first tile or card."""
    link = page.get_by_role("link", name=words, exact=True)
    expect(link).to_have_attribute("href", f"#{rack_id}")
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(AT_RACK, arg=rack_id)
    page.keyboard.press("Tab")
    page.wait_for_function(IN_RACK, arg=[rack_id, None])


def focus_pick(page: Any, rack_id: str, test_id: str) -> str:
    """Focus one tile or card of the rack, as Tab and the arrows would; hands back its value.

    First the board settles: table.js puts the focus back where it was after a swap (and the
    tiles' motion can make settling a little later), which would take it from a tile focused
    in between."""
    settled(page)
    pick = page.locator(f"#{rack_id}").get_by_test_id(test_id).locator("input")
    pick.focus()
    expect(pick).to_be_focused()
    return pick.get_attribute("value")


def back_in_the_rack(page: Any, start: int, moves: int, rack_id: str, value: str | None) -> None:
    """Wait for the person's turn, ``moves`` on from ``start``; the focus is in the rack."""
    page.wait_for_function(TURN_AGAIN, arg=[start, moves], timeout=20_000)
    page.wait_for_function(IN_RACK, arg=[rack_id, value], timeout=5_000)


def crafted(live_server: Any, page: Any, kind: str, *labels: str) -> Game:
    """A game dealt in the browser, then the position test_keys.py crafts for it."""
    page.set_viewport_size({"width": 1280, "height": 900})
    game = deal_in_browser(page, live_server.url, TABLES[kind].prefix, *labels)
    TABLES[kind].craft(game)
    page.reload()
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")
    return game


def test_tile_rummy_skip_link_then_d_draws_and_the_focus_is_in_the_rack_after_the_computer(
    live_server: Any, page: Any
) -> None:
    deal_tile_rummy(live_server, page)  # the computer opens with 10s after our draw
    page.get_by_role("link", name="Skip to your rack").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(AT_RACK, arg="rack")  # the focus itself, not just the scroll
    start = page.evaluate(VERSION)
    page.keyboard.press("d")  # "Draw a tile  D"

    back_in_the_rack(page, start, 2, "rack", None)  # not the top of the page
    expect(page.get_by_test_id("log")).to_contain_text("You drew a tile.")
    expect(page.get_by_test_id("table").locator(".tile.fresh")).to_have_count(3)


def test_tile_rummy_focus_returns_to_the_same_tile_after_the_computers_move(
    live_server: Any, page: Any
) -> None:
    deal_tile_rummy(live_server, page)
    skip_to_the_rack(page, "Skip to your rack", "rack")
    value = focus_pick(page, "rack", "tile-B5")  # not the rack's first tile
    start = page.evaluate(VERSION)
    page.keyboard.press("d")

    back_in_the_rack(page, start, 2, "rack", value)


def test_rumbaroo_p_plays_the_picked_tile_and_the_focus_is_in_the_hand_after_joey(
    live_server: Any, page: Any
) -> None:
    game = crafted(live_server, page, "rumbaroo", "Joey — easy")
    skip_to_the_rack(page, "Skip to your hand", "rack")
    focus_pick(page, "rack", "tile-B9")
    page.keyboard.press("Space")  # pick blue 9: it matches the pile's blue 5
    start = page.evaluate(VERSION)
    page.keyboard.press("p")  # the pile, "P"

    back_in_the_rack(page, start, 2, "rack", None)
    game.refresh_from_db()
    after = rb.from_json(game.state)
    assert "B9" not in names(after, after.hands[0])  # played to the pile


def test_romanian_d_draws_x_discards_and_the_focus_is_in_the_rack_after_the_computer(
    live_server: Any, page: Any
) -> None:
    game = crafted(live_server, page, "romanian_tile_rummy", "Easy")
    skip_to_the_rack(page, "Skip to your rack", "rack")
    page.keyboard.press("d")  # "Draw from the wall  D": the wall's K13
    rack = page.get_by_test_id("rack")
    expect(rack.get_by_test_id("tile-K13")).to_be_visible()
    page.wait_for_function(IN_RACK, arg=["rack", None])  # our own move kept it there too
    focus_pick(page, "rack", "tile-K11")
    page.keyboard.press("Space")
    start = page.evaluate(VERSION)
    page.keyboard.press("x")  # "Discard  X"

    back_in_the_rack(page, start, 2, "rack", None)
    game.refresh_from_db()
    faces = [str(ro.face_of(t)) for t in ro.from_json(game.state).racks[0]]
    assert "K11" not in faces and "K13" in faces


def test_rumasta_a_b_and_c_work_the_skip_link_lands_on_the_hand_and_the_focus_stays_there(
    live_server: Any, page: Any
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(live_server.url + "/rumasta/new/")
    page.get_by_label("2", exact=True).check()
    page.get_by_label("Everyone for themselves").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/rumasta/g/*/")
    TABLES["rumasta"].craft(Game.objects.get(id=page.url.rstrip("/").split("/")[-1]))
    page.reload()
    status = page.get_by_test_id("status")
    expect(status).to_contain_text("take a pile (A), both piles (B) or draw 4 (C)")
    skip_to_the_rack(page, "Skip to your hand", "hand")
    assert page.evaluate("document.getElementById('hand').matches('.rm-hand')")

    # A: a pile each, so each press moves to the next "A · Take pile", and Enter takes it.
    pile_1 = page.get_by_role("button", name="A · Take pile 1")
    pile_2 = page.get_by_role("button", name="A · Take pile 2")
    for button in (pile_1, pile_2, pile_1):
        page.keyboard.press("a")
        expect(button).to_be_focused()
    page.keyboard.press("Enter")
    proof = page.get_by_test_id("proof-step")
    expect(proof.locator(".rm-proof-pile")).to_have_count(1)
    expect(proof).to_contain_text("Pile 1:")
    page.get_by_role("button", name="Cancel", exact=True).click()
    expect(proof).to_have_count(0)

    # B: both piles at once.
    page.keyboard.press("b")
    expect(proof.locator(".rm-proof-pile")).to_have_count(2)
    page.get_by_role("button", name="Cancel", exact=True).click()
    expect(proof).to_have_count(0)

    # C: draw 4, from a card of the hand, which keeps the focus.
    value = focus_pick(page, "hand", "hand-5S")
    page.keyboard.press("c")
    expect(status).to_contain_text("discard one card to each pile")
    expect(page.get_by_test_id("hand").locator("input")).to_have_count(12)
    page.wait_for_function(IN_RACK, arg=["hand", value])

    # The two discards end the turn; the computer's follows, then the focus is in the hand.
    page.get_by_test_id("hand-8H").click()
    page.get_by_test_id("discard-1").click()
    expect(page.get_by_test_id("pile-1")).to_contain_text("Going here")
    start = page.evaluate(VERSION)
    page.get_by_test_id("hand-6C").click()
    page.get_by_test_id("discard-2").click()
    back_in_the_rack(page, start, 2, "hand", None)
