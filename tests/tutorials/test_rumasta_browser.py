"""Rumasta's guided first game walked to its end in Debian's Chromium, on a phone (issue 42).

At the game's own table at 360 px, from the setup page's offer to the last step: each
step's line shows and is read out, the keys the buttons show do what they say (C draws,
A moves to a pile's Take and Enter chooses it), cards are picked by keyboard (Space) and by
taps, a wrong proof for the frozen pile is refused with its explanation (shown and read
out) and taken back, and at the end the guided game is done on the stats page. axe finds
nothing on the table.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser_checks import violations
from tests.browser_games import shot
from tests.tutorials.guided import GuidedTable, from_the_offer, settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Cards: "hand-AS" in the hand, and two decks, so a face may stand twice.
TABLE = GuidedTable(steps=4, hand="hand", piece="hand", twins=True)


def test_the_guided_game_from_the_offer_to_done(live_server: Any, page: Any) -> None:
    from_the_offer(page, live_server.url, "rumasta", "Rumasta")
    TABLE.step_shown(page, 1, "Drawing")
    found = violations(page, "guided Rumasta at 360 px")

    page.keyboard.press("c")  # "C · Draw 4"
    TABLE.step_shown(page, 2, "A red 3 and a meld")
    for face in ("AS", "AH", "AC"):
        TABLE.key_pick(page, face)
    page.get_by_role("button", name="Meld the picked cards").click()
    TABLE.step_shown(page, 3, "A freeze")

    TABLE.tap_pick(page, "2C")
    page.get_by_test_id("discard-1").click()
    settled(page)
    TABLE.tap_pick(page, "9D")
    page.get_by_test_id("discard-2").click()
    TABLE.step_shown(page, 4, "Taking a pile with its proof")  # after Marta's turn, frame by frame
    expect(page.get_by_test_id("frozen-1")).to_be_visible()

    # A wrong proof for the frozen pile: refused with its explanation, read out, taken back.
    page.keyboard.press("a")  # the first "A · Take pile …" takes the focus; Enter chooses
    expect(page.get_by_role("button", name="A · Take pile 1")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("proof-step")).to_be_visible()
    settled(page)
    TABLE.key_pick(page, "8S")
    TABLE.key_pick(page, "KD")
    page.get_by_test_id("prove-1").click()
    expect(page.get_by_test_id("error")).to_contain_text("A frozen pile needs its proof")
    expect(page.get_by_test_id("announcer")).to_contain_text("Wilds never prove")
    expect(page.get_by_test_id("proof-step")).to_have_count(0)
    shot(page, "guided-rumasta-refused", full_page=True)
    found += violations(page, "a refused step at 360 px")
    settled(page)

    page.get_by_role("button", name="A · Take pile 1").click()
    expect(page.get_by_test_id("proof-step")).to_be_visible()
    settled(page)
    TABLE.key_pick(page, "8S")
    TABLE.key_pick(page, "8C")
    page.get_by_test_id("prove-1").click()
    found += TABLE.finish(page, "rumasta")

    page.goto(f"{live_server.url}/me/stats/")
    expect(page.get_by_test_id("tutorial-rumasta")).to_contain_text("✓")
    assert not found, "\n".join(found)
