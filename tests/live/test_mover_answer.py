"""The mover's answer is the board its move drew for the mover's own socket (issue 37 item
3): one drawing serves both, the answer carrying the request's own CSRF token; without a
socket of the mover's audience the answer is drawn as before."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games import table_flow
from games.table_flow import table_url
from live import render as live_render
from tests.matchmaking.test_watching import _options

from .conftest import fresh, people, run, seat_of, socket, table, without_tokens

pytestmark = pytest.mark.django_db(transaction=True)
HTMX = {"HTTP_HX_REQUEST": "true"}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')


@pytest.fixture
def drawings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every board drawn, for a socket (``socket``) or for a request (``request``)."""
    seen: list[str] = []
    to_socket, to_request = live_render.render, table_flow.TableFlow.board

    def drawn_for_socket(*args: Any, **kwargs: Any) -> Any:
        seen.append("socket")
        return to_socket(*args, **kwargs)

    def drawn_for_request(self: Any, request: Any, *args: Any, **kwargs: Any) -> Any:
        if request.META.get("SERVER_NAME") != "live":  # not live.render's stand-in
            seen.append("request")
        return to_request(self, request, *args, **kwargs)

    monkeypatch.setattr(live_render, "render", drawn_for_socket)
    monkeypatch.setattr("live.publish.render", drawn_for_socket)
    monkeypatch.setattr(table_flow.TableFlow, "board", drawn_for_request)
    return seen


def _tile_rummy_table() -> tuple[Any, Client, Client]:
    clients = people(2)
    game = table(clients, kind="tile_rummy", options=_options("tile_rummy", 2))
    mover = next(c for c in clients if seat_of(game, c) == _acting(game))
    other = next(c for c in clients if c is not mover)
    return game, mover, other


def _acting(game: Any) -> int:
    from games.engine.registry import engine_for

    engine = engine_for(game.kind)
    return min(engine.to_act(engine.from_json(game.state)))


def _draw(client: Client, game: Any) -> Any:
    return client.post(f"{table_url(game)}draw/", {"version": game.version}, **HTMX)


def test_the_movers_answer_is_its_sockets_drawing(drawings: list[str]) -> None:
    game, mover, other = _tile_rummy_table()

    async def scenario() -> tuple[Any, dict[str, Any], dict[str, Any]]:
        from channels.db import database_sync_to_async

        mine, theirs = socket(mover, game), socket(other, game)
        assert (await mine.connect())[0] and (await theirs.connect())[0]
        drawings.clear()  # the connections' own drawings are not the move's
        answer = await database_sync_to_async(_draw)(mover, game)
        got = await mine.receive_json_from(timeout=10), await theirs.receive_json_from(timeout=10)
        await mine.disconnect()
        await theirs.disconnect()
        return answer, got[0], got[1]

    answer, to_mover, _to_other = run(scenario)
    assert answer.status_code == 200
    assert sorted(drawings) == ["socket", "socket"]  # two seats, two drawings, no third
    html = answer.content.decode()
    assert without_tokens(html) == without_tokens(to_mover["html"])
    assert to_mover["version"] == fresh(game).version == game.version + 1
    tokens = set(TOKEN.findall(html))
    assert tokens and not tokens & set(TOKEN.findall(to_mover["html"]))  # the request's own
    # The token answered is one the mover's browser may post with: the next move is taken.
    token = tokens.pop()
    mover_game = fresh(game)
    other_turn = other.post(
        f"{table_url(mover_game)}draw/", {"version": mover_game.version}, **HTMX
    )
    assert other_turn.status_code == 200
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = mover.cookies
    refused = strict.post(f"{table_url(game)}draw/", {"version": 0}, **HTMX)
    assert refused.status_code == 403  # no token: refused by the CSRF check
    checked = strict.post(
        f"{table_url(game)}draw/", {"version": 0, "csrfmiddlewaretoken": token}, **HTMX
    )
    assert checked.status_code != 403  # the answered token passes (the stale move is refused)


def test_without_the_movers_socket_the_answer_is_drawn_for_the_request(
    drawings: list[str],
) -> None:
    game, mover, other = _tile_rummy_table()

    async def scenario() -> Any:
        from channels.db import database_sync_to_async

        theirs = socket(other, game)
        assert (await theirs.connect())[0]
        drawings.clear()
        answer = await database_sync_to_async(_draw)(mover, game)
        await theirs.receive_json_from(timeout=10)
        await theirs.disconnect()
        return answer

    answer = run(scenario)
    assert answer.status_code == 200
    assert sorted(drawings) == ["request", "socket"]
    assert 'id="board"' in answer.content.decode()
