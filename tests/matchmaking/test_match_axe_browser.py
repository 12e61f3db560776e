"""axe-core finds no accessibility violations on the quick-match and watching pages; 360 px fits."""

from __future__ import annotations

from typing import Any

import pytest

from rooms.people import Person
from tests.browser_checks import SIZE_IDS, SIZES, narrow_enough, violations

from .conftest import live_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
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
