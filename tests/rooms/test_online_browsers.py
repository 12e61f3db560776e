"""In Chromium: eight people at one online table; a move made on one page appears on the others."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import RequestFactory
from playwright.sync_api import expect

from accounts import device
from games import services
from games.engine.registry import engine_for
from games.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PARTY = {"difficulty": "joey", "players": 8, "target": 50}


def device_key(context: Any, base: str) -> str:
    """The guest key the site gave this browser (read from its signed cookie)."""
    cookies = {c["name"]: c["value"] for c in context.cookies(base)}
    request = RequestFactory().get("/")
    request.COOKIES[device.COOKIE_NAME] = cookies[device.COOKIE_NAME]
    key = device.read_device_key(request)
    assert key
    return key


@pytest.mark.parametrize("people", [2, 8])
def test_a_move_on_one_page_appears_on_every_other_page(
    live_server: Any, browser: Any, people: int
) -> None:
    contexts = [browser.new_context(viewport={"width": 390, "height": 800}) for _ in range(people)]
    pages = [c.new_page() for c in contexts]
    try:
        for page in pages:
            page.goto(live_server.url + "/rooms/")
        keys = [device_key(c, live_server.url) for c in contexts]
        seats = [services.SeatSpec(f"Player {i + 1}", device_key=k) for i, k in enumerate(keys)]
        config = {**PARTY, "players": people}
        game = services.create_game("rumbaroo", config, seats, seed=11, online=True)
        table = f"{live_server.url}/rumbaroo/g/{game.id}/"
        for page in pages:
            page.goto(table)
            expect(page.get_by_test_id("clock")).to_be_visible()
        engine = engine_for(game.kind)
        actor = min(engine.to_act(engine.from_json(Game.objects.get(id=game.id).state)))
        version = Game.objects.get(id=game.id).version
        pages[actor].get_by_role("button", name="Draw a tile").click()
        for i, page in enumerate(pages):
            if i != actor:
                expect(page.locator(f'#board[data-version="{version + 1}"]')).to_have_count(
                    1, timeout=10_000
                )
        assert Game.objects.get(id=game.id).version >= version + 1
    finally:
        for context in contexts:
            context.close()
