"""A shared replay in Chromium on a 360 px phone: arrow keys step, Play plays, nothing overflows."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games import catalogue
from games.models import Game
from replays.models import ShareLink
from tests.browser_games import shot

from .conftest import play_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_shared_replay(
    live_server: Any, page: Any, capture: Any, entry: Any = None, query: str = "?step=0"
) -> Game:
    """A finished game of ``entry`` (the catalogue's first unless named) opened from its
    share link on a 360 px phone, as a stranger opens it: no account, no cookie."""
    entry = entry or catalogue.CATALOGUE[0]
    game = play_to_the_end(entry, dict(entry.contract_configs[0]), capture)
    link = ShareLink.objects.create(game=game)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/replay/s/{link.token}/{query}")
    return game


def test_keyboard_and_autoplay_on_a_phone(
    live_server: Any, page: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game = open_shared_replay(live_server, page, django_capture_on_commit_callbacks)
    position = page.get_by_test_id("position")
    expect(position).to_contain_text("Step 0 of")
    page.keyboard.press("ArrowRight")
    expect(position).to_contain_text("Step 1 of")
    expect(page.get_by_test_id("announcer")).not_to_be_empty()
    page.keyboard.press("ArrowLeft")
    expect(position).to_contain_text("Step 0 of")
    page.keyboard.press("End")
    expect(position).to_contain_text(f"Step {game.version} of")
    page.keyboard.press("Home")
    expect(position).to_contain_text("Step 0 of")
    page.select_option("#replay-speed", label="Fast")
    play = page.get_by_role("button", name="Play", exact=True)
    play.click()
    # Playing moves on by itself (a busy machine may skip a frame or two between looks).
    expect(position).to_contain_text(re.compile(r"Step ([3-9]|\d\d+) of"), timeout=10_000)
    page.get_by_role("button", name="Pause", exact=True).click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "replay-phone", full_page=True)
    # A move in the list is a link to its step.
    page.locator("#replay-moves a").nth(2).click()
    expect(position).to_contain_text("Step 2 of")
    page.set_viewport_size({"width": 1280, "height": 800})
    shot(page, "replay-desktop", full_page=True)


@pytest.mark.parametrize("entry", list(catalogue.ready()), ids=lambda e: e.kind)
def test_a_finished_game_of_each_kind_replays_from_its_share_link_at_360_px(
    live_server: Any, page: Any, django_capture_on_commit_callbacks: Any, entry: Any
) -> None:
    game = open_shared_replay(live_server, page, django_capture_on_commit_callbacks, entry)
    position = page.get_by_test_id("position")
    expect(position).to_contain_text("Step 0 of")
    page.keyboard.press("ArrowRight")
    expect(position).to_contain_text("Step 1 of")
    page.keyboard.press("End")
    expect(position).to_contain_text(f"Step {game.version} of")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_shared_link_opens_at_the_deal_with_one_row_of_controls_at_360_px(
    live_server: Any, page: Any, django_capture_on_commit_callbacks: Any
) -> None:
    # No step: a stranger's first look.
    game = open_shared_replay(live_server, page, django_capture_on_commit_callbacks, query="")
    expect(page.get_by_test_id("position")).to_contain_text(f"Step 0 of {game.version}")
    controls = page.get_by_role("navigation", name="Replay controls")
    names = ("Start", "Back", "Forward", "End", "Play")
    buttons = [
        controls.get_by_role(r, name=n, exact=True)
        for r, n in zip(("link", "link", "link", "link", "button"), names, strict=True)
    ]
    expect(buttons[-1]).to_be_visible()  # shown once replay.js runs
    boxes = [b.bounding_box() for b in buttons] + [page.get_by_test_id("position").bounding_box()]
    assert all(boxes), boxes
    tops = {round(b["y"]) for b in boxes if b}
    bottoms = {round(b["y"] + b["height"]) for b in boxes if b}
    # One row: every control shares the row's band, none sits below another.
    assert max(tops) < min(bottoms), boxes
    assert all(b and b["x"] >= 0 and b["x"] + b["width"] <= 360 for b in boxes), boxes
    assert all(b and b["width"] >= 44 and b["height"] >= 44 for b in boxes[:-1]), boxes
    nav = controls.bounding_box()
    assert nav and nav["height"] <= 60, nav
    page.keyboard.press("End")
    expect(page.get_by_test_id("position")).to_contain_text(f"Step {game.version} of")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
