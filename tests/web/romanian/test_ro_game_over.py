"""Game over at a Romanian table names who won, and never lists the viewer among the others.

A shared win once read "You share the win with Uma and You!". The page is rendered for
seat 0 with 1 to 4 winners, the viewer among them or not, and the sentence for a
spectator (a seat number nobody has) is checked through the presenter.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from games.engine import romanian as ro
from games.engine.romanian.scoring import end_round
from games.models import Game
from games.web.romanian.presenters import round_context
from replays.frames import SPECTATOR
from tests.engine.romanian.ro_helpers import table
from tests.web.romanian.conftest import put_state

pytestmark = pytest.mark.django_db


def finish(game: Game, winners: set[int]) -> list[str]:
    """The last round ends with the wall: the seats in ``winners`` tie on the best total."""
    racks = {s: ["R5", "B5", "Y5", "K5"][s] for s in range(4)}
    state = table(racks, players=4, config={"rounds": 1}, empty_wall=True)
    state.totals = [0 if s in winners else -50 for s in range(4)]
    end_round(state, None, "wall")
    assert state.phase == "game_over" and state.winners == sorted(winners)
    put_state(game, state)
    return [seat.display_name for seat in game.seats.order_by("index")]


def result_line(client: Any, game: Game) -> str:
    page = client.get(f"/romanian/g/{game.id}/").content.decode()
    found = re.search(r'data-testid="result">(.*?)</p>', page, re.S)
    assert found, "no Game over result line"
    return " ".join(html.unescape(found.group(1)).split())


@pytest.mark.parametrize(
    ("winners", "expected"),
    [
        ({0}, "You win!"),
        ({0, 2}, "You share the win with {2}!"),
        ({0, 1, 3}, "You share the win with {1} and {3}!"),
        ({0, 1, 2, 3}, "You share the win with {1}, {2} and {3}!"),
        ({1}, "{1} wins the game."),
        ({1, 3}, "{1} and {3} share the win."),
        ({1, 2, 3}, "{1}, {2} and {3} share the win."),
    ],
)
def test_a_shared_win_names_each_other_winner_once(
    client, start_ro, winners: set[int], expected: str
) -> None:
    game = start_ro(opponents=3)
    names = finish(game, winners)
    line = result_line(client, game)
    assert line == expected.format(*names)
    assert "and You" not in line and "You and" not in line


@pytest.mark.parametrize(
    ("winners", "expected"),
    [
        ({2}, "{2} wins the game."),
        ({0, 2}, "{0} and {2} share the win."),
        ({0, 1, 3}, "{0}, {1} and {3} share the win."),
        ({0, 1, 2, 3}, "{0}, {1}, {2} and {3} share the win."),
    ],
)
def test_a_spectator_reads_every_winner_by_name(start_ro, winners: set[int], expected: str) -> None:
    game = start_ro(opponents=3)
    game.seats.filter(index=0).update(display_name="Uma")  # a signed-in player's name
    names = finish(game, winners)
    game.refresh_from_db()
    view = ro.view(ro.from_json(game.state), None)
    context = round_context(view, list(game.seats.order_by("index")), SPECTATOR)
    assert context is not None
    assert context["result"] == expected.format(*names)
    assert "You" not in context["result"]
