"""A 40 % longer language still fits a 360 px phone (issue 36 item 4).

With the pseudo-language on (every message wrapped and padded, tests/i18n/pseudo_locale.py)
each page below, in Debian's Chromium at 360 px: nothing scrolls sideways and no visible
button is cut, whether by its own box, the screen's edge or a parent that clips.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.i18n.browser_pages import (
    PHONE,
    clipped_buttons,
    page_width,
    rumasta_table,
    tile_rummy_table,
)
from tests.i18n.conftest import speak
from tests.i18n.pseudo_locale import OPEN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _open(url: str) -> Callable[[Any, str], Any]:
    return lambda page, base: page.goto(base + url)


PAGES: dict[str, Callable[[Any, str], Any]] = {
    "home": _open("/"),
    "Tile Rummy table": tile_rummy_table,
    "Rumasta table": rumasta_table,
    "how to play Tile Rummy": _open("/tile-rummy/how-to-play/"),
    "how to play Rumasta": _open("/rumasta/how-to-play/"),
    "stats": _open("/me/stats/"),
    "sign-up": _open("/accounts/signup/"),
}


@pytest.mark.parametrize("name", list(PAGES))
def test_a_longer_language_fits_a_360_px_phone(
    name: str, pseudo_on: str, live_server: Any, page: Any
) -> None:
    speak(page, live_server, pseudo_on)
    page.set_viewport_size(PHONE)
    PAGES[name](page, live_server.url)
    assert page.evaluate("document.documentElement.lang") == pseudo_on
    assert OPEN in page.locator("body").inner_text()  # the pseudo-language is what shows
    scroll_width, width = page_width(page)
    assert scroll_width <= width, f"{name} scrolls sideways: {scroll_width} px in {width}"
    assert clipped_buttons(page) == [], f"{name}: buttons cut"
