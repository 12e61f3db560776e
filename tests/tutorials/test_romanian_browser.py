"""Romanian Tile Rummy's guided first game walked to its end in Debian's Chromium (issue 42).

At the game's own table at 360 px, from the game's page to the last step: each step's line
shows and is read out, the doubla is declared and swapped from its prompt, tiles go by
keyboard (Space to pick, X to discard, D to draw, N for a new combination, C to confirm)
and by taps (the row's last discard), an opening short of 50 is refused with its
explanation (shown and read out) and taken back, and at the end the guided game is done
on the stats page. axe finds nothing on the table.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser_checks import violations
from tests.browser_games import shot
from tests.tutorials.guided import PHONE, GuidedTable, settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A combination laid this turn is a "new-meld" until confirmed; a rack may hold a face twice.
TABLE = GuidedTable(
    steps=8, twins=True, group="new-meld", group_name="new combination", laid_on_table=False
)


def test_the_guided_game_from_its_page_to_done(live_server: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/romanian/how-to-play/")
    page.get_by_test_id("tutorial-link").click()
    page.get_by_test_id("tutorial-start").click()
    page.wait_for_url("**/romanian/g/*/")
    TABLE.step_shown(page, 1, "The doubla question")
    found = violations(page, "guided Romanian Tile Rummy at 360 px")

    page.get_by_role("button", name="Declare my pair of").click()
    TABLE.step_shown(page, 2, "The doubla swap")
    page.get_by_role("button", name="Swap with Mihai").click()
    TABLE.step_shown(page, 3, "The first discard")
    expect(page.get_by_test_id("rack").get_by_test_id("tile-B4")).to_have_count(2)

    TABLE.key_pick(page, "Y2")
    page.keyboard.press("x")  # "Discard  X"
    TABLE.step_shown(page, 4, "The wall")  # after Mihai's draw and discard, frame by frame
    page.keyboard.press("d")  # "Draw from the wall  D"
    TABLE.step_shown(page, 5, "Opening 50 with a run")

    # Short of 50: refused with its explanation, read out, and taken back.
    TABLE.key_lay(page, ["R10", "R11", "R12", "R13"], 1)
    page.keyboard.press("c")
    expect(page.get_by_test_id("error")).to_contain_text("The red run alone is worth 40")
    expect(page.get_by_test_id("announcer")).to_contain_text("add the three 8s")
    expect(page.get_by_test_id("new-meld")).to_have_count(0)
    shot(page, "guided-romanian-refused", full_page=True)
    found += violations(page, "a refused step at 360 px")
    settled(page)

    TABLE.key_lay(page, ["R10", "R11", "R12", "R13"], 1)
    TABLE.key_lay(page, ["R8", "B8", "K8"], 2)
    page.keyboard.press("c")
    TABLE.step_shown(page, 6, "A discard ends the turn")
    TABLE.key_pick(page, "K13")
    page.keyboard.press("x")
    TABLE.step_shown(page, 7, "Taking from the row")

    page.get_by_role("button", name="Take blue 6").click()
    expect(page.get_by_test_id("take-hint")).to_be_visible()
    settled(page)
    page.get_by_role("button", name="Confirm the take").click()
    TABLE.step_shown(page, 8, "A joly")

    TABLE.key_lay(page, ["B4", "J", "B6"], 1)
    page.keyboard.press("c")
    found += TABLE.finish(page, "romanian")

    page.goto(f"{live_server.url}/me/stats/")
    expect(page.get_by_test_id("tutorial-romanian_tile_rummy")).to_contain_text("✓")
    assert not found, "\n".join(found)
