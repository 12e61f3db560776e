"""What drawing one board for one socket audience costs (issue 37 item 3), per game.

The publisher draws every connected audience's board after each move inside the
move's transaction, the rows every drawing shares read once (``core.memo``). This
checks that a drawing then reads nothing more, and prints the CPU a drawing takes
(``-s``): side by side for two revisions, copy this file into a worktree of the
older one (``git worktree add /tmp/old REV``) and run it in both, one after another:

    .venv/bin/pytest tests/live/test_drawing_cost.py -q -s -p no:cacheprovider

Measured 2026-12-07 (three alternating runs, 2 cores, another benchmark niced beside):
Tile Rummy 2.5 / 2.1 / 1.9 ms before (9149718) and 1.9 / 1.6 / 1.9 ms after the tile
words and table URLs were cached; Rumbaroo 3.5 / 4.5 / 4.0 ms before and 2.0 / 2.4 /
3.2 ms after its tiles were drawn once per look ({% tile_markup %}).
"""

from __future__ import annotations

import re
import time

import pytest
from django.db import connection
from django.template import context_processors
from django.test.utils import CaptureQueriesContext

from core.memo import shared_reads
from games.access import game_with_seats
from live.render import FORM_TOKEN, render
from live.viewer import Audience
from tests.matchmaking.test_watching import _options

from .conftest import people, shown_ids, table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
DRAWINGS = 100
FORM_TOKEN_VALUE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')


@pytest.mark.parametrize("kind", ["tile_rummy", "rumbaroo", "romanian_tile_rummy"])
def test_a_drawing_reads_nothing_beyond_the_shared_rows(kind: str) -> None:
    game = game_with_seats(table(people(2), kind=kind, options=_options(kind, 2)).id)
    assert game is not None
    audiences = [Audience(game.id.hex, s, "en", "fast", False, frozenset()) for s in (0, 1)]
    with shared_reads():
        first = [render(game, audience) for audience in audiences]
        with CaptureQueriesContext(connection) as queries:
            again = [render(game, audience) for audience in audiences]
        started = time.process_time()
        for _ in range(DRAWINGS):
            for audience in audiences:
                render(game, audience)
        each = (time.process_time() - started) / (DRAWINGS * len(audiences))
    assert len(queries.captured_queries) == 0, [q["sql"] for q in queries.captured_queries]
    for drawn, redrawn in zip(first, again, strict=True):
        assert drawn is not None and redrawn is not None
        assert shown_ids(drawn["html"]) == shown_ids(redrawn["html"])
        assert shown_ids(drawn["html"])  # the seat's own pieces are on its board
    print(f"{kind}: {each * 1000:.2f} ms of CPU a board drawn for one audience")


@pytest.mark.parametrize("kind", ["tile_rummy", "rumbaroo"])
def test_a_drawing_masks_no_csrf_token(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A board drawn for a socket carries the fixed placeholder every page replaces with its
    own token: no token is masked afresh for each drawing (0.12 ms each)."""
    game = game_with_seats(table(people(2), kind=kind, options=_options(kind, 2)).id)
    assert game is not None
    masked: list[object] = []
    real = context_processors.get_token
    monkeypatch.setattr(context_processors, "get_token", lambda r: masked.append(r) or real(r))
    for seat in (0, 1, None):
        audience = Audience(game.id.hex, seat, "en", "fast", False, frozenset())
        drawn = render(game, audience)
        assert drawn is not None
        tokens = set(FORM_TOKEN_VALUE.findall(drawn["html"]))
        assert tokens <= {FORM_TOKEN}, (seat, tokens)
    assert masked == []
