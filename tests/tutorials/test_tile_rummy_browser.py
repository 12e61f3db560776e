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
from tutorials.models import Progress, Status

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# No request of the board's in flight, nothing swapping or settling (table.js puts the focus
# back once the board has settled: a key pressed before then would go astray).
SETTLED = (
    "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
)


def settled(page: Any) -> None:
    page.wait_for_function(SETTLED)
    page.wait_for_timeout(60)  # htmx's settle delay (20 ms) and table.js's focus after it


def key_pick(page: Any, face: str, where: str = "rack") -> None:
    """Pick a tile by keyboard: focus it (Tab and the arrows would) and press Space."""
    radio = page.get_by_test_id(where).get_by_test_id(f"tile-{face}").locator("input")
    radio.focus()
    page.keyboard.press("Space")
    expect(radio).to_be_checked()


def key_to_new_set(page: Any, face: str) -> None:
    sets = page.get_by_test_id("set").count()
    page.keyboard.press("n")  # "+ New set  N"
    expect(page.get_by_test_id("set")).to_have_count(sets + 1)  # the form came back
    expect(page.get_by_test_id("set").last.get_by_test_id(f"tile-{face}")).to_be_visible()
    settled(page)


def key_to_set(page: Any, face: str, number: int) -> None:
    """The set's + button (out of sight on a phone until it has the focus), then Enter."""
    page.get_by_role("button", name=f"Put the picked tile in set {number}").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("table").get_by_test_id(f"tile-{face}")).to_be_visible()
    settled(page)


def key_lay(page: Any, faces: list[str], number: int) -> None:
    """A new set (set ``number`` on the table once made) of rack tiles, by keyboard."""
    key_pick(page, faces[0])
    key_to_new_set(page, faces[0])
    for face in faces[1:]:
        key_pick(page, face)
        key_to_set(page, face, number)


def tap_lay(page: Any, faces: list[str], number: int) -> None:
    """The same by taps: the tile, then "+ New set" or a tile of the set itself."""
    page.get_by_test_id("rack").get_by_test_id(f"tile-{faces[0]}").click()
    page.get_by_role("button", name="+ New set").click()
    expect(page.get_by_test_id("set")).to_have_count(number)
    settled(page)
    for face in faces[1:]:
        page.get_by_test_id("rack").get_by_test_id(f"tile-{face}").click()
        page.get_by_test_id("set").nth(number - 1).click()
        expect(page.get_by_test_id("table").get_by_test_id(f"tile-{face}")).to_be_visible()
        settled(page)


def step_shown(page: Any, number: int, title: str) -> None:
    """The step's line on the table and in the live region (with the status)."""
    words = f"Step {number} of 5: {title}."
    expect(page.get_by_test_id("guide-step")).to_have_text(words, timeout=20_000)
    expect(page.get_by_test_id("announcer")).to_contain_text(words)


def test_the_guided_game_from_the_offer_to_done_by_keyboard_and_taps(
    live_server: Any, page: Any
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/tile-rummy/new/")
    expect(page.get_by_test_id("tutorial-offer")).to_contain_text("New to Tile Rummy?")
    page.get_by_role("button", name="Play a guided first game").click()
    page.wait_for_url("**/tile-rummy/g/*/")
    game = Game.objects.get(id=page.url.rstrip("/").split("/")[-1])
    step_shown(page, 1, "A set worth 30")
    shot(page, "guided-tile-rummy-step-1", full_page=True)
    found = violations(page, "guided Tile Rummy at 360 px")

    # A wrong first play, by keyboard: refused with its explanation, read out, taken back.
    key_lay(page, ["K3", "K4", "K5"], 1)
    page.keyboard.press("c")  # "Confirm play  C"
    error = page.get_by_test_id("error")
    expect(error).to_contain_text("Lay just the red, blue and yellow 10 together as one set")
    expect(page.get_by_test_id("announcer")).to_contain_text("Until you have opened")
    expect(page.get_by_test_id("table").locator(".tile")).to_have_count(0)
    expect(page.get_by_test_id("rack").locator(".tile")).to_have_count(14)
    assert Game.objects.get(id=game.id).version == 0
    shot(page, "guided-tile-rummy-refused", full_page=True)
    found += violations(page, "a refused step at 360 px")

    key_lay(page, ["R10", "B10", "Y10"], 1)
    page.keyboard.press("c")
    step_shown(page, 2, "A run")  # after Ada's yellow run, shown frame by frame
    expect(page.get_by_test_id("guide-line")).to_contain_text("Ada opened with a run")

    tap_lay(page, ["K3", "K4", "K5"], 3)
    page.get_by_role("button", name="Confirm play").click()
    step_shown(page, 3, "Rearranging")

    key_pick(page, "K10", where="table")  # the black 10 Ada added to the 10s
    key_to_new_set(page, "K10")
    for face in ("K11", "K12"):
        key_pick(page, face)
        key_to_set(page, face, 4)
    page.keyboard.press("c")
    step_shown(page, 4, "A joker")

    tap_lay(page, ["B7", "B8", "J"], 5)
    page.get_by_role("button", name="Confirm play").click()
    step_shown(page, 5, "Going out")

    key_lay(page, ["R5", "B5", "Y5"], 6)
    page.keyboard.press("c")
    expect(page.get_by_test_id("guide-line")).to_contain_text("Guided game complete.")
    expect(page.get_by_test_id("announcer")).to_contain_text("Guided game complete.")
    expect(page.get_by_test_id("round-panel")).to_be_visible()
    # Read as loaded: after the swap that ends a round, the page's "Skip to your rack" link
    # (outside the board) still points at the rack the round panel replaced, at any table.
    page.reload()
    expect(page.get_by_test_id("guide-line")).to_contain_text("Guided game complete.")
    shot(page, "guided-tile-rummy-done", full_page=True)
    found += violations(page, "the guided game's end at 360 px")
    assert Progress.objects.get().status == Status.DONE

    page.goto(f"{live_server.url}/me/stats/")
    expect(page.get_by_test_id("tutorial-tile_rummy")).to_contain_text("✓")
    page.goto(f"{live_server.url}/tile-rummy/new/")
    expect(page.get_by_test_id("tutorial-offer")).to_have_count(0)
    expect(page.get_by_test_id("tutorial-link")).to_contain_text("Guided first game ✓")
    assert not found, "\n".join(found)


def test_skip_leaves_it_and_the_offer_can_be_dismissed(live_server: Any, page: Any) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
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
    step_shown(page, 1, "A set worth 30")
    page.get_by_test_id("guide-skip").click()
    page.wait_for_url("**/tile-rummy/new/")
    expect(page.locator("#messages")).to_contain_text("Guided game skipped.")
    assert Progress.objects.get(kind="tile_rummy").status == Status.SKIPPED
