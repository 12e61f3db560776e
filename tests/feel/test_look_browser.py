"""The settings' look at the tables, in Debian's Chromium (issue 42, items 4 and 6).

A rack of 15 tiles still fits a 360 px phone on Small and Medium tiles (two rows at most,
nothing past the screen's edge, the dock no more than a quarter of the screen), the
left-handed rack puts the dock's tools on the other side, and axe finds no violation on one
table per game with every look the settings make: light and dark × the three tile sizes ×
left- and right-handed (the device's own theme is one of those two).

Set RUMMY_SHOTS=/some/dir to also save screenshots of each look.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import romanian as ro
from games.engine import tile_rummy as tr
from games.models import Game
from preferences.feel import COOKIE, Feel, encode
from tests import helpers
from tests.browser_checks import narrow_enough, violations
from tests.browser_games import deal_in_browser, shot
from tests.engine.helpers import build as tr_build
from tests.engine.romanian.ro_helpers import table as ro_table
from tests.web.test_keys import TABLES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
RACK_15 = "R1 R2 R3 R4 R5 B6 B7 B8 Y9 Y10 Y11 K12 K13 K1 J"
# The tiles of the dock's rack: their boxes, and the dock's.
RACK_BOXES = """() => {
  const tiles = Array.from(document.querySelectorAll('#board .dock .tile[data-tile]'));
  const dock = document.querySelector('#board .dock').getBoundingClientRect();
  return {
    tiles: tiles.map(t => { const r = t.getBoundingClientRect();
      return {left: r.left, right: r.right, top: Math.round(r.top)}; }),
    dock: {top: dock.top, height: dock.height},
  };
}"""


def with_settings(page: Any, base: str, **chosen: Any) -> None:
    """This device's settings cookie, as the settings page would have set it for a guest."""
    page.context.add_cookies([{"name": COOKIE, "value": encode(Feel(**chosen)), "url": base}])


def rack_of_15(live_server: Any, page: Any, kind: str) -> Game:
    page.set_viewport_size(PHONE)
    if kind == "tile_rummy":
        game = deal_in_browser(page, live_server.url, "tile-rummy", "Easy")
        state = tr_build(racks=[RACK_15, "K10 B10 Y10"], table=["Y4 Y5 Y6"], pool_top="Y7")
        helpers.put_state(game, state, tr)
    else:
        game = deal_in_browser(page, live_server.url, "romanian", "Easy")
        racks = {0: "R8 R9 B6 B7 Y2 K5 K11 R1 R2 B12 B13 Y4 Y5 K3 K9", 1: "B1 Y3 R2 B9 Y12 K7 K2"}
        helpers.put_state(game, ro_table(racks, wall="K13 Y6 B12 Y8"), ro)
    return game


@pytest.mark.parametrize("kind", ["tile_rummy", "romanian_tile_rummy"])
@pytest.mark.parametrize("size", ["small", "medium"])
def test_a_rack_of_fifteen_fits_a_360_px_phone_on_small_and_medium_tiles(
    live_server: Any, page: Any, kind: str, size: str
) -> None:
    rack_of_15(live_server, page, kind)
    for left_handed in (False, True):
        with_settings(page, live_server.url, tile_size=size, left_handed=left_handed)
        page.reload()
        expect(page.locator("html")).to_have_class(f"theme-system tiles-{size} motion-full" + (
            " left-handed" if left_handed else ""))  # fmt: skip
        seen = page.evaluate(RACK_BOXES)
        assert len(seen["tiles"]) == 15
        assert narrow_enough(page, PHONE)
        assert all(t["left"] >= 0 and t["right"] <= PHONE["width"] for t in seen["tiles"]), seen
        rows = sorted({t["top"] for t in seen["tiles"]})
        assert len(rows) <= 2, (size, left_handed, rows)
        assert seen["dock"]["height"] <= PHONE["height"] * 0.25, seen["dock"]
        shot(page, f"feel-rack-{kind}-{size}-{'left' if left_handed else 'right'}")


def test_large_tiles_are_larger_and_the_left_handed_dock_has_its_tools_on_the_left(
    live_server: Any, page: Any
) -> None:
    rack_of_15(live_server, page, "tile_rummy")
    widths = {}
    for size in ("small", "medium", "large"):
        with_settings(page, live_server.url, tile_size=size)
        page.reload()
        widths[size] = page.locator("#board .dock .tile").first.bounding_box()["width"]
        assert narrow_enough(page, PHONE)
    assert widths["small"] < widths["medium"] < widths["large"], widths

    tools, first = page.locator("#board .dock-tools"), page.locator("#board .dock .tile").first
    right_handed = (tools.bounding_box(), first.bounding_box())
    assert right_handed[0]["x"] > right_handed[1]["x"]  # the tools after the tiles, on the right
    with_settings(page, live_server.url, left_handed=True)
    page.reload()
    tools_box, tile_box = tools.bounding_box(), first.bounding_box()
    assert tools_box["x"] < tile_box["x"]  # the tools on the left, the tiles towards the right
    last = page.locator("#board .dock .tile").last.bounding_box()
    assert last["x"] + last["width"] > PHONE["width"] - 30  # lined up on the right edge
    shot(page, "feel-left-handed")


# One table per game, dealt once; each look is the cookie and a reload.
LOOKS = [
    (theme, size, left)
    for theme in ("light", "dark")
    for size in ("small", "medium", "large")
    for left in (False, True)
]


@pytest.mark.parametrize("size", [PHONE, {"width": 1280, "height": 800}], ids=["phone", "desktop"])
def test_no_axe_violation_on_any_table_with_any_look(
    live_server: Any, page: Any, size: dict[str, int]
) -> None:
    page.set_viewport_size(size)
    found: list[str] = []
    for kind, table in TABLES.items():
        table.craft(deal(page, live_server.url, kind))
        for theme, tiles, left in LOOKS:
            if size["width"] > 700 and left:
                continue  # the dock's sides are the same rules at both sizes: the phone has them
            with_settings(page, live_server.url, theme=theme, tile_size=tiles, left_handed=left)
            page.reload()
            expect(page.get_by_test_id("sound-toggle")).to_be_visible()
            where = f"{kind} {theme} {tiles}{' left-handed' if left else ''}"
            found += violations(page, where)
            if not narrow_enough(page, size):
                found.append(f"{where}: scrolls sideways")
            if tiles == "medium" and not left:
                shot(page, f"feel-{kind}-{theme}-{size['width']}", full_page=True)
    # The settings page itself, in both colours.
    for theme in ("light", "dark"):
        with_settings(page, live_server.url, theme=theme)
        page.goto(live_server.url + "/settings/")
        found += violations(page, f"settings page {theme}")
        shot(page, f"feel-settings-{theme}-{size['width']}", full_page=True)
    assert not found, "\n".join(found)


def deal(page: Any, base: str, kind: str) -> Game:
    """A game of ``kind`` against the easy computer, dealt from its setup page."""
    if kind != "rumasta":
        labels = {"rumbaroo": ("Joey — easy",)}.get(kind, ("Easy",))
        return deal_in_browser(page, base, TABLES[kind].prefix, *labels)
    page.goto(base + "/rumasta/new/")
    page.get_by_label("2", exact=True).check()
    page.get_by_label("Everyone for themselves").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/rumasta/g/*/")
    return Game.objects.get(id=page.url.rstrip("/").split("/")[-1])
