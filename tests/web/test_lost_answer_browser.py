"""A move whose answer was lost, in Debian's Chromium: sent again, played once, no error.

Playwright stands between the page and the server. The first POST of a move goes to
the server, which saves it (``route.fetch``), and then its answer is lost: the
connection drops (``route.abort``), or the balancer answers 502 for a node that
died. Or the POST never reaches the server at all. static/js/table.js sends the
same POST again with the same version; the move lands once (or is answered as
already played) and the person sees the table, never an error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import tile_rummy as tr
from games.models import Game, Move
from tests.browser_games import deal_in_browser
from tests.engine.helpers import build
from tests.web.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """No service worker here: once the site's worker controls the page, its fetch handler
    sends the page's requests past page.route, and the answer is never dropped (seen in CI)."""
    return {**browser_context_args, "service_workers": "block"}


LOSSES: dict[str, Callable[[Any], None]] = {
    "saved-then-dropped": lambda route: (route.fetch(), route.abort()),
    "saved-then-502": lambda route: (route.fetch(), route.fulfill(status=502, body="Bad gateway")),
    "never-arrived": lambda route: route.abort(),
}


def start(live_server: Any, page: Any) -> tuple[Game, int]:
    """Deal a game in the browser, then give seat 0 a known rack and the turn."""
    game = deal_in_browser(page, live_server.url, "tile-rummy", "Easy")
    put_state(game, build(racks=["R10 R11 R12 B3", "K1 K2 K5"], pool_top="Y9 Y8 Y7"))
    page.reload()
    return game, Game.objects.get(id=game.id).version


def lose_the_first_answer(page: Any, path: str, loss: Callable[[Any], None]) -> list[Any]:
    """Every request to ``path``, in order; the first one's answer is lost by ``loss``."""
    sent: list[Any] = []

    def handle(route: Any) -> None:
        sent.append(route.request)
        if len(sent) == 1:
            loss(route)
        else:
            route.continue_()

    page.route(f"**{path}", handle)
    return sent


def same_fields(first: Any, again: Any) -> bool:
    return first.method == again.method == "POST" and first.post_data == again.post_data


@pytest.mark.parametrize("loss", list(LOSSES), ids=list(LOSSES))
def test_a_draw_whose_answer_was_lost_lands_once(live_server: Any, page: Any, loss: str) -> None:
    game, version = start(live_server, page)
    sent = lose_the_first_answer(page, f"/g/{game.id}/draw/", LOSSES[loss])

    page.get_by_role("button", name="Draw a tile").click()

    expect(page.get_by_test_id("rack").get_by_test_id("tile-Y9")).to_be_visible()
    expect(page.get_by_test_id("rack").locator(".tile")).to_have_count(5)
    expect(page.get_by_test_id("status")).to_contain_text("Your turn.")
    expect(page.get_by_test_id("error")).to_have_count(0)
    assert len(sent) == 2 and same_fields(*sent)  # sent again once, with the same version
    assert sent[1].headers.get("x-retry") == "1"
    drawn = Move.objects.filter(game=game, seq__gt=version, seat=0)
    assert list(drawn.values_list("action", flat=True)) == [{"type": "draw"}]


def test_when_every_answer_is_lost_the_page_fetches_the_table(live_server: Any, page: Any) -> None:
    """After the last resend the board itself is asked for: the move is there, no error."""
    game, version = start(live_server, page)
    sent: list[Any] = []

    def lose_all(route: Any) -> None:
        sent.append(route.request)
        route.fetch()
        route.abort()

    page.route(f"**/g/{game.id}/draw/", lose_all)

    page.get_by_role("button", name="Draw a tile").click()

    expect(page.get_by_test_id("rack").get_by_test_id("tile-Y9")).to_be_visible()
    expect(page.get_by_test_id("error")).to_have_count(0)
    assert len(sent) == 3 and same_fields(sent[0], sent[2])  # the first send and two more
    assert Move.objects.filter(game=game, seq__gt=version, seat=0).count() == 1


def test_a_confirm_whose_answer_was_lost_is_answered_with_the_table(
    live_server: Any, page: Any
) -> None:
    """Confirm plays the seat's draft, which the move cleared: the resend cannot build it
    again, and is answered as the move already played."""
    game, version = start(live_server, page)
    for face, button in (("R10", "+ New set"), ("R11", "set 1"), ("R12", "set 1")):
        page.get_by_test_id("rack").get_by_test_id(f"tile-{face}").click()
        if button == "set 1":
            page.get_by_test_id("set").first.click()
        else:
            page.get_by_role("button", name=button).click()
        expect(page.get_by_test_id("table").get_by_test_id(f"tile-{face}")).to_be_visible()
    sent = lose_the_first_answer(page, f"/g/{game.id}/confirm/", LOSSES["saved-then-dropped"])

    page.get_by_role("button", name="Confirm play").click()

    expect(page.locator(".tile.placed")).to_have_count(0)
    expect(page.get_by_test_id("status")).to_contain_text("Your turn.")
    expect(page.get_by_test_id("error")).to_have_count(0)
    assert len(sent) == 2 and same_fields(*sent)
    game.refresh_from_db()
    table = [[str(tr.face_of(t)) for t in s] for s in tr.from_json(game.state).table]
    assert table == [["R10", "R11", "R12"]]
    played = Move.objects.filter(game=game, seq__gt=version, seat=0)
    assert [a["type"] for a in played.values_list("action", flat=True)] == ["play"]
