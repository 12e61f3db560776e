"""Keyboard focus survives every redraw of the board (issue 25, item 21).

htmx swaps the whole board after Confirm and after each computer move; the focused
element goes with it. The focus must come back into the rack (or the control that
was used), never drop to the page's body, so the next keyboard turn starts where
the last one ended.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.tile_rummy.test_phone_table_browser import deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# After each settle of the board (and after table.js had its turn), where the focus is.
RECORD = """() => {
  window.focusLog = [];
  document.addEventListener("htmx:afterSettle", () => setTimeout(() => {
    const active = document.activeElement;
    const dock = document.querySelector('[data-testid="dock"]');
    window.focusLog.push(!active || active === document.body ? "body"
      : dock && dock.contains(active) ? "dock" : "elsewhere:" + active.outerHTML.slice(0, 80));
  }, 0));
}"""
VERSION = "() => +document.getElementById('board').dataset.version"
# No htmx request in flight and no swap or settle under way (htmx's own classes for each).
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
# The board has moved on by ``n`` versions (own move, then the computer's) and it is our turn.
MOVED_ON = """([start, n]) => +document.getElementById('board').dataset.version >= start + n
  && document.querySelector('[data-testid="status"]').textContent.includes('Your turn')"""
IN_RACK = """() => {
  const active = document.activeElement;
  return !!active && active.matches('[data-testid="rack"] input.tile-pick:not(:disabled)');
}"""


def test_after_a_keyboard_confirm_and_the_computers_move_the_focus_is_in_the_rack(
    live_server: Any, page: Any
) -> None:
    deal(live_server, page)
    page.evaluate(RECORD)
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # "Skip to your rack"
    page.keyboard.press("Tab")
    rack = page.get_by_test_id("rack")
    expect(rack.get_by_test_id("tile-R2").locator("input")).to_be_focused()
    page.keyboard.press("Space")
    page.keyboard.press("n")
    for face in ("R3", "R4"):
        expect(rack.get_by_test_id(f"tile-{face}").locator("input")).to_be_focused()
        page.keyboard.press("Space")
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Enter")
    expect(page.locator(".set .tile.placed")).to_have_count(3)
    expect(rack.get_by_test_id("tile-B5").locator("input")).to_be_focused()
    page.wait_for_function(SETTLED)  # the last draft move has settled
    page.evaluate("window.focusLog = []")
    start = page.evaluate(VERSION)
    page.keyboard.press("c")  # Confirm; then the computer's move lands, frame by frame

    page.wait_for_function(MOVED_ON, arg=[start, 2], timeout=15_000)
    page.wait_for_function(IN_RACK, timeout=5_000)
    log = page.evaluate("window.focusLog")
    assert len(log) >= 2, log  # Confirm's answer, then at least the computer's move
    assert all(where == "dock" for where in log), log


def test_after_drawing_by_keyboard_the_computers_move_leaves_the_focus_in_the_dock(
    live_server: Any, page: Any
) -> None:
    deal(live_server, page)
    page.evaluate(RECORD)
    draw = page.get_by_role("button", name="Draw a tile")
    draw.focus()
    start = page.evaluate(VERSION)
    page.keyboard.press("Enter")  # drawing ends the turn: the computer moves next

    page.wait_for_function(MOVED_ON, arg=[start, 2], timeout=15_000)
    # Back in the rack, where a turn starts (the Draw button left the board with the turn).
    page.wait_for_function(IN_RACK, timeout=5_000)
    log = page.evaluate("window.focusLog")
    assert log and "body" not in log, log
