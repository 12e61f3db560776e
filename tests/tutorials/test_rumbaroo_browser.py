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
from tests.tutorials.test_tile_rummy_browser import settled
from tutorials.models import Progress, Status

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def step_shown(page: Any, number: int, title: str) -> None:
    words = f"Step {number} of 6: {title}."
    expect(page.get_by_test_id("guide-step")).to_have_text(words, timeout=20_000)
    expect(page.get_by_test_id("announcer")).to_contain_text(words)
    settled(page)


def key_pick(page: Any, face: str) -> None:
    radio = page.get_by_test_id("hand").get_by_test_id(f"tile-{face}").locator("input")
    radio.focus()
    page.keyboard.press("Space")
    expect(radio).to_be_checked()


def key_meld(page: Any, faces: list[str], number: int) -> None:
    """A new meld (meld ``number`` once made) by keyboard: N for the first, + for the rest."""
    key_pick(page, faces[0])
    page.keyboard.press("n")  # "+ New meld  N"
    expect(page.get_by_test_id("meld")).to_have_count(number)
    settled(page)
    for face in faces[1:]:
        key_pick(page, face)
        page.get_by_role("button", name=f"Put the picked tile in meld {number}").focus()
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("table").get_by_test_id(f"tile-{face}")).to_be_visible()
        settled(page)


def tap_meld(page: Any, faces: list[str], number: int) -> None:
    page.get_by_test_id("hand").get_by_test_id(f"tile-{faces[0]}").click()
    page.get_by_role("button", name="+ New meld").click()
    expect(page.get_by_test_id("meld")).to_have_count(number)
    settled(page)
    for face in faces[1:]:
        page.get_by_test_id("hand").get_by_test_id(f"tile-{face}").click()
        page.get_by_test_id("meld").nth(number - 1).click()
        expect(page.get_by_test_id("table").get_by_test_id(f"tile-{face}")).to_be_visible()
        settled(page)


def test_the_guided_game_from_the_offer_to_done(live_server: Any, page: Any) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/rumbaroo/new/")
    expect(page.get_by_test_id("tutorial-offer")).to_contain_text("New to Rumbaroo?")
    page.get_by_role("button", name="Play a guided first game").click()
    page.wait_for_url("**/rumbaroo/g/*/")
    game = Game.objects.get(id=page.url.rstrip("/").split("/")[-1])
    step_shown(page, 1, "Matching the pile")
    found = violations(page, "guided Rumbaroo at 360 px")

    key_pick(page, "B5")
    page.keyboard.press("p")  # the pile
    step_shown(page, 2, "A meld")  # after Joey's blue 9

    key_meld(page, ["G3", "G4", "G5", "G6", "G7"], 1)
    expect(page.get_by_test_id("free-action")).to_be_visible()
    page.keyboard.press("c")  # "✓ Confirm melds  C", the free action left on "draws 2 tiles"
    step_shown(page, 3, "A Hop")

    page.get_by_test_id("hand").get_by_test_id("tile-G-HOP").click()
    page.get_by_test_id("pile").click()
    step_shown(page, 4, "A Pouch")  # Joey missed his turn: ours again

    page.get_by_test_id("hand").get_by_test_id("tile-G-POUCH").click()
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("prompt")).to_contain_text("Tuck a tile into your pouch?")
    page.get_by_role("button", name="yellow 2").click()
    step_shown(page, 5, "The Rumbaroo! call")
    expect(page.get_by_test_id("pouch").get_by_test_id("tile-Y2")).to_be_visible()

    # Down to one tile without the call: refused with its explanation, read out, taken back.
    tap_meld(page, ["R8", "B8", "Y8"], 2)
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
    key_meld(page, ["R8", "B8", "Y8"], 2)
    page.keyboard.press("c")
    step_shown(page, 6, "Going out")

    radio = page.get_by_test_id("pouch").get_by_test_id("tile-Y2").locator("input")
    radio.focus()
    page.keyboard.press("Space")
    page.keyboard.press("p")
    expect(page.get_by_test_id("guide-line")).to_contain_text("Guided game complete.")
    expect(page.get_by_test_id("announcer")).to_contain_text("Guided game complete.")
    page.reload()  # read as loaded (see the Tile Rummy test)
    expect(page.get_by_test_id("guide-line")).to_contain_text("Guided game complete.")
    shot(page, "guided-rumbaroo-done", full_page=True)
    found += violations(page, "the guided game's end at 360 px")
    assert Progress.objects.get().status == Status.DONE
    assert Game.objects.get(id=game.id).status == "abandoned", "ended quietly: it counts nowhere"

    page.goto(f"{live_server.url}/me/stats/")
    expect(page.get_by_test_id("tutorial-rumbaroo")).to_contain_text("✓")
    assert not found, "\n".join(found)
