"""Motion at the tables, in Debian's Chromium (issue 42, items 2 and 7).

Every animation the page starts is recorded from before its scripts run (Element.animate,
and document.startViewTransition should anything call it): with full motion a tile laid
from the rack travels to the table and a computer's tiles travel from its chip, frame by
frame; nothing covers the controls while they move, and a key press ends them at once. Under
the device's reduced-motion wish (emulated) nothing moves and no view transition starts;
the settings page's Reduced is short fades only, and None is nothing. Cards travel as tiles
do: melded from the hand, taken from a pile, or laid by a computer from its chip.
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
from tests.engine.rumasta.rm_helpers import build as rm_build
from tests.engine.rumasta.rm_helpers import ids as rm_ids
from tests.web.rumasta.conftest import put_state as rm_put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD = r"""
window.__motion = {animate: [], transitions: 0};
(() => {
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const first = Array.isArray(frames) ? frames[0] || {} : {};
    // Where a travelling piece starts, on the page: its place now plus the first shift.
    const box = this.getBoundingClientRect();
    const by = /translate\((-?[\d.e+-]+)px, (-?[\d.e+-]+)px\)/.exec(first.transform || '');
    window.__motion.animate.push({travel: 'transform' in first, fade: 'opacity' in first,
                                  tile: this.matches('.tile, [data-card]'),
                                  card: this.getAttribute('data-card'),
                                  meld: !!this.closest('.rm-meld'), hand: !!this.closest('#hand'),
                                  from: by && [box.left + box.width / 2 + +by[1] + scrollX,
                                               box.top + box.height / 2 + +by[2] + scrollY],
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
    expect(page.get_by_test_id("rack").get_by_test_id("tile-R10")).to_be_visible()
    page.keyboard.press("Shift")  # R10 home at once: the draw's swap is measured from rest
    before = len(page.evaluate(MOTION)["animate"])
    start = page.evaluate("+document.getElementById('board').dataset.version")
    page.get_by_role("button", name="Draw a tile").click()
    # The draw and the computer's answer shown (the table's own run was "fresh" already).
    page.wait_for_function(
        """(start) => { const b = document.getElementById('board');
          return +b.dataset.version >= start + 2 && b.dataset.turn === 'mine'; }""",
        arg=start,
        timeout=20_000,
    )
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")
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


# --- cards: a hand's card keeps its id (data-card) on the table, so it travels there -------


def card_table(live_server: Any, page: Any, state: Any, computer: bool = False) -> Game:
    """A two-seat Rumasta table at the crafted ``state`` (a tall window: nothing scrolls);
    ``computer``: the computer is to move, and the board asks for its moves."""
    page.set_viewport_size({"width": 1280, "height": 1600})
    page.add_init_script(RECORD)
    page.goto(live_server.url + "/rumasta/new/")
    page.get_by_label("2", exact=True).check()
    page.get_by_label("Everyone for themselves").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/rumasta/g/*/")
    game = Game.objects.get(id=page.url.rstrip("/").split("/")[-1])
    rm_put_state(game, state)
    Game.objects.filter(id=game.id).update(awaiting_computer=computer)
    page.reload()
    game.refresh_from_db()
    return game


def centres(page: Any, keys: list[str]) -> dict[str, list[float]]:
    """Each keyed card's centre on the page now."""
    return page.evaluate(
        """(keys) => Object.fromEntries(keys.map(k => {
          const r = document.querySelector(`#board [data-card="${k}"]`).getBoundingClientRect();
          return [k, [r.left + r.width / 2 + scrollX, r.top + r.height / 2 + scrollY]];
        }))""",
        keys,
    )


def box(page: Any, selector: str) -> list[float]:
    """The first match's box on the page: left, top, right, bottom."""
    return page.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
          return [r.left + scrollX, r.top + scrollY, r.right + scrollX, r.bottom + scrollY]; }""",
        selector,
    )


def inside(point: list[float], area: list[float]) -> bool:
    return area[0] <= point[0] <= area[2] and area[1] <= point[1] <= area[3]


def travels(page: Any, since: int, **where: bool) -> dict[str, list[float]]:
    """The cards that set off since record ``since`` (in a meld, in the hand): from where."""
    out: dict[str, list[float]] = {}
    for a in page.evaluate(MOTION)["animate"][since:]:
        if a["travel"] and a["card"] and all(a[k] == v for k, v in where.items()):
            out.setdefault(a["card"], a["from"])  # its first start (a turn starts mid-way)
    return out


def near(a: list[float], b: list[float]) -> bool:
    return abs(a[0] - b[0]) <= 2 and abs(a[1] - b[1]) <= 2


def test_cards_melded_from_the_hand_travel_to_the_table(live_server: Any, page: Any) -> None:
    state = rm_build(["AS AC AD 9H 8H 5S 4C", "4S 6S 7C 8D"], step="play")
    card_table(live_server, page, state)
    aces = [str(c) for c in rm_ids(state, "AS AC AD", 0)]
    hand = page.get_by_test_id("hand")
    for face in ("AS", "AC", "AD"):
        hand.get_by_test_id(f"hand-{face}").click()
    expect(hand.locator("[data-card]")).to_have_count(7)
    was = centres(page, aces)  # the same keys, in the hand before the swap
    since = len(page.evaluate(MOTION)["animate"])
    started = page.evaluate("window.rummyMotion.started")
    page.get_by_role("button", name="Meld the picked cards").click()
    meld = page.get_by_test_id("side-0").get_by_test_id("meld")
    for key in aces:
        expect(meld.locator(f'.rm-card[data-card="{key}"]')).to_be_visible(timeout=15_000)
    expect(hand.locator("[data-card]")).to_have_count(4)
    page.wait_for_function("(n) => window.rummyMotion.started >= n + 3", arg=started)
    moved = travels(page, since, meld=True)
    assert set(aces) <= set(moved), moved
    assert all(near(moved[k], was[k]) for k in aces), (moved, was)  # each from its own place


def test_a_taken_piles_cards_travel_from_the_pile(live_server: Any, page: Any) -> None:
    state = rm_build(["AD AC 9H 8H 5S 4C", "4S 6S 7C 8D"], piles=("5D 6C AH", "9S"))
    card_table(live_server, page, state)
    top, aces = str(state.piles[0][-1]), [str(c) for c in rm_ids(state, "AD AC", 0)]
    page.get_by_role("button", name="Take pile 1").click()
    # The proof's step has been drawn before any card is picked (a pick on the board the
    # swap replaces would be lost, and the proof refused).
    expect(page.get_by_test_id("prove-1")).to_be_visible(timeout=15_000)
    for face in ("AD", "AC"):
        card = page.get_by_test_id("hand").get_by_test_id(f"hand-{face}")
        card.click()
        expect(card.locator("input")).to_be_checked()
    was = centres(page, [top, *aces])
    pile = box(page, "#board .rm-pile")
    since = len(page.evaluate(MOTION)["animate"])
    page.get_by_test_id("prove-1").click()
    meld = page.get_by_test_id("side-0").get_by_test_id("meld")
    expect(meld.locator("[data-card]")).to_have_count(3, timeout=15_000)
    page.wait_for_function(
        "(n) => window.__motion.animate.slice(n).filter(a => a.travel && a.card).length >= 5",
        arg=since,
    )
    laid = travels(page, since, meld=True)
    assert all(near(laid[k], was[k]) for k in (top, *aces)), (laid, was)
    # The pile's other cards (5D, 6C) come into the hand from the pile, not the draw pile.
    under = [str(c) for c in state.piles[0][:-1]]
    drawn = travels(page, since, hand=True)
    assert set(under) <= set(drawn), drawn
    assert all(inside(drawn[k], pile) for k in under), (drawn, pile)


def test_a_computers_melds_travel_from_its_chip(live_server: Any, page: Any) -> None:
    hands = ["9H 8H 5S 4C 6D", "AS AC AD KS KC KD 9C 4D 7S 10H 6C 5H"]
    state = rm_build(hands, turn=1, step="play")
    game = card_table(live_server, page, state, computer=True)
    laid = [str(c) for c in rm_ids(state, "AS AC AD KS KC KD", 1)]
    shown = page.locator("#board [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert not set(laid) & set(shown)  # a computer's hand carries no id on this page
    chip = box(page, '[data-testid="player-1"]')
    since = len(page.evaluate(MOTION)["animate"])
    # Its melds now (or at the board's next poll, had it been quicker), then its discard.
    services.run_computer_turn(game.id, game.version)
    page.wait_for_function(
        """([n, laid]) => laid.every(k => window.__motion.animate.slice(n)
             .some(a => a.travel && a.meld && a.card === k))""",
        arg=[since, laid],
        timeout=20_000,
    )
    moved = travels(page, since, meld=True)
    assert all(inside(moved[k], chip) for k in laid), (moved, chip)
