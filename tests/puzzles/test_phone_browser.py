"""At 360 px in Debian's Chromium: a puzzle's number and the streak's count in view, the
streak page's buttons apart and big enough, and a Storm run played by keys."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from puzzles.models import Attempt, StormRun, Streak

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 640}
TAP = 44


def box(locator: Any) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None
    return found


def test_the_number_and_the_streak_count_show_on_a_phone(
    live_server: Any, page: Any, puzzles: Any
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/puzzles/streak/")
    page.get_by_test_id("new-streak").click()
    streak = Streak.objects.get(ended_at=None)
    title = page.locator("#puzzle-title")
    expect(title).to_be_visible()
    expect(title).to_have_text(f"Puzzle {streak.current.puzzle_id} · streak 0")
    shown = box(title)
    assert shown["width"] > 50 and shown["height"] >= 12
    assert shown["x"] >= 0 and shown["x"] + shown["width"] <= PHONE["width"]


def test_the_streak_pages_buttons_are_apart_and_big_enough(
    live_server: Any, page: Any, puzzles: Any
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/puzzles/streak/")
    page.get_by_test_id("new-streak").click()
    streak = Streak.objects.get(ended_at=None)
    Attempt.objects.filter(pk=streak.current_id).update(status=Attempt.SOLVED)  # as if solved
    page.goto(live_server.url + "/puzzles/streak/")
    upper, lower = box(page.get_by_test_id("streak-next")), box(page.get_by_test_id("new-streak"))
    assert upper["height"] >= TAP and lower["height"] >= TAP
    beside = abs(upper["y"] - lower["y"]) < 1
    gap = (
        lower["x"] - (upper["x"] + upper["width"])
        if beside
        else lower["y"] - (upper["y"] + upper["height"])
    )
    assert gap >= 8


def test_a_storm_run_on_a_phone_by_keys(live_server: Any, page: Any, puzzles: Any) -> None:
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/puzzles/")
    page.get_by_test_id("storm-link").click()
    expect(page.get_by_test_id("storm-rules")).to_contain_text("3 minutes")
    page.get_by_test_id("storm-start").click()
    expect(page.locator("#puzzle-title")).to_have_text("Storm · puzzle 1")
    clock = page.get_by_role("timer")
    expect(clock).to_be_visible()
    expect(clock).to_have_text(re.compile(r"^(3:00|2:5\d)$"))  # counting down from 3:00
    first = StormRun.objects.get().current.puzzle_id
    page.wait_for_load_state("load")  # the table's script listens for keys from here on
    page.keyboard.press("p")  # Pass
    expect(page.locator("#puzzle-title")).to_have_text("Storm · puzzle 2")
    expect(page.get_by_test_id("storm-feedback")).to_contain_text("Passed")
    left = clock.inner_text()
    minutes, seconds = left.split(":")
    assert int(minutes) * 60 + int(seconds) <= 170  # the pass's 10 seconds are gone
    assert StormRun.objects.get().current.puzzle_id != first
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    confirm = page.get_by_test_id("confirm")
    shown = box(confirm)
    assert shown["x"] >= 0 and shown["x"] + shown["width"] <= PHONE["width"]
