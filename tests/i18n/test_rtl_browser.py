"""Right to left at 360 px: the page mirrors, the rows of tiles do not (issue 36 item 4).

The right-to-left pseudo-language ("he", tests/i18n/pseudo_locale.py) is served like any
language, so Django marks the page ``<html dir="rtl">`` itself and the style sheets' logical
properties (docs/translating.md) mirror it. On the home page, a Tile Rummy table and a
Rumasta table in Debian's Chromium at 360 px: nothing scrolls sideways and nothing pokes out
of the screen on the right (where a right-to-left page does not scroll to), the site's name
has moved to the right, and the tiles still read left to right: the run on the table low to
high, the rack as sorted, Rumasta's hand as sorted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.i18n.browser_pages import (
    PHONE,
    RACK,
    RUN,
    clipped_buttons,
    page_width,
    rumasta_table,
    tile_rummy_table,
)
from tests.i18n.conftest import speak

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Whatever a reader can see of each element (its box cut by every ancestor that clips or
# scrolls) lies on the screen. Overflow past the right edge of a right-to-left page does not
# show in scrollWidth, so each element is measured. The skip link waits off the screen until
# it has focus, by design.
OFF_SCREEN = """() => {
  const width = window.innerWidth, found = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.skip-link')) continue;
    let {left, right, top, bottom} = el.getBoundingClientRect();
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === 'visible') continue;
      const c = p.getBoundingClientRect();
      left = Math.max(left, c.left); right = Math.min(right, c.right);
      top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom);
    }
    if (right - left <= 1 || bottom - top <= 1) continue;  // nothing of it shows
    if (left < -1 || right > width + 1) {
      found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}: ` +
                 `${Math.round(left)} to ${Math.round(right)}`);
    }
  }
  return found;
}"""


def xs(page: Any, container: str, faces: list[str], prefix: str = "tile-") -> list[float]:
    """The left edge of each named tile (or card) inside ``container``, in the order named."""
    where = page.get_by_test_id(container)
    boxes = [where.get_by_test_id(f"{prefix}{face}").first.bounding_box() for face in faces]
    assert all(boxes), faces
    return [box["x"] for box in boxes]


def _home(page: Any, base: str) -> None:
    page.goto(base + "/")


def _tile_rummy(page: Any, base: str) -> None:
    tile_rummy_table(page, base)
    run = xs(page, "table", RUN)
    assert run == sorted(run) and len(set(run)) == len(run), f"the run reads {run}"
    rack = xs(page, "rack", RACK)
    assert rack == sorted(rack) and len(set(rack)) == len(rack), f"the rack reads {rack}"


def _rumasta(page: Any, base: str) -> None:
    rumasta_table(page, base)
    hand = page.get_by_test_id("hand").locator(".rm-pick")
    lefts = [hand.nth(i).bounding_box()["x"] for i in range(hand.count())]
    assert len(lefts) == 7 and lefts == sorted(lefts), f"the hand reads {lefts}"


PAGES: dict[str, Callable[[Any, str], None]] = {
    "home": _home,
    "Tile Rummy table": _tile_rummy,
    "Rumasta table": _rumasta,
}


@pytest.mark.parametrize("name", list(PAGES))
def test_a_right_to_left_page_fits_360_px_and_its_tiles_read_left_to_right(
    name: str, pseudo_rtl_on: str, live_server: Any, page: Any
) -> None:
    speak(page, live_server, pseudo_rtl_on)
    page.set_viewport_size(PHONE)
    PAGES[name](page, live_server.url)
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [
        pseudo_rtl_on,
        "rtl",
    ]
    site_name = page.locator(".site-name").bounding_box()
    assert site_name and site_name["x"] > PHONE["width"] / 2, "the header is not mirrored"
    scroll_width, width = page_width(page)
    assert scroll_width <= width, f"{name} scrolls sideways: {scroll_width} px in {width}"
    assert page.evaluate(OFF_SCREEN) == [], f"{name}: off the screen"
    assert clipped_buttons(page) == [], f"{name}: buttons cut"
