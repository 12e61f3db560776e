"""A player page on a 360 px phone in Debian's Chromium: follow, see the rating, chart fits."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from players.models import Follow
from tests.players.conftest import named, online_game, rate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}


def _sign_in(page: Any, live_server: Any, user: Any) -> None:
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"]
    page.context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])


def test_following_a_player_from_their_page_at_360_px(live_server: Any, page: Any) -> None:
    model = get_user_model()
    me = model.objects.create_user("viewer", password="pw-12345678")
    them = model.objects.create_user("strong", password="pw-12345678")
    named(them, "Strong Sal")
    for totals in ([55, 0], [55, 10], [0, 55]):
        rate(online_game("rumbaroo", [them, me]), totals=totals, winners=[totals.index(55)])
    _sign_in(page, live_server, me)
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/@/Strong%20Sal/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Strong Sal")
    expect(page.get_by_test_id("rating-rumbaroo")).to_contain_text("?")
    expect(page.get_by_test_id("record")).to_contain_text("1 won, 2 lost")
    chart = page.get_by_test_id("rating-svg-rumbaroo")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    follow = page.get_by_role("button", name="Follow")
    follow_box = follow.bounding_box()
    assert follow_box is not None and follow_box["height"] >= 40  # a thumb-sized target
    follow.click()
    expect(page.get_by_role("button", name="Unfollow")).to_be_visible()
    expect(page.locator("#messages")).to_contain_text("You follow this player now.")
    assert Follow.objects.filter(follower=me, followed=them).exists()
    # The account page lists them.
    page.goto(live_server.url + "/me/stats/")
    following = page.get_by_test_id("following")
    expect(following.get_by_role("link", name="Strong Sal")).to_be_visible()
    following.get_by_role("link", name="Strong Sal").click()
    page.wait_for_url("**/@/Strong%20Sal/")


def test_accepting_a_friends_challenge_from_the_account_page_seats_both(
    live_server: Any, page: Any
) -> None:
    from players.models import Challenge
    from rooms.models import Room

    model = get_user_model()
    ann = model.objects.create_user("ann", password="pw-12345678")
    bob = model.objects.create_user("bob", password="pw-12345678")
    named(ann, "Ann")
    named(bob, "Bob")
    Follow.objects.create(follower=ann, followed=bob)
    Follow.objects.create(follower=bob, followed=ann)
    Challenge.objects.create(sender=ann, recipient=bob, kind="rumbaroo")
    _sign_in(page, live_server, bob)
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/me/stats/")
    incoming = page.get_by_test_id("incoming")
    expect(incoming).to_contain_text("Ann challenges you to Rumbaroo")
    incoming.get_by_role("button", name="Accept Ann's challenge").click()
    page.wait_for_url("**/rumbaroo/g/*/")  # the game is dealt: straight to the table
    room = Room.objects.get()
    assert page.url.endswith(f"/rumbaroo/g/{room.game_id}/")
    assert sorted(room.seats.values_list("user_id", flat=True)) == [ann.id, bob.id]
    assert Challenge.objects.get().status == "accepted"
