"""What the pseudo-locale's browser tests open and measure: two tables mid-game, the page's
width and every button's box. The tables are dealt through their setup pages in whatever
language the browser speaks (a role's name is matched as a part of the pseudo text)."""

from __future__ import annotations

from typing import Any

from games.models import Game
from tests.engine.helpers import build as tr_build
from tests.engine.rumasta.rm_helpers import build as rm_build
from tests.web.conftest import put_state
from tests.web.rumasta.conftest import put_state as rm_put_state

PHONE = {"width": 360, "height": 740}
RUN = ["Y1", "Y2", "Y3", "Y4"]  # the run on the Tile Rummy table, low to high
RACK = ["R10", "R11", "R12"]  # the start of the Tile Rummy rack, sorted by number


def _game(page: Any) -> Game:
    return Game.objects.get(id=page.url.rstrip("/").split("/")[-1])


def tile_rummy_table(page: Any, base: str) -> Game:
    """A Tile Rummy table, the reader's turn: a run and a group on the table, a rack of seven."""
    page.goto(f"{base}/tile-rummy/new/")
    page.get_by_role("button", name="Deal the tiles").click()
    page.wait_for_url("**/tile-rummy/g/*/")
    game = _game(page)
    state = tr_build(
        racks=[f"{' '.join(RACK)} J B3 B4 K9", "K1 K2 K6"],
        table=[" ".join(RUN), "R5 B5 K5"],
        opened=[True, True],
        pool_top="Y9",
    )
    put_state(game, state)
    page.reload()
    return game


def rumasta_table(page: Any, base: str) -> Game:
    """A Rumasta table for two, the reader's turn: melds on both sides, a hand of seven."""
    page.goto(f"{base}/rumasta/new/")
    page.get_by_label("2", exact=True).check()
    page.get_by_label("Everyone for themselves").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/rumasta/g/*/")
    game = _game(page)
    state = rm_build(
        ["KD KC 5S 9H AS 7D 7C", "4S 6S 7C 8D 10C"],
        melds=[["8H 8S 8D", "QH QS JK"], ["5H 5D 5C"]],
        red3s=["3H", ""],
    )
    rm_put_state(game, state)
    page.reload()
    return game


def page_width(page: Any) -> tuple[int, int]:
    """The document's scrolling width and the window's: equal when nothing scrolls sideways."""
    return tuple(page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]"))


# Every button a reader can see (not one kept for screen readers, 1 px, nor a hidden one),
# and the header's links, the site's first buttons: its words fit inside it, it lies within
# the screen, and no ancestor that clips or scrolls cuts it. One line for each thing wrong,
# naming the button by its words.
CLIPPED_BUTTONS = """() => {
  const found = [];
  const width = window.innerWidth;
  const buttons = document.querySelectorAll(
    'button, .button, input[type="submit"], input[type="button"], .site-nav a');
  for (const el of buttons) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
    const name = (el.innerText || el.value || el.getAttribute('aria-label') || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 50);
    if (el.scrollWidth > el.clientWidth + 1) {
      found.push(`"${name}": words cut (${el.scrollWidth} px in ${el.clientWidth})`);
    }
    if (r.left < -1 || r.right > width + 1) {
      found.push(`"${name}": off the screen (${Math.round(r.left)} to ${Math.round(r.right)})`);
    }
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === 'visible') continue;
      const c = p.getBoundingClientRect();
      if (r.left < c.left - .5 || r.right > c.right + .5) {
        found.push(`"${name}": cut by ${p.tagName.toLowerCase()}.${[...p.classList].join('.')}`);
        break;
      }
    }
  }
  return found;
}"""


def clipped_buttons(page: Any) -> list[str]:
    return page.evaluate(CLIPPED_BUTTONS)
