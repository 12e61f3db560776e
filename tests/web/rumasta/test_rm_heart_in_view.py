"""The ❤️ must be on screen the moment a black 3 is laid, on a 360 px phone.

The two discards are tapped down by the hand; the heart form appears at the top of the
board, so without care it opens above the screen and the race is lost while scrolling.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.engine.rumasta.rm_helpers import build
from tests.web.rumasta.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; }"""


@pytest.fixture
def phone(browser: Any) -> Any:
    """A 360 x 740 touch screen, as a phone: taps, not clicks."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    yield context.new_page()
    context.close()


def test_the_heart_is_on_screen_when_the_black_three_lands(live_server: Any, phone: Any):
    page = phone
    page.goto(live_server.url + "/rumasta/new/")
    page.get_by_label("2", exact=True).check()
    page.get_by_label("Everyone for themselves").check()
    page.get_by_role("button", name="Deal the cards").tap()
    page.wait_for_url("**/rumasta/g/*/")
    game = Game.objects.get(id=page.url.rstrip("/").split("/")[-1])
    hand = "3S 9D 8C 5H KD KC QS JH 10D 6C 7S 4H AD"
    state = build(
        [hand, "4S 6S 7C"],
        step="play",
        melds=[
            ["KH KS KC", "5S 5C 5D", "6H 6D 6S", "JS JC JD", "QH QC QD", "8H 8D 8S"],
            ["AH AC AS", "9H 9C 9S"],
        ],
        red3s=["3H 3D"],
    )
    put_state(game, state)
    page.reload()
    expect(page.get_by_test_id("status")).to_contain_text("discard one card to each pile")

    page.get_by_test_id("hand-9D").tap()
    page.get_by_test_id("discard-1").tap()
    expect(page.get_by_test_id("pile-1")).to_contain_text("Going here")
    # As on a phone: scroll down to the hand, pick the black 3, then back up just until
    # pile 2's button shows at the top of the screen, and tap it.
    page.get_by_test_id("hand-3S").scroll_into_view_if_needed()
    page.get_by_test_id("hand-3S").tap()
    button = page.get_by_test_id("discard-2")
    button.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    button.tap()

    heart = page.get_by_test_id("heart-button")
    expect(heart).to_be_visible()
    assert heart.evaluate(IN_VIEW), "the ❤️ opened off screen"
    heart.tap()
    expect(page.get_by_test_id("heart-result")).to_contain_text("pressed the heart in time")
