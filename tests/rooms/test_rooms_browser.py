"""In Chromium: two browsers meet in a room and land at the same table, each at their seat."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine.registry import engine_for
from games.models import Game
from rooms.models import SeatReport

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 800}


def hand_ids(page: Any) -> set[int]:
    """The tile ids in this page's own hand (the dock at the bottom of the table)."""
    ids = (
        page.get_by_test_id("hand")
        .locator("[data-tile]")
        .evaluate_all("tiles => tiles.map(t => t.dataset.tile)")
    )
    return {int(i) for i in ids}


def held(view: dict[str, Any]) -> set[int]:
    """The ids a seat's own view says it holds (hand and pouch)."""
    return {int(t["id"]) for t in [*(view["hand"] or []), *(view.get("pouch") or [])]}


def test_two_browsers_meet_in_a_room_and_play_the_same_game(
    live_server: Any, page: Any, browser: Any
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Play with people: rooms").click()
    page.get_by_role("link", name="Make a room").click()
    page.get_by_role("link", name="Make a Rumbaroo room").click()
    page.get_by_label("Room name").fill("Sunday Hop")
    page.get_by_label("Your name at the table").fill("Host Kim")
    page.get_by_label("3", exact=True).check()
    page.get_by_role("button", name="Make the room").click()
    expect(page.get_by_test_id("room-name")).to_have_text("Sunday Hop")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    invite = page.get_by_test_id("invite-link").input_value()

    friend_context = browser.new_context(viewport={"width": 1280, "height": 900})
    friend = friend_context.new_page()
    friend.goto(invite)
    friend.get_by_label("Your name at the table").fill("Friend Ana")
    friend.get_by_role("button", name="Sit down").click()
    expect(friend.get_by_test_id("seat-2")).to_contain_text("Friend Ana (you)")

    # The host's page sees the join by itself (the room's poll).
    expect(page.get_by_test_id("seat-2")).to_contain_text("Friend Ana", timeout=10_000)
    page.get_by_label("Computer level for seat 3").select_option("wallaby")
    page.get_by_role("button", name="Add computer to seat 3").click()
    expect(page.get_by_test_id("seat-3")).to_contain_text("Computer · Wallaby")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/rumbaroo/g/*/")
    # The friend, still on the room page, is sent to the same table.
    friend.wait_for_url("**/rumbaroo/g/*/", timeout=10_000)
    assert friend.url == page.url

    game = Game.objects.get(id=page.url.rstrip("/").split("/")[-1])
    assert game.online and [s.display_name for s in game.seats.all()][:2] == [
        "Host Kim",
        "Friend Ana",
    ]
    engine = engine_for(game.kind)
    state = engine.from_json(Game.objects.get(id=game.id).state)
    page.reload()
    friend.reload()
    mine, theirs = hand_ids(page), hand_ids(friend)
    assert mine and theirs and not mine & theirs
    assert mine == held(engine.view(state, 0)) and theirs == held(engine.view(state, 1))
    # Neither page holds the other's tile ids anywhere.
    host_html, friend_html = page.content(), friend.content()
    assert not any(f'data-tile="{t}"' in host_html for t in theirs)
    assert not any(f'data-tile="{t}"' in friend_html for t in mine)
    # Report from the table's bar: a short thanks; the name stays at the table.
    friend.get_by_text("Players at this table").click()
    friend.get_by_role("button", name="Report the name Host Kim").click()
    expect(friend.get_by_text("a person will review that name")).to_be_visible()
    assert SeatReport.objects.get().name == "Host Kim"
    assert Game.objects.get(id=game.id).seats.get(index=0).display_name == "Host Kim"
    # Leave the tables before the test database goes (their board waits for changes).
    friend_context.close()
    page.goto("about:blank")
