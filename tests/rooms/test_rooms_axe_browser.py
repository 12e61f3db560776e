"""axe-core finds no accessibility violations on the room pages, on a phone and on a desktop."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser_checks import SIZE_IDS, SIZES, narrow_enough, violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_room_pages_have_no_axe_violation(
    live_server: Any, page: Any, browser: Any, size: dict[str, int]
) -> None:
    page.set_viewport_size(size)
    base = live_server.url
    found: list[str] = []
    for path in ("/rooms/", "/rooms/new/", "/terms/", "/rooms/new/rumbaroo/"):
        page.goto(base + path)
        found += violations(page, path)
        assert narrow_enough(page, size), path
    # A refused form: errors announced, fields marked invalid.
    page.get_by_label("Room name").fill("<b>")
    page.get_by_role("button", name="Make the room").click()
    found += violations(page, "refused form")
    page.get_by_label("Room name").fill("Long Room Name Here")
    page.get_by_label("Your name at the table").fill("Host Kim")
    page.get_by_role("button", name="Make the room").click()
    page.get_by_test_id("room-name").wait_for()
    found += violations(page, "room (host)")
    assert narrow_enough(page, size)
    other = browser.new_context(viewport=size)
    visitor = other.new_page()
    visitor.goto(page.get_by_test_id("invite-link").input_value())
    found += violations(visitor, "invite")
    assert narrow_enough(visitor, size)
    other.close()
    assert not found, "\n".join(found)
