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
from tests.tutorials.test_tile_rummy_browser import settled
from tutorials.models import Progress, Status

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def step_shown(page: Any, number: int, title: str) -> None:
    words = f"Step {number} of 8: {title}."
    expect(page.get_by_test_id("guide-step")).to_have_text(words, timeout=20_000)
    expect(page.get_by_test_id("announcer")).to_contain_text(words)
    settled(page)


def key_pick(page: Any, face: str) -> None:
    radio = page.get_by_test_id("rack").get_by_test_id(f"tile-{face}").first.locator("input")
    radio.focus()
    page.keyboard.press("Space")
    expect(radio).to_be_checked()


def key_combination(page: Any, faces: list[str], number: int) -> None:
    """A new combination (number ``number`` once made) by keyboard."""
    key_pick(page, faces[0])
    page.keyboard.press("n")  # "+ New combination  N"
    expect(page.get_by_test_id("new-meld")).to_have_count(number)
    settled(page)
    for face in faces[1:]:
        key_pick(page, face)
        page.get_by_role("button", name=f"Put the picked tile in new combination {number}").focus()
        page.keyboard.press("Enter")
        combination = page.get_by_test_id("new-meld").nth(number - 1)
        expect(combination.get_by_test_id(f"tile-{face}")).to_be_visible()
        settled(page)


def test_the_guided_game_from_its_page_to_done(live_server: Any, page: Any) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/romanian/how-to-play/")
    page.get_by_test_id("tutorial-link").click()
    page.get_by_test_id("tutorial-start").click()
    page.wait_for_url("**/romanian/g/*/")
    step_shown(page, 1, "The doubla question")
    found = violations(page, "guided Romanian Tile Rummy at 360 px")

    page.get_by_role("button", name="Declare my pair of").click()
    step_shown(page, 2, "The doubla swap")
    page.get_by_role("button", name="Swap with Mihai").click()
    step_shown(page, 3, "The first discard")
    expect(page.get_by_test_id("rack").get_by_test_id("tile-B4")).to_have_count(2)

    key_pick(page, "Y2")
    page.keyboard.press("x")  # "Discard  X"
    step_shown(page, 4, "The wall")  # after Mihai's draw and discard, frame by frame
    page.keyboard.press("d")  # "Draw from the wall  D"
    step_shown(page, 5, "Opening 50 with a run")

    # Short of 50: refused with its explanation, read out, and taken back.
    key_combination(page, ["R10", "R11", "R12", "R13"], 1)
    page.keyboard.press("c")
    expect(page.get_by_test_id("error")).to_contain_text("The red run alone is worth 40")
    expect(page.get_by_test_id("announcer")).to_contain_text("add the three 8s")
    expect(page.get_by_test_id("new-meld")).to_have_count(0)
    shot(page, "guided-romanian-refused", full_page=True)
    found += violations(page, "a refused step at 360 px")
    settled(page)

    key_combination(page, ["R10", "R11", "R12", "R13"], 1)
    key_combination(page, ["R8", "B8", "K8"], 2)
    page.keyboard.press("c")
    step_shown(page, 6, "A discard ends the turn")
    key_pick(page, "K13")
    page.keyboard.press("x")
    step_shown(page, 7, "Taking from the row")

    page.get_by_role("button", name="Take blue 6").click()
    expect(page.get_by_test_id("take-hint")).to_be_visible()
    settled(page)
    page.get_by_role("button", name="Confirm the take").click()
    step_shown(page, 8, "A joly")

    key_combination(page, ["B4", "J", "B6"], 1)
    page.keyboard.press("c")
    expect(page.get_by_test_id("guide-line")).to_contain_text("Guided game complete.")
    expect(page.get_by_test_id("announcer")).to_contain_text("Guided game complete.")
    page.reload()
    expect(page.get_by_test_id("guide-line")).to_contain_text("Guided game complete.")
    shot(page, "guided-romanian-done", full_page=True)
    found += violations(page, "the guided game's end at 360 px")
    assert Progress.objects.get().status == Status.DONE

    page.goto(f"{live_server.url}/me/stats/")
    expect(page.get_by_test_id("tutorial-romanian_tile_rummy")).to_contain_text("✓")
    assert not found, "\n".join(found)
