"""How many SQL statements a table request costs (issue 13): a regression here fails CI.

Counted as in production: the service's transaction is the outermost one (so no
savepoints; BEGIN/COMMIT are not statements Django sends) and a computer's turn is
queued after the commit, not played in-process, since the player's request does not
pay for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Game
from games.services import turns
from rummy_site.celery import app
from tests.engine.helpers import build
from tests.web.conftest import put_state

pytestmark = pytest.mark.django_db(transaction=True)
HX = {"HTTP_HX_REQUEST": "true"}
MOVE_BUDGET = 6


@pytest.fixture(autouse=True)
def queued(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """Computer turns go to the queue as in production; here the queue is a list."""
    queued: list[tuple[str, int]] = []
    monkeypatch.setattr(
        turns, "_queue", lambda game_id, version, _wait: queued.append((game_id, version))
    )
    saved = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield queued
    app.conf.task_always_eager = saved


def _game(client: Client, user: Any = None) -> Game:
    client.get("/")  # the device cookie
    me = services.SeatSpec("You", device_key=_device_key(client))
    if user is not None:
        me = services.SeatSpec("You", user_id=user.pk)
    bot = services.SeatSpec("Bot", computer_level="easy")
    game = services.create_game("tile_rummy", {"players": 2}, [me, bot], seed=5)
    return put_state(game, build(racks=["R10 R11 R12 B3 Y3", "K1 K2 K5"], pool_top="Y9 Y8 Y7"))


TRANSACTION = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")


def _count(call: Any) -> tuple[Any, list[str]]:
    """The response and the SQL statements it cost (transaction control listed apart)."""
    with CaptureQueriesContext(connection) as ctx:
        response = call()
    sql = [q["sql"] for q in ctx.captured_queries]
    control = [q.split()[0] for q in sql if q.startswith(TRANSACTION)]
    # One transaction at most and no savepoints: bookkeeping must not nest its own.
    assert control in ([], ["BEGIN", "COMMIT"]), control
    return response, [q for q in sql if not q.startswith(TRANSACTION)]


def _device_key(client: Client) -> str:
    """The guest key at the head of the signed cookie ``key:issued:refreshed:stamp:sig``."""
    return client.cookies["rummy_device"].value.split(":")[0]


def test_a_guests_draw_costs_at_most_six_statements(client: Client, queued: list) -> None:
    game = _game(client)
    url = f"/tile-rummy/g/{game.id}/draw/"
    response, sql = _count(lambda: client.post(url, {"version": game.version}, **HX))
    assert response.status_code == 200
    assert len(sql) <= MOVE_BUDGET, "\n".join(sql)
    game.refresh_from_db()
    assert game.version == 1 and game.awaiting_computer and game.moves.count() == 1
    assert queued == [(str(game.id), 1)]  # the computer's reply, queued once on commit


def test_confirming_a_draft_costs_at_most_six_statements(client: Client) -> None:
    game = _game(client)
    rack = {str(t.face): t.id for t in _rack(game)}
    for face in ("R10", "R11", "R12"):
        target = "new" if face == "R10" else "0"
        client.post(
            f"/tile-rummy/g/{game.id}/move/", {"version": 0, "tile": rack[face], "to": target}, **HX
        )
    url = f"/tile-rummy/g/{game.id}/confirm/"
    response, sql = _count(lambda: client.post(url, {"version": 0}, **HX))
    assert response.status_code == 200, response.content[:300]
    assert len(sql) <= MOVE_BUDGET, "\n".join(sql)
    assert game.seats.get(index=0).turn_draft is None and game.moves.count() == 1


def _rack(game: Game) -> list[Any]:
    from games.engine import tile_rummy as tr

    game.refresh_from_db()
    state = tr.from_json(game.state)
    return [type("T", (), {"face": tr.face_of(t), "id": t}) for t in state.racks[0]]


def _first_tile_tapped(client: Client) -> tuple[Game, int, Any, list[str]]:
    """A new game's first rack tile tapped onto the table: the game, the tile, the answer and
    the SQL it cost."""
    game = _game(client)
    tile = _rack(game)[0].id
    url = f"/tile-rummy/g/{game.id}/move/"
    response, sql = _count(
        lambda: client.post(url, {"version": 0, "tile": tile, "to": "new"}, **HX)
    )
    return game, tile, response, sql


def test_a_draft_action_costs_two_statements(client: Client) -> None:
    """The game and its seats, then one compare-and-set update (games/drafts.py)."""
    game, tile, response, sql = _first_tile_tapped(client)
    assert response.status_code == 200
    assert len(sql) == 2, "\n".join(sql)
    assert "UPDATE games_seat SET turn_draft" in sql[1]  # the compare-and-set write
    assert game.seats.get(index=0).turn_draft["placed"] == [tile]


def test_a_draft_action_answers_the_form_alone_out_of_band(client: Client) -> None:
    """A tap redraws the form (sets, rack, turn buttons), not the board: two statements."""
    _game_tapped, tile, response, sql = _first_tile_tapped(client)
    body = response.content.decode()
    assert response.status_code == 200 and response.headers["HX-Reswap"] == "none"
    assert body.lstrip().startswith('<form id="board-form"') and 'hx-swap-oob="true"' in body
    assert 'id="board"' not in body and 'data-testid="log"' not in body
    assert f'data-tile="{tile}"' in body.split('data-testid="rack"')[0]  # now on the table
    assert len(sql) == 2, "\n".join(sql)  # the game and seats, the compare-and-set update


def test_a_reset_reads_the_recent_moves_only_for_tiles_on_the_table(client: Client) -> None:
    """Back to the table as dealt: the "just laid" highlight needs the log, unless it is empty."""
    game = _game(client)
    reset = f"/tile-rummy/g/{game.id}/reset/"
    response, sql = _count(lambda: client.post(reset, {"version": 0}, **HX))
    assert response.status_code == 200 and len(sql) == 2, "\n".join(sql)
    put_state(game, build(racks=["R10 B3", "K1 K2"], table=["Y1 Y2 Y3"], pool_top="Y9"))
    response, sql = _count(lambda: client.post(reset, {"version": 0}, **HX))
    assert response.status_code == 200 and len(sql) == 3, "\n".join(sql)
    assert "games_move" in sql[-1]


def test_a_guests_poll_with_nothing_new_is_one_statement(client: Client) -> None:
    game = _game(client)
    url = f"/tile-rummy/g/{game.id}/board/?at={game.version + 1}"
    response, sql = _count(lambda: client.get(url, **HX))
    assert response.status_code == 204
    assert len(sql) == 1, "\n".join(sql)


def test_a_signed_in_poll_is_one_statement_beyond_session_and_user(client: Client) -> None:
    user = get_user_model().objects.create_user("poller", password="pw-123456789")
    client.force_login(user)
    game = _game(client, user)
    url = f"/tile-rummy/g/{game.id}/board/?at={game.version + 1}"
    response, sql = _count(lambda: client.get(url, **HX))
    assert response.status_code == 204
    assert len(sql) == 3, "\n".join(sql)
    assert "django_session" in sql[0] and "auth_user" in sql[1]


def test_a_stranger_polling_learns_nothing_for_the_same_one_statement(client: Client) -> None:
    game = _game(Client())
    client.get("/")
    url = f"/tile-rummy/g/{game.id}/board/?at={game.version + 1}"
    response, sql = _count(lambda: client.get(url, **HX))
    assert response.status_code == 404 and len(sql) <= 2
