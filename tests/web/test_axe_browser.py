"""axe-core finds no accessibility violations on any page, on a phone and on a desktop.

One test per screen size walks every page, including both tables mid-game, the Round
complete panel and the Abandon page, and reports every violation it meets.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.engine import tile_rummy as tr
from tests.browser_checks import SIZE_IDS, SIZES, violations
from tests.browser_games import deal_in_browser
from tests.engine.helpers import build
from tests.engine.rumbaroo.rb_helpers import build as rb_build
from tests.web.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAIN_PAGES = [
    "/",
    "/tile-rummy/new/",
    "/tile-rummy/how-to-play/",
    "/rumbaroo/new/",
    "/rumbaroo/how-to-play/",
    "/leaderboards/",
    "/leaderboards/name/",
    "/me/stats/",
    "/me/games/",
    "/accounts/login/",
    "/accounts/signup/",
]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_no_page_has_an_axe_violation(live_server: Any, page: Any, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    base = live_server.url
    found: list[str] = []
    for url in PLAIN_PAGES:
        page.goto(base + url)
        found += violations(page, url)

    # Tile Rummy mid-game, a tile picked, then the Abandon page and the Round complete panel.
    game = deal_in_browser(page, base, "tile-rummy")
    state = build(
        racks=["R10 R11 R12 J", "K1 K2 K6"],
        table=["Y1 Y2 Y3", "R5 B5 K5"],
        opened=[True, True],
        pool_top="Y9",
    )
    put_state(game, state)
    page.reload()
    page.get_by_test_id("rack").get_by_test_id("tile-R10").click()
    found += violations(page, "tile rummy table")
    page.goto(f"{base}/tile-rummy/g/{game.id}/abandon/")
    found += violations(page, "abandon")
    game.refresh_from_db()
    now = tr.from_json(game.state)
    services.play(game.id, 0, {"type": "play", "table": [*now.table, now.racks[0]]}, game.version)
    page.goto(f"{base}/tile-rummy/g/{game.id}/")
    found += violations(page, "round complete")

    # Rumbaroo mid-game, with action tiles in hand and a log.
    game = deal_in_browser(page, base, "rumbaroo")
    put_state(
        game, rb_build(["R-HOP B-POUCH J R4 R5 R6", "Y1 Y7 Y11"], pile="B5", table=["G1 G2 G3"])
    )
    page.reload()
    page.get_by_test_id("pile").wait_for()
    found += violations(page, "rumbaroo table")
    assert not found, "\n".join(found)
