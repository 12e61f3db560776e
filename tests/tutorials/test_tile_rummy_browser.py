"""Tile Rummy's guided first game walked to its end in Debian's Chromium, on a phone (issue 42).

From the setup page's offer to the last step, at the game's own table at 360 px: each step's
line shows and is read out (the live region), a wrong first play is refused with its
explanation (shown and read out) and taken back, the steps are played by keyboard (Space to
pick, N for a new set, the set's + button, C to confirm) and by taps, and at the end the
guided game is done on the stats page. axe finds nothing on the table.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser_checks import violations
from tests.browser_games import shot
from tests.tutorials.guided import PHONE, GuidedTable, from_the_offer
from tutorials.models import Progress, Status

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLE = GuidedTable(steps=5, settle_after_step=False)


def test_the_guided_game_from_the_offer_to_done_by_keyboard_and_taps(
    live_server: Any, page: Any
) -> None:
    from_the_offer(page, live_server.url, "tile-rummy", "Tile Rummy")
    game = Game.objects.get(id=page.url.rstrip("/").split("/")[-1])
    TABLE.step_shown(page, 1, "A set worth 30")
    shot(page, "guided-tile-rummy-step-1", full_page=True)
    found = violations(page, "guided Tile Rummy at 360 px")

    # A wrong first play, by keyboard: refused with its explanation, read out, taken back.
    TABLE.key_lay(page, ["K3", "K4", "K5"], 1)
    page.keyboard.press("c")  # "Confirm play  C"
    error = page.get_by_test_id("error")
    expect(error).to_contain_text("Lay just the red, blue and yellow 10 together as one set")
    expect(page.get_by_test_id("announcer")).to_contain_text("Until you have opened")
    expect(page.get_by_test_id("table").locator(".tile")).to_have_count(0)
    expect(page.get_by_test_id("rack").locator(".tile")).to_have_count(14)
    assert Game.objects.get(id=game.id).version == 0
    shot(page, "guided-tile-rummy-refused", full_page=True)
    found += violations(page, "a refused step at 360 px")

    TABLE.key_lay(page, ["R10", "B10", "Y10"], 1)
    page.keyboard.press("c")
    TABLE.step_shown(page, 2, "A run")  # after Ada's yellow run, shown frame by frame
    expect(page.get_by_test_id("guide-line")).to_contain_text("Ada opened with a run")

    TABLE.tap_lay(page, ["K3", "K4", "K5"], 3)
    page.get_by_role("button", name="Confirm play").click()
    TABLE.step_shown(page, 3, "Rearranging")

    TABLE.key_pick(page, "K10", where="table")  # the black 10 Ada added to the 10s
    TABLE.key_to_new_group(page, "K10", 4)
    for face in ("K11", "K12"):
        TABLE.key_pick(page, face)
        TABLE.key_to_group(page, face, 4)
    page.keyboard.press("c")
    TABLE.step_shown(page, 4, "A joker")

    TABLE.tap_lay(page, ["B7", "B8", "J"], 5)
    page.get_by_role("button", name="Confirm play").click()
    TABLE.step_shown(page, 5, "Going out")

    TABLE.key_lay(page, ["R5", "B5", "Y5"], 6)
    page.keyboard.press("c")
    expect(page.get_by_test_id("round-panel")).to_be_visible()
    found += TABLE.finish(page, "tile-rummy")

    page.goto(f"{live_server.url}/me/stats/")
    expect(page.get_by_test_id("tutorial-tile_rummy")).to_contain_text("✓")
    page.goto(f"{live_server.url}/tile-rummy/new/")
    expect(page.get_by_test_id("tutorial-offer")).to_have_count(0)
    expect(page.get_by_test_id("tutorial-link")).to_contain_text("Guided first game ✓")
    assert not found, "\n".join(found)


def test_skip_leaves_it_and_the_offer_can_be_dismissed(live_server: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    found: list[str] = []
    for path in ("/learn/", "/learn/tile_rummy/", "/rumbaroo/how-to-play/"):
        page.goto(f"{live_server.url}{path}")
        found += violations(page, f"{path} at 360 px")
    page.goto(f"{live_server.url}/rumbaroo/new/")
    expect(page.get_by_test_id("tutorial-offer")).to_be_visible()
    found += violations(page, "a setup page with the offer at 360 px")
    assert not found, "\n".join(found)
    dismiss = page.get_by_test_id("tutorial-dismiss")
    if dismiss.count():  # the game has its guided game: the offer goes at once (htmx)
        dismiss.click()
        expect(page.get_by_test_id("tutorial-offer")).to_have_count(0)
    page.goto(f"{live_server.url}/learn/tile_rummy/")
    page.get_by_test_id("tutorial-start").click()
    page.wait_for_url("**/tile-rummy/g/*/")
    TABLE.step_shown(page, 1, "A set worth 30")
    page.get_by_test_id("guide-skip").click()
    page.wait_for_url("**/tile-rummy/new/")
    expect(page.locator("#messages")).to_contain_text("Guided game skipped.")
    assert Progress.objects.get(kind="tile_rummy").status == Status.SKIPPED
