"""Motion at the tables, in Debian's Chromium (issue 42, items 2 and 7).

Every animation the page starts is recorded from before its scripts run (Element.animate,
and document.startViewTransition should anything call it): with full motion a tile laid
from the rack travels to the table and a computer's tiles travel from its chip, frame by
frame; nothing covers the controls while they move, and a key press ends them at once. Under
the device's reduced-motion wish (emulated) nothing moves and no view transition starts;
the settings page's Reduced is short fades only, and None is nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from games.engine import tile_rummy as tr
from games.models import Game
from preferences.feel import COOKIE, Feel, encode
from tests import helpers
from tests.browser_games import deal_in_browser
from tests.engine.helpers import build as tr_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD = """
window.__motion = {animate: [], transitions: 0};
(() => {
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const first = Array.isArray(frames) ? frames[0] || {} : {};
    window.__motion.animate.push({travel: 'transform' in first, fade: 'opacity' in first,
                                  tile: this.matches('.tile, .rm-pick'),
                                  duration: options && options.duration});
    return animate.call(this, frames, options);
  };
  if (document.startViewTransition) {
    const start = document.startViewTransition;
    document.startViewTransition = function (...args) {
      window.__motion.transitions += 1;
      return start.apply(this, args);
    };
  }
})();
"""
MOTION = "() => window.__motion"


def table(live_server: Any, page: Any, **chosen: Any) -> Game:
    """A Tile Rummy table, the person to play, the computer holding a run it will lay."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.add_init_script(RECORD)
    if chosen:
        feel = encode(Feel(**chosen))
        page.context.add_cookies([{"name": COOKIE, "value": feel, "url": live_server.url}])
    game = deal_in_browser(page, live_server.url, "tile-rummy", "Easy")
    state = tr_build(
        racks=["R10 R11 R12 B3 Y3 K3", "K1 K2 K3 B9"], table=["Y4 Y5 Y6"],
        opened=[True, True], pool_top="Y9 Y10",
    )  # fmt: skip
    helpers.put_state(game, state, tr)
    page.reload()
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")
    return game


def lay_a_tile_then_draw(page: Any) -> None:
    """R10 from the rack to a new set, back, then a draw: the computer answers, frame by frame."""
    page.get_by_test_id("rack").get_by_test_id("tile-R10").click()
    page.get_by_role("button", name="New set").click()
    expect(page.get_by_test_id("table").get_by_test_id("tile-R10")).to_be_visible()
    page.get_by_role("button", name="Reset").click()
    expect(page.get_by_test_id("rack").get_by_test_id("tile-R10")).to_be_visible()
    start = page.evaluate("+document.getElementById('board').dataset.version")
    page.get_by_role("button", name="Draw a tile").click()
    page.wait_for_function(
        """(start) => { const b = document.getElementById('board');
          return +b.dataset.version >= start + 2 && b.dataset.turn === 'mine'; }""",
        arg=start,
        timeout=20_000,
    )


def test_full_motion_moves_the_tiles_without_covering_the_controls(
    live_server: Any, page: Any
) -> None:
    table(live_server, page)
    page.get_by_test_id("rack").get_by_test_id("tile-R10").click()
    page.get_by_role("button", name="New set").click()
    page.wait_for_function("() => window.rummyMotion.started > 0")
    # While it travels, what the player sees is what a tap reaches: no layer over the page.
    free = page.evaluate("""() => {
      const moving = document.getAnimations().length;
      const button = document.querySelector('#board [data-shortcut="d"]');
      const r = button.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {moving, free: button.contains(hit)};
    }""")
    assert free == {"moving": free["moving"], "free": True}
    page.keyboard.press("Shift")  # a key press: every tile where it goes, at once
    assert page.evaluate("document.getAnimations().length") == 0

    page.get_by_role("button", name="Reset").click()
    before = len(page.evaluate(MOTION)["animate"])
    page.get_by_role("button", name="Draw a tile").click()
    expect(page.get_by_test_id("status")).to_contain_text("Your turn", timeout=20_000)
    expect(page.get_by_test_id("table").locator(".tile.fresh")).to_have_count(3)
    record = page.evaluate(MOTION)
    travelled = [a for a in record["animate"][before:] if a["travel"] and a["tile"]]
    assert len(travelled) >= 3, record  # the computer's run, from its chip, and the drawn tile
    assert record["transitions"] == 0


def test_the_devices_reduced_motion_wish_stills_everything(live_server: Any, page: Any) -> None:
    page.emulate_media(reduced_motion="reduce")
    table(live_server, page)  # the settings say Full: the device's wish wins
    expect(page.locator("html")).to_have_attribute("data-motion", "full")
    lay_a_tile_then_draw(page)
    record = page.evaluate(MOTION)
    assert record == {"animate": [], "transitions": 0}
    assert page.evaluate("document.getAnimations().length") == 0
    assert page.evaluate("window.rummyMotion.started") == 0
    duration = page.evaluate(
        "getComputedStyle(document.querySelector('#board .button')).transitionDuration"
    )
    assert duration in ("0s", "")


@pytest.mark.parametrize("motion", ["reduced", "none"])
def test_the_motion_setting_reduced_fades_and_none_stills(
    live_server: Any, page: Any, motion: str
) -> None:
    table(live_server, page, motion=motion)
    expect(page.locator("html")).to_have_class(f"theme-system tiles-medium motion-{motion}")
    lay_a_tile_then_draw(page)
    record = page.evaluate(MOTION)
    assert record["transitions"] == 0
    assert not [a for a in record["animate"] if a["travel"]], record
    if motion == "none":
        assert record["animate"] == []
    else:
        assert [a for a in record["animate"] if a["fade"]], record


@pytest.mark.parametrize(("speed", "ms"), [("slow", 450), ("fast", 160)])
def test_a_computers_move_is_played_out_at_the_chosen_speed(
    live_server: Any, page: Any, speed: str, ms: int
) -> None:
    game = table(live_server, page, computer_speed=speed)
    delay = "1500" if speed == "slow" else "350"
    expect(page.locator("#board")).to_have_attribute("data-delay", delay)
    state = tr_build(
        racks=["R10 R11 R12 B3 Y3 K3", "K1 K2 K3 B9"], table=["Y4 Y5 Y6"],
        opened=[True, True], pool_top="Y9 Y10", turn=1,
    )  # fmt: skip
    helpers.put_state(game, state, tr)
    Game.objects.filter(id=game.id).update(awaiting_computer=True)
    page.reload()
    game.refresh_from_db()
    assert services.run_computer_turn(game.id, game.version)
    expect(page.get_by_test_id("table").locator(".tile.fresh")).to_have_count(3)
    page.wait_for_function("() => window.__motion.animate.length >= 3")
    # The run it laid, from its chip; and whatever the new set moved along, to its new place.
    moved = [a for a in page.evaluate(MOTION)["animate"] if a["travel"]]
    assert len(moved) >= 3 and all(a["duration"] == ms for a in moved), moved
