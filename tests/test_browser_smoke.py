"""Browser smoke test: the home page in Debian's Chromium on a small phone screen."""

from __future__ import annotations

from typing import Any

import pytest

GAMES = ("Tile Rummy", "Rumbaroo", "Romanian Tile Rummy", "Rumasta")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_on_a_360px_phone(live_server: Any, page: Any) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/")
    for name in GAMES:
        heading = page.get_by_role("heading", name=name, exact=True)
        assert heading.is_visible(), name
    # htmx loaded from our own /static/, with no network beyond the live server.
    assert page.evaluate("typeof window.htmx") == "object"
    # Nothing overflows sideways on a narrow screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
