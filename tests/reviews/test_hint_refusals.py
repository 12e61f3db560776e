"""Every game's Hint refuses alike (games/web/hints.py): at an online table or in a daily
challenge, from a stale or forged page, to a guest, out of the seat's turn and once the
game is over. A refusal shows no Hint button, changes nothing and leaves the game
unmarked (still on the leaderboards). Each game's own answers are in its test_*hint.py.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from games import services
from games.models import Game
from tests.engine.rumbaroo.rb_helpers import build, tile
from tests.reviews import conftest as tile_rummy_deal
from tests.reviews import romanian_deal
from tests.reviews.rumasta_game import play_turns, rm_dealt
from tests.web.conftest import put_state, refused, snapshot
from tests.web.rumbaroo.conftest import start_rb, state_of

__all__ = ["rm_dealt", "start_rb"]
pytestmark = pytest.mark.django_db
HX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}
OFFER = "Show the best play"
Deal = Callable[[pytest.FixtureRequest], Game]


@dataclass(frozen=True)
class Table:
    """One game's table for these cases: where it is, and how to deal seat 0 (the test
    client's) a turn where it may ask for a hint, one where it may not yet, and a game
    that has ended."""

    prefix: str
    my_turn: Deal
    not_yet: Deal
    over: Deal
    not_yet_words: str = "A hint is for your own turn"


# --- Tile Rummy: the crafted deal of tests/reviews/conftest.py ------------------------------


def _tile_rummy(request: pytest.FixtureRequest) -> Game:
    return request.getfixturevalue("dealt")()


def _tile_rummy_drawn(request: pytest.FixtureRequest) -> Game:
    """Seat 0 drew: the computer's turn."""
    game = _tile_rummy(request)
    tile_rummy_deal.act(game, 0, {"type": "draw"})
    return game


def _tile_rummy_over(request: pytest.FixtureRequest) -> Game:
    game = request.getfixturevalue("dealt")(target=50, totals=[49, 49])
    return tile_rummy_deal.play_round(game)


# --- Romanian Tile Rummy: tests/reviews/romanian_deal.py -----------------------------------


def _romanian_deal(request: pytest.FixtureRequest, state: Any = None) -> Game:
    fixture = request.getfixturevalue
    capture = fixture("django_capture_on_commit_callbacks")
    return romanian_deal.deal(fixture("monkeypatch"), fixture("client"), capture, state)


def _romanian(request: pytest.FixtureRequest) -> Game:
    """Seat 0 took its tile: a hint is for the laying and the discard."""
    game = _romanian_deal(request)
    romanian_deal.act(game, 0, {"type": "draw"})
    return game


def _romanian_over(request: pytest.FixtureRequest) -> Game:
    game = _romanian_deal(request, romanian_deal.crafted(rounds=1))
    return romanian_deal.play_round(game)


# --- Rumbaroo: a crafted position (tests/web/rumbaroo/conftest.py) -------------------------

# Seat 0 can meld R7 R8 R9 and B3 (onto B4 B5 B6), skip the computer and go out with the Y5.
RB_HANDS = ["R7 R8 R9 B3 Y5", "G1 G2 G3 Y9 Y10"]
RB_WHERE: dict[str, Any] = {"table": ["B4 B5 B6"], "pile": "R5"}


def _rumbaroo_at(request: pytest.FixtureRequest, **where: Any) -> Game:
    game = request.getfixturevalue("start_rb")(players=2)
    return put_state(game, build(RB_HANDS, difficulty="joey", **RB_WHERE, **where))


def _rumbaroo(request: pytest.FixtureRequest) -> Game:
    return _rumbaroo_at(request)


def _rumbaroo_theirs(request: pytest.FixtureRequest) -> Game:
    return _rumbaroo_at(request, turn=1)


def _rumbaroo_over(request: pytest.FixtureRequest) -> Game:
    """Seat 0 goes out past the target: the game's end."""
    game = _rumbaroo_at(request, totals=[45, 0])
    laid = state_of(game)
    run = [tile(laid, face, 0) for face in ("R7", "R8", "R9")]
    table = [[*laid.table[0], tile(laid, "B3", 0)], run]
    meld = {"type": "meld", "table": table, "free": {"target": 1, "kind": "skip"}, "call": True}
    game.refresh_from_db()
    services.play(game.id, 0, meld, game.version)
    game.refresh_from_db()
    services.play(game.id, 0, {"type": "discard", "tile": tile(laid, "Y5", 0)}, game.version)
    game.refresh_from_db()
    return game


# --- Rumasta: the scripted game of tests/reviews/rumasta_game.py ---------------------------


def _rumasta(request: pytest.FixtureRequest) -> Game:
    """Seat 0 to open its third turn (the position of Rumasta's own hint tests)."""
    return play_turns(request.getfixturevalue("rm_dealt")(), 4)


def _rumasta_theirs(request: pytest.FixtureRequest) -> Game:
    return play_turns(request.getfixturevalue("rm_dealt")(), 1)


def _rumasta_over(request: pytest.FixtureRequest) -> Game:
    return play_turns(request.getfixturevalue("rm_dealt")())


TABLES = {
    "tile_rummy": Table("tile-rummy", _tile_rummy, _tile_rummy_drawn, _tile_rummy_over),
    "romanian": Table(
        "romanian",
        _romanian,
        _romanian_deal,  # before the tile is taken
        _romanian_over,
        "once you have taken your tile",
    ),
    "rumbaroo": Table("rumbaroo", _rumbaroo, _rumbaroo_theirs, _rumbaroo_over),
    "rumasta": Table("rumasta", _rumasta, _rumasta_theirs, _rumasta_over),
}


@pytest.fixture(params=list(TABLES))
def table(request: pytest.FixtureRequest) -> Table:
    """Each game's table in turn."""
    return TABLES[request.param]


def hint(client: Client, table: Table, game: Game, **data: object) -> Any:
    game.refresh_from_db()
    data.setdefault("version", game.version)
    return client.post(f"/{table.prefix}/g/{game.id}/hint/", data, **HX)


def board(client: Client, table: Table, game: Game) -> str:
    return html.unescape(client.get(f"/{table.prefix}/g/{game.id}/").content.decode())


def unmarked(game: Game) -> bool:
    game.refresh_from_db()
    return not game.hint_used


@pytest.mark.parametrize("change", ["online", "daily"])
def test_no_hint_at_online_tables_or_in_a_daily(
    client: Client, request: pytest.FixtureRequest, table: Table, change: str
) -> None:
    game = table.my_turn(request)
    game.refresh_from_db()
    if change == "online":
        game.online = True
    else:
        game.config = {**game.config, "daily": "2026-11-30"}
    game.save()
    page = board(client, table, game)
    assert OFFER not in page and 'data-testid="hint"' not in page
    words = "only for games against computers"
    refused(game, lambda: hint(client, table, game), 403, words)
    assert unmarked(game)


def test_a_stale_or_forged_hint_changes_nothing(
    client: Client, request: pytest.FixtureRequest, table: Table
) -> None:
    game = table.my_turn(request)
    url = f"/{table.prefix}/g/{game.id}/hint/"
    before = snapshot(game)
    moved_on = "The game moved on since this page was drawn"
    refused(game, lambda: hint(client, table, game, version=game.version + 3), 409, moved_on)
    refused(game, lambda: client.post(url, {}, **HX), 400, "missing the game version")
    refused(game, lambda: hint(client, table, game, seat=1), 403, "That seat isn't yours.")
    assert Client().post(url, {"version": 0}).status_code == 404  # a guest has no seat here
    assert client.get(url).status_code == 405
    assert snapshot(game) == before
    assert unmarked(game)


@pytest.mark.parametrize("when", ["not_yet", "over"])
def test_no_hint_out_of_turn_or_once_the_game_is_over(
    client: Client, request: pytest.FixtureRequest, table: Table, when: str
) -> None:
    game = getattr(table, when)(request)
    assert (game.status == "finished") == (when == "over")
    assert OFFER not in board(client, table, game)
    refused(game, lambda: hint(client, table, game), 403, table.not_yet_words)
    assert unmarked(game)
