"""The discard pile's spoken name holds what the pile button shows (WCAG 2.5.3, Label in Name).

A person using speech input says what they see. axe-core's
``label-content-name-mismatch`` rule (experimental, so not in the site-wide axe
run) flagged the pile: its aria-label did not contain the tile face it showed.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from games.models import Game
from tests.browser_games import deal_in_browser
from tests.engine.rumbaroo.rb_helpers import build
from tests.web.rumbaroo.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def deal(live_server: Any, page: Any, pile: str) -> Game:
    """A Joey game at phone width, seat 0 to play, ``pile`` on top of the discards."""
    page.set_viewport_size({"width": 360, "height": 800})
    game = deal_in_browser(page, live_server.url, "rumbaroo")
    put_state(game, build(["R-HOP B5 R4 R5 R6", "Y1 Y7 Y11"], pile=pile))
    page.reload()
    return game


@pytest.mark.parametrize(
    ("pile", "spoken"), [("B5", "blue 5"), ("J", "Wild"), ("G-HOP", "green Hop")]
)
def test_the_pile_buttons_name_holds_its_visible_text(
    live_server: Any, page: Any, pile: str, spoken: str
) -> None:
    deal(live_server, page, pile)
    button = page.get_by_test_id("pile")
    expect(button).to_be_enabled()
    name = f"Discard pile, {spoken} on top. Play the picked tile here."
    expect(button).to_have_accessible_name(name)
    # Every letter or number the button shows (besides its key hint P) is in that name.
    shown = re.findall(r"[a-z0-9]+", button.inner_text().lower())
    assert all(w in name.lower() for w in shown if w != "p"), (shown, name)
    results = Axe().run(page, options={"runOnly": ["label-content-name-mismatch"]})
    found = [(v["id"], [n["html"] for n in v["nodes"]]) for v in results.response["violations"]]
    assert not found, found
