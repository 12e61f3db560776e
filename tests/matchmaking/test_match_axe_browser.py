"""axe-core finds no accessibility violations on the quick-match and watching pages; 360 px fits."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from rooms.people import Person

from .conftest import live_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [{"width": 360, "height": 740}, {"width": 1280, "height": 800}]


def violations(page: Any, where: str) -> list[str]:
    results = Axe().run(page)
    return [
        f"{where}: {v['id']} ({v['impact']}) {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
    ]


def narrow_enough(page: Any, size: dict[str, int]) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= size["width"]


@pytest.mark.parametrize("size", SIZES, ids=["phone", "desktop"])
def test_match_and_watch_pages_have_no_axe_violation(
    live_server: Any, page: Any, size: dict[str, int]
) -> None:
    _room, game = live_room(Person(None, "bench-device-a"), [Person(None, "bench-device-b")])
    page.set_viewport_size(size)
    base = live_server.url
    found: list[str] = []
    for path in ("/rumbaroo/new/", "/match/rumbaroo/", "/rooms/", f"/match/watch/{game.id}/"):
        page.goto(base + path)
        found += violations(page, path)
        assert narrow_enough(page, size), path
    page.goto(base + "/match/rumbaroo/")
    page.get_by_label("Your name at the table").fill("Kim Tiles")
    page.get_by_role("button", name="Wallaby, 2 players").click()
    page.get_by_test_id("wait-status").wait_for()
    found += violations(page, "waiting")
    assert narrow_enough(page, size)
    page.get_by_test_id("leave-queue").click()
    page.get_by_test_id("quick-match").wait_for()  # back on the game's page
    assert not found, "\n".join(found)
