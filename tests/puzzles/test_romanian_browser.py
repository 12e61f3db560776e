"""A Romanian opening puzzle solved, then missed, by taps on a 360 px phone in Debian's Chromium."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from puzzles.models import Attempt, Puzzle

from .test_puzzle_browser import PHONE, shot
from .test_romanian_solving import RACK_A, SMALLER_A, SOLUTION_A, SPLIT_A, make_puzzle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def puzzle_a(transactional_db: Any) -> Puzzle:
    return make_puzzle(90001, RACK_A, SOLUTION_A, (9, 60))


def tap_opening(page: Any, melds: list[list[int]]) -> None:
    """Each combination: its first tile, "+ New combination", then each other tile and a tap
    on a tile already in that combination (as a thumb would), waiting for the board."""
    board = page.locator("#board")
    for meld in melds:
        for k, tile in enumerate(meld):
            board.locator(f'label[data-tile="{tile}"]').click()
            with page.expect_response(lambda r: r.url.endswith("/move/")):
                if k == 0:
                    board.get_by_role("button", name="+ New combination").click()
                else:
                    board.locator(f'[data-testid="new-meld"] label[data-tile="{meld[0]}"]').click()
            home = board.locator(f'[data-testid="new-meld"]:has(label[data-tile="{meld[0]}"])')
            expect(home.locator(f'label[data-tile="{tile}"]')).to_have_count(1)


def open_on_phone(live_server: Any, page: Any, puzzle: Puzzle) -> Any:
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/puzzles/{puzzle.id}/")
    expect(page.get_by_test_id("game")).to_contain_text("Romanian Tile Rummy")
    return page.locator("#board")


def test_solving_a_romanian_opening_another_way_by_taps(
    live_server: Any, page: Any, puzzle_a: Puzzle
) -> None:
    board = open_on_phone(live_server, page, puzzle_a)
    shot(page, "romanian-open")
    tap_opening(page, SPLIT_A)
    expect(board.get_by_test_id("opening")).to_contain_text("60 of 50 points")
    expect(page.get_by_test_id("announcer")).to_contain_text("Opening: 60 of 50 points")
    expect(board.locator('[data-testid="new-meld"].invalid')).to_have_count(0)
    confirm = board.get_by_test_id("confirm")
    box = confirm.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "romanian-laid")
    confirm.click()
    expect(page.get_by_test_id("result")).to_have_attribute("data-result", "solved")
    expect(page.get_by_test_id("result")).to_contain_text("Solved")
    attempt = Attempt.objects.get(puzzle=puzzle_a)
    assert attempt.status == Attempt.SOLVED and attempt.answer == SPLIT_A
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "romanian-solved")


def test_a_smaller_romanian_opening_misses_and_shows_the_best_beside_it(
    live_server: Any, page: Any, puzzle_a: Puzzle
) -> None:
    board = open_on_phone(live_server, page, puzzle_a)
    # The keyboard works too: pick the first tile with Space, start a combination with N.
    first, *rest = SMALLER_A[0]
    built = board.locator('[data-testid="new-meld"]')
    board.locator(f'input.tile-pick[value="{first}"]').focus()
    page.keyboard.press("Space")
    with page.expect_response(lambda r: r.url.endswith("/move/")):
        page.keyboard.press("n")
    expect(built.locator(f'label[data-tile="{first}"]')).to_have_count(1)
    for tile in rest:
        board.locator(f'label[data-tile="{tile}"]').click()
        with page.expect_response(lambda r: r.url.endswith("/move/")):
            built.locator(f'label[data-tile="{first}"]').click()
        expect(built.locator(f'label[data-tile="{tile}"]')).to_have_count(1)
    tap_opening(page, SMALLER_A[1:])
    board.get_by_test_id("confirm").click()
    result = page.get_by_test_id("result")
    expect(result).to_have_attribute("data-result", "missed")
    expect(result).to_contain_text("The most possible: 9 tiles worth 60.")
    best, yours = page.get_by_test_id("best"), page.get_by_test_id("yours")
    expect(best).to_be_visible()
    expect(yours).to_be_visible()
    expect(best.locator(".tile[data-tile]")).to_have_count(9)
    expect(yours.locator(".tile[data-tile]")).to_have_count(8)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "romanian-missed")
    assert Attempt.objects.get(puzzle=puzzle_a).status == Attempt.MISSED
