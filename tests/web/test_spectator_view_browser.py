"""In Debian's Chromium: a spectator's table shows nothing as pressable, in every game
(issue 34, item 13). What the page draws is checked: no control to tab to, no pointer
cursor, no focus-like ring on Rumasta's frozen piles, and no axe violation."""

from __future__ import annotations

from typing import Any

import pytest

from games import catalogue
from games.models import Game, Move
from tests.web.test_axe_browser import violations
from tests.web.test_spectator_view import watched_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
READY = [pytest.param(e.kind, id=e.kind) for e in catalogue.ready()]

# Every shown element of the board that a person could take for a control.
PRESSABLE = """() => Array.from(document.querySelectorAll('#board *'))
  .filter(e => e.checkVisibility() && (
    e.matches('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])')
    || getComputedStyle(e).cursor === 'pointer'
    || (e.matches('.rm-pile') && getComputedStyle(e).outlineStyle !== 'none')))
  .map(e => e.outerHTML.slice(0, 90))"""


def freeze_the_piles(game: Game) -> None:
    """The picture the spectator sees (the last move's public view) with both piles frozen."""
    move = Move.objects.filter(game=game).order_by("-seq").first()
    assert move is not None
    move.public_view = {
        **move.public_view,
        "piles": [{**p, "frozen": True} for p in move.public_view["piles"]],
    }
    move.save(update_fields=["public_view"])


@pytest.mark.parametrize("kind", READY)
def test_a_spectators_table_shows_nothing_to_press(live_server: Any, page: Any, kind: str) -> None:
    game, _board = watched_table(kind)
    if kind == "rumasta":  # frozen piles: before, a blue ring like a focused control
        freeze_the_piles(game)
    for size in ({"width": 360, "height": 800}, {"width": 1280, "height": 900}):
        page.set_viewport_size(size)
        page.goto(f"{live_server.url}/match/watch/{game.id}/")
        page.get_by_test_id("watch-board").locator("#board").wait_for()
        assert page.evaluate(PRESSABLE) == [], (kind, size)
        assert violations(page, f"watching {kind}") == []
    page.goto("about:blank")  # the watch page polls: stop it before the database is emptied
