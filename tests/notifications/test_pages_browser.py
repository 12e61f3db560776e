"""The pages of this app in Chromium: no axe-core violations, and the header's "My turn"
count keeps every header link whole on a 360 px phone."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from django.test import Client

from games import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
SIZES = [PHONE, {"width": 1280, "height": 800}]


def _sign_in(page: Any, live_server: Any, name: str) -> Any:
    user = get_user_model().objects.create_user(name, email=f"{name}@example.com")
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"]
    page.context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])
    return user


def _tables_waiting(user: Any, count: int) -> None:
    """Online correspondence tables where this player's seat must act now."""
    made = 0
    for seed in range(60):
        config = {"difficulty": "joey", "players": 2, "target": 50, "pace": "3d"}
        seats = [services.SeatSpec("Me", user_id=user.pk),
                 services.SeatSpec("Joey", computer_level="joey")]
        game = services.create_game("rumbaroo", config, seats, seed=seed, online=True)
        game.refresh_from_db()
        if game.deadline is not None:
            made += 1
        else:
            game.delete()
        if made == count:
            return


def _violations(page: Any, where: str) -> list[str]:
    results = Axe().run(page)
    return [f"{where}: {v['id']} {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"]]


@pytest.mark.parametrize("size", SIZES, ids=["phone", "desktop"])
def test_the_pages_have_no_axe_violation(live_server: Any, page: Any, size: dict[str, int]) -> None:
    user = _sign_in(page, live_server, "uma")
    _tables_waiting(user, 2)
    page.set_viewport_size(size)
    found: list[str] = []
    for path in ("/me/turn/", "/me/notifications/", "/me/vacation/", "/offline/"):
        page.goto(live_server.url + path)
        found += _violations(page, path)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], path
    assert found == []


def test_the_my_turn_count_leaves_every_header_link_whole_at_360_px(
    live_server: Any, page: Any
) -> None:
    user = _sign_in(page, live_server, "vic")
    _tables_waiting(user, 2)
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/")
    link = page.get_by_role("link", name="My turn 2 tables waiting for you")
    assert link.is_visible()
    for control in page.locator(".site-header").locator("a:visible, button:visible").all():
        box = control.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
