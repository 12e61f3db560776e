"""A spectator's table offers nothing to press, in every game (issue 34, item 13).

Watching (and a share link's replay) draws the game's own table for nobody's seat.
Before, Rumbaroo's pile was a (disabled) button that said "Play the picked tile here.",
table tiles were radio buttons to pick and drag, sets and melds were drop targets, and
Rumasta's frozen piles wore the blue ring of a focused control. The seat's own frames
keep their markup (tests/web/test_focus_browser.py keeps focus on the rack).
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest

from games import catalogue
from games.models import Game
from rooms.people import Person
from tests.matchmaking.conftest import device_of, live_room, play_moves, visitor
from tests.matchmaking.test_watching import _options

pytestmark = pytest.mark.django_db
READY = [pytest.param(e.kind, id=e.kind) for e in catalogue.ready()]
SEED = 7
# What only a seat may do, in markup: pick a tile, drag it, drop on a set, press a pile.
ACTING = ('type="radio"', 'draggable="true"', "drop-zone", "<button", "data-shortcut")


def watched_table(kind: str, moves: int = 12) -> tuple[Game, str]:
    """A live table between two guests after a few moves, and its watch page's table part.

    Dealt from a fixed seed whose table has tiles laid by then in every tile game. The
    part is the board up to the seat's dock (its rack or hand, which the watch page does
    not draw for a spectator and which is empty for one).
    """
    a, b = visitor(), visitor()
    people = Person(None, device_of(a)), [Person(None, device_of(b))]
    with mock.patch("games.services.moves.secrets.randbits", return_value=SEED):
        _room, game = live_room(*people, kind=kind, options=_options(kind, 2))
    game = play_moves(game, moves)
    body = visitor().get(f"/match/watch/{game.id}/").content.decode()
    board = body.split('id="board"', 1)[1]
    for end in ('data-testid="dock"', 'class="hand-area rm-hand-area"'):
        board = board.split(end, 1)[0]
    return game, board


@pytest.mark.parametrize("kind", READY)
def test_a_spectators_table_has_nothing_to_pick_drag_drop_or_press(kind: str) -> None:
    game, board = watched_table(kind)
    assert 'data-testid="tile-' in board or 'data-testid="card-' in board  # the table is drawn
    found = {marker: board.count(marker) for marker in ACTING if marker in board}
    assert found == {}, (kind, game.version, found)
    assert "picked" not in board.lower()  # no label asks the spectator to play anything


def test_rumbaroos_pile_is_named_without_an_action_for_a_spectator() -> None:
    _game, board = watched_table("rumbaroo")
    assert "Discard pile, " in board and " on top." in board
    assert "Play the picked tile here" not in board


def test_a_seat_still_gets_its_pile_button_and_tiles_to_pick(client: Any) -> None:
    """The other side: the player's own table keeps every control (its frames too)."""
    a, b = visitor(), visitor()
    _room, game = live_room(Person(None, device_of(a)), [Person(None, device_of(b))])
    page = a.get(f"/rumbaroo/g/{game.id}/").content.decode()
    assert "Play the picked tile here." in page and 'type="radio"' in page


def test_rumastas_frozen_pile_is_marked_for_a_spectator_without_a_focus_ring() -> None:
    a, b = visitor(), visitor()
    people = Person(None, device_of(a)), [Person(None, device_of(b))]
    _room, game = live_room(*people, kind="rumasta", options=_options("rumasta", 2))
    Game.objects.filter(id=game.id).update(state={**game.state, "frozen": [True, True]})
    body = visitor().get(f"/match/watch/{game.id}/").content.decode()
    assert 'class="board rm-board board-frame board-still"' in body
    assert body.count('data-testid="frozen-') == 2  # still said, in words
