"""``{% tile_markup %}`` draws a Rumbaroo tile exactly as including ``_tile.html`` did, for
every kind of tile and every switch, in the reader's language, and once per look."""

from __future__ import annotations

from typing import Any

import pytest
from django.template import Context, Template
from django.utils import translation

from games.engine.rumbaroo.state import faces, new_game
from games.engine.rumbaroo.view import tile_view
from games.templatetags import tile_markup
from games.web.rumbaroo.presenters import tile_context

INCLUDE = Template(
    '{% include "games/rumbaroo/_tile.html" with t=t group=group swap_ok=swap_ok still=still %}'
)
TAG = Template(
    '{% load tile_markup %}{% tile_markup "games/rumbaroo/_tile.html" t group=group'
    " swap_ok=swap_ok still=still %}"
)
SWITCHES = [
    {"group": "tile", "swap_ok": False, "still": False},
    {"group": "table_tile", "swap_ok": True, "still": False},
    {"group": "table_tile", "swap_ok": False, "still": True},
]


def _tiles() -> list[dict[str, Any]]:
    """One tile of each kind a board shows: a number, a wild standing for one, an action."""
    state = new_game({"players": 2}, seed=7)
    views = [tile_view(state, t) for t in range(len(faces(state)))]
    number = next(v for v in views if not v["wild"] and v["action"] is None)
    wild = next(v for v in views if v["wild"])
    action = next(v for v in views if v["action"] is not None)
    return [
        tile_context(number),
        tile_context(number, placed=True),
        tile_context({**wild, "stands_for": 5}, run_colour="R"),
        tile_context(action, fresh=True),
    ]


@pytest.mark.parametrize("language", ["en", "ro"])
@pytest.mark.parametrize("switches", SWITCHES)
def test_the_tag_draws_what_the_include_drew(language: str, switches: dict[str, Any]) -> None:
    with translation.override(language):
        for t in _tiles():
            context = {"t": t, **switches}
            drawn = TAG.render(Context(context))
            assert drawn == INCLUDE.render(Context(context))
            assert f'data-tile="{t["id"]}"' in drawn


def test_a_look_is_drawn_once_and_a_new_label_is_a_new_look(settings: Any) -> None:
    settings.DEBUG = False
    tile_markup._cached.cache_clear()
    t = _tiles()[0]
    first = TAG.render(Context({"t": t, **SWITCHES[0]}))
    again = TAG.render(Context({"t": dict(t), **SWITCHES[0]}))
    assert first == again and tile_markup._cached.cache_info().hits == 1
    other = TAG.render(Context({"t": {**t, "spoken": "verde 7"}, **SWITCHES[0]}))
    assert 'aria-label="verde 7"' in other and other != first
