"""Site pages on a 360 px phone in Debian's Chromium: the header, home, and hidden labels.

Each test looks at what the page draws (boxes and visibility), since these defects
were all about the picture: a header link cut short, a Play button below the fold,
a screen-reader label printed on screen and glued to the visible word.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from accounts import saves
from games import catalogue
from games.models import Seat
from tests.replays.conftest import play_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 640}
# A plausible long-ish username: the header must still show every link whole.
USERNAME = "margaret_holloway"


def signed_in(page: Any, live_server: Any, username: str = USERNAME) -> Any:
    """A user signed in in ``page``'s browser (the session cookie of a Django test client)."""
    user = get_user_model().objects.create_user(username, password="tiles-and-runs-42")
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"]
    page.context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])
    return user


def test_every_header_link_is_whole_at_360_px_signed_in(live_server: Any, page: Any) -> None:
    signed_in(page, live_server)
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/")
    header = page.locator(".site-header")
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    controls = header.locator("a:visible, button:visible")
    assert controls.count() >= 4  # the site name, Leaderboards, Stats, Sign out
    for i in range(controls.count()):
        control = controls.nth(i)
        name = control.inner_text()
        box = control.bounding_box()
        assert box is not None, name
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], name
        # Not cut by a scrolling or clipping parent either: the whole box is drawn.
        clipped = control.evaluate(
            """el => {
                 const r = el.getBoundingClientRect();
                 for (let p = el.parentElement; p; p = p.parentElement) {
                   const c = p.getBoundingClientRect();
                   const s = getComputedStyle(p);
                   const out = r.left < c.left - 0.5 || r.right > c.right + 0.5;
                   if (s.overflowX !== 'visible' && out) return true;
                 }
                 return el.scrollWidth > el.clientWidth + 1;
               }"""
        )
        assert not clipped, name
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_games_play_button_is_in_view_on_a_360_by_640_phone(live_server: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/")
    first = next(iter(catalogue.ready()))
    play = page.get_by_role("link", name=f"Play {first.name}")
    box = play.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    assert page.evaluate("window.scrollY") == 0


def test_my_games_reads_replay_this_game_with_the_hint_out_of_sight(
    live_server: Any, page: Any, django_capture_on_commit_callbacks: Any
) -> None:
    user = signed_in(page, live_server)
    entry = catalogue.CATALOGUE[0]
    game = play_to_the_end(
        entry, dict(entry.contract_configs[0]), django_capture_on_commit_callbacks
    )
    Seat.objects.filter(game=game, index=0).update(computer_level="", user=user)
    saves.touch(Seat.objects.get(game=game, index=0), timezone.now())
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/me/games/")
    for name, visible in (("Replay this game", "Replay"), ("Review your turns", "Review")):
        link = page.get_by_role("link", name=name)
        expect(link).to_have_count(1)
        hint = link.locator(".visually-hidden, .sr-only")
        expect(hint).to_have_count(1)
        # The hint is for screen readers: it takes no room and shows nothing on screen.
        box = hint.bounding_box()
        assert box is not None and box["width"] <= 1 and box["height"] <= 1, (name, box)
        link_box = link.bounding_box()
        assert link_box is not None
        # The visible word alone fills the button (no hidden words glued after it).
        shown = link.evaluate(
            """el => { const c = el.cloneNode(true);
                       c.querySelectorAll('.visually-hidden, .sr-only').forEach(n => n.remove());
                       return c.textContent.trim(); }"""
        )
        assert shown == visible
