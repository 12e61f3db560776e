"""Rumbaroo's guided first game walked to its end in Debian's Chromium, on a phone (issue 42).

From the setup page's offer, at the game's own table at 360 px: each step's line shows and
is read out, the steps are played by keyboard (Space to pick, P for the pile, N for a new
meld, C to confirm) and by taps (the pouch's question, the Rumbaroo! button), the meld that
leaves one tile without the call is refused with its explanation (shown and read out) and
taken back, and at the end the guided game is done on the stats page. axe finds nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser_checks import violations
from tests.browser_games import shot
from tests.tutorials.guided import GuidedTable, from_the_offer, settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLE = GuidedTable(steps=6, hand="hand", group="meld", group_name="meld")


def test_the_guided_game_from_the_offer_to_done(live_server: Any, page: Any) -> None:
    from_the_offer(page, live_server.url, "rumbaroo", "Rumbaroo")
    game = Game.objects.get(id=page.url.rstrip("/").split("/")[-1])
    TABLE.step_shown(page, 1, "Matching the pile")
    found = violations(page, "guided Rumbaroo at 360 px")

    TABLE.key_pick(page, "B5")
    page.keyboard.press("p")  # the pile
    TABLE.step_shown(page, 2, "A meld")  # after Joey's blue 9

    TABLE.key_lay(page, ["G3", "G4", "G5", "G6", "G7"], 1)
    expect(page.get_by_test_id("free-action")).to_be_visible()
    page.keyboard.press("c")  # "✓ Confirm melds  C", the free action left on "draws 2 tiles"
    TABLE.step_shown(page, 3, "A Hop")

    page.get_by_test_id("hand").get_by_test_id("tile-G-HOP").click()
    page.get_by_test_id("pile").click()
    TABLE.step_shown(page, 4, "A Pouch")  # Joey missed his turn: ours again

    page.get_by_test_id("hand").get_by_test_id("tile-G-POUCH").click()
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("prompt")).to_contain_text("Tuck a tile into your pouch?")
    page.get_by_role("button", name="yellow 2").click()
    TABLE.step_shown(page, 5, "The Rumbaroo! call")
    expect(page.get_by_test_id("pouch").get_by_test_id("tile-Y2")).to_be_visible()

    # Down to one tile without the call: refused with its explanation, read out, taken back.
    TABLE.tap_lay(page, ["R8", "B8", "Y8"], 2)
    page.get_by_role("button", name="✓ Confirm melds").click()
    expect(page.get_by_test_id("error")).to_contain_text("press Rumbaroo! before you Confirm")
    expect(page.get_by_test_id("announcer")).to_contain_text("You are about to drop to one tile")
    expect(page.get_by_test_id("meld")).to_have_count(1)
    expect(page.get_by_test_id("hand").locator(".tile")).to_have_count(3)
    shot(page, "guided-rumbaroo-refused", full_page=True)
    found += violations(page, "a refused step at 360 px")
    settled(page)

    page.get_by_test_id("call").click()  # Rumbaroo!
    expect(page.get_by_test_id("call")).to_have_attribute("aria-pressed", "true")
    settled(page)
    TABLE.key_lay(page, ["R8", "B8", "Y8"], 2)
    page.keyboard.press("c")
    TABLE.step_shown(page, 6, "Going out")

    TABLE.key_pick(page, "Y2", where="pouch")
    page.keyboard.press("p")
    found += TABLE.finish(page, "rumbaroo")
    assert Game.objects.get(id=game.id).status == "abandoned", "ended quietly: it counts nowhere"

    page.goto(f"{live_server.url}/me/stats/")
    expect(page.get_by_test_id("tutorial-rumbaroo")).to_contain_text("✓")
    assert not found, "\n".join(found)
