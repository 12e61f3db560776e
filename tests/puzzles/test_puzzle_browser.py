"""A puzzle solved by taps on a 360 px phone in Debian's Chromium, with the table's own script."""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import tile_rummy
from games.engine.melds import check_table
from leaderboards.periods import utc_today
from puzzles.models import Attempt, DailyPuzzle, Puzzle, Solver

from .conftest import faces_table
from .test_solving import other_arrangements

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 640}


def shot(page: Any, name: str) -> None:
    """A full-page picture for a person to look at, when PUZZLE_SHOTS names a folder."""
    folder = os.environ.get("PUZZLE_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/puzzle-{name}.png", full_page=True)


def plan(puzzle: Puzzle, table: list[list[int]] | None = None) -> list[tuple[int, int | None]]:
    """Taps to lay ``table`` (the stored answer by default): (tile, a tile already in its
    target set, or None: a new set). Sets left as they were are not touched; a set that
    only grew gets just its new tiles."""
    originals = [set(s) for s in puzzle.table]
    steps: list[tuple[int, int | None]] = []
    for target in table or puzzle.solution:
        if set(target) in originals:
            continue
        base = next((o for o in originals if o < set(target)), None)
        if base is not None:
            anchor = min(base)
            steps += [(t, anchor) for t in target if t not in base]
            continue
        steps.append((target[0], None))
        steps += [(t, target[0]) for t in target[1:]]
    return steps


def tap_out(page: Any, steps: list[tuple[int, int | None]]) -> None:
    """Each tile tapped, then "+ New set" or a tile of its set, waiting for the board."""
    board = page.locator("#board")
    for tile, anchor in steps:
        board.locator(f'label[data-tile="{tile}"]').click()
        with page.expect_response(lambda r: r.url.endswith("/move/")):
            if anchor is None:
                board.get_by_role("button", name="+ New set").click()
            else:
                # A tap on a tile of the set, as a thumb would (table tiles share one radio
                # group: the tap must still move the picked tile, not pick this one).
                board.locator(f'label[data-tile="{anchor}"]').click()
        home = board.locator(f'.set:has(label[data-tile="{tile}"])')
        if anchor is None:
            expect(home.locator("label")).to_have_count(1)
        else:
            expect(home.locator(f'label[data-tile="{anchor}"]')).to_have_count(1)


def test_solving_a_puzzle_by_taps_on_a_phone(live_server: Any, page: Any, puzzles: Any) -> None:
    puzzle = min(puzzles[:200], key=lambda p: len(plan(p)))
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/")
    page.get_by_test_id("home-puzzles").click()
    page.goto(f"{live_server.url}/puzzles/{puzzle.id}/")
    board = page.locator("#board")
    shot(page, "open")
    tap_out(page, plan(puzzle))
    confirm = board.get_by_test_id("confirm")
    box = confirm.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    confirm.click()
    expect(page.get_by_test_id("result")).to_have_attribute("data-result", "solved")
    expect(page.get_by_test_id("best")).to_be_visible()
    shot(page, "solved")
    assert Attempt.objects.get(puzzle=puzzle).status == Attempt.SOLVED
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]


def test_done_when_daily_solved_another_way_next_missed_then_stats(
    live_server: Any, page: Any, puzzles: Any
) -> None:
    """The issue's "done when": a new user on a phone, from the home page."""
    candidates = []
    for puzzle in puzzles[:400]:
        for table in other_arrangements(puzzle.solution):
            if faces_table(table) != faces_table(puzzle.solution) and legal(puzzle, table):
                candidates.append((len(plan(puzzle, table)), puzzle.id, table))
                break
    _, puzzle_id, table = min(candidates)
    daily = Puzzle.objects.get(id=puzzle_id)
    DailyPuzzle.objects.create(date=utc_today(), puzzle=daily)
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/")
    page.get_by_test_id("home-puzzles").click()
    page.get_by_test_id("daily-link").click()
    tap_out(page, plan(daily, table))
    page.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("result")).to_have_attribute("data-result", "solved")
    expect(page.get_by_test_id("share")).to_contain_text("solved")
    page.get_by_test_id("next").click()
    page.get_by_test_id("give-up").click()
    expect(page.get_by_test_id("result")).to_have_attribute("data-result", "missed")
    expect(page.get_by_test_id("best")).to_be_visible()
    expect(page.get_by_test_id("compare")).to_contain_text("Your table")
    shot(page, "missed")
    page.goto(live_server.url + "/me/stats/")
    stats = page.get_by_test_id("stats-puzzles")
    expect(stats).to_be_visible()
    expect(stats.get_by_test_id("puzzle-daily-streak")).to_contain_text("1")
    rating = int(stats.get_by_test_id("puzzle-rating").inner_text().rstrip("?"))
    solver_rating = round(Solver.objects.get().rating)
    assert rating == solver_rating != 1500
    shot(page, "stats")


def legal(puzzle: Puzzle, table: list[list[int]]) -> bool:
    old = [t for s in puzzle.table for t in s]
    _, problems = check_table(old, table, puzzle.rack, tile_rummy.face_of, tile_rummy.RULES)
    return not problems
