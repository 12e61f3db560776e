"""The Rumasta table page in Debian's Chromium (issue 25, item 15): laid red 3s stay
inside the player boxes on a phone and a desktop, the page has its h1, and the
computers' moves are announced from a live region outside the swapped board,
with captions that name the cards."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.engine.rumasta.rm_helpers import build
from tests.web.rumasta.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


def _start(page: Any, live_server: Any, size: dict[str, int], players: int = 3) -> Game:
    page.set_viewport_size(size)
    page.goto(live_server.url + "/rumasta/new/")
    page.get_by_label(str(players), exact=True).check()
    page.get_by_label("Everyone for themselves").check()
    page.get_by_label("Points to win").fill("500")
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/rumasta/g/*/")
    return Game.objects.get(id=page.url.rstrip("/").split("/")[-1])


# The corners of every card inside a player box, whose ends are rounded (a pill):
# a corner lying outside the box's rounded outline is a card sticking out.
CORNERS_OUTSIDE = """box => {
  const r = box.getBoundingClientRect(), css = getComputedStyle(box);
  const b = parseFloat(css.borderTopWidth) || 0;
  const left = r.left + b, right = r.right - b, top = r.top + b, bottom = r.bottom - b;
  const rad = Math.max(0, Math.min(parseFloat(css.borderTopLeftRadius) || 0, r.height / 2) - b);
  const out = [];
  for (const card of box.querySelectorAll(".rm-card")) {
    const c = card.getBoundingClientRect();
    const corners = [[c.left, c.top], [c.right, c.top], [c.left, c.bottom], [c.right, c.bottom]];
    for (const [x, y] of corners) {
      let inside = x >= left - .5 && x <= right + .5 && y >= top - .5 && y <= bottom + .5;
      const cx = x < left + rad ? left + rad : (x > right - rad ? right - rad : x);
      const cy = y < top + rad ? top + rad : (y > bottom - rad ? bottom - rad : y);
      if (Math.hypot(x - cx, y - cy) > rad + .5) inside = false;
      if (!inside) out.push([Math.round(x), Math.round(y)]);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_laid_red_threes_stay_inside_the_player_boxes(
    live_server: Any, page: Any, size: dict[str, int]
) -> None:
    game = _start(page, live_server, size)
    red3s = ["3H 3D 3H 3D 3D", "3H"]  # five red 3s for you, one for the next seat
    state = build(["KD KC 5S 9H", "4S 6S 7C", "8D 9D"], red3s=red3s)
    put_state(game, state)
    page.reload()
    for seat, laid in enumerate(red3s):
        player = page.get_by_test_id(f"player-{seat}")
        expect(player.locator(".rm-card")).to_have_count(len(laid.split()))
        assert player.evaluate(CORNERS_OUTSIDE) == [], f"seat {seat}'s red 3s stick out"
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]


def test_the_table_has_an_h1_and_a_live_region_outside_the_board(
    live_server: Any, page: Any
) -> None:
    _start(page, live_server, PHONE, players=2)
    expect(page.locator("h1")).to_have_text("Rumasta")
    announcer = page.get_by_test_id("announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    assert page.locator("#board [aria-live]").count() == 0
    assert page.locator("#board #announcer").count() == 0


SAID = """() => {
  window.said = [];
  const region = document.getElementById("announcer");
  new MutationObserver(() => window.said.push(region.textContent))
    .observe(region, {childList: true, characterData: true, subtree: true});
}"""


def test_a_computers_discard_is_announced_naming_the_cards(live_server: Any, page: Any) -> None:
    game = _start(page, live_server, PHONE, players=2)
    state = build(["KD KC 5S 9H AS", "4S 6S 7C 8D 10C"], step="play")
    put_state(game, state)
    page.reload()
    # Everything the live region says, kept: a frame may be on screen only briefly.
    page.evaluate(SAID)
    page.get_by_test_id("hand-9H").click()
    page.get_by_test_id("discard-1").click()
    page.get_by_test_id("hand-5S").click()
    page.get_by_test_id("discard-2").click()
    # the computer's turn ends with its two discards: named, one to each pile
    page.wait_for_function(
        "() => window.said.some(t => / discarded \\S+ to pile 1 and \\S+ to pile 2\\./.test(t))",
        timeout=30000,
    )
    said = page.evaluate("window.said")
    assert not any("one card to each pile" in line for line in said if "discarded" in line)
