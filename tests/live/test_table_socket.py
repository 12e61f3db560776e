"""A table's websocket: a seat and a spectator get each move's board, strangers get 4403,
a page that reconnects gets the current board once, and the poll stays as it was."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache
from django.test import Client

from games import services
from games.access import stamp_of
from games.engine.registry import engine_for
from games.table_flow import table_url
from live import audiences, publish
from live.consumers import NOT_ALLOWED

from .conftest import (
    device_of,
    fresh,
    hello,
    people,
    play_moves,
    run,
    seat_of,
    shown_ids,
    socket,
    table,
    visitor,
    without_tokens,
)

pytestmark = pytest.mark.django_db(transaction=True)
HTMX = {"HTTP_HX_REQUEST": "true"}
WAIT = 10  # seconds a board may take to come (a busy machine draws slowly)


def _acting(game: Any) -> int:
    engine = engine_for(game.kind)
    return min(engine.to_act(engine.from_json(game.state)))


def _listener(game: Any, clients: list[Client]) -> Client:
    """A person at the table who is not the one to move next."""
    mover = _acting(game)
    return next(c for c in clients if seat_of(game, c) != mover)


def test_a_seat_gets_its_own_board_after_another_seats_move_as_the_poll_draws_it() -> None:
    clients = people(2)
    game = table(clients)
    listener = _listener(game, clients)
    before = hello(game)

    async def scenario() -> dict[str, Any]:
        ws = socket(listener, game)
        connected, _ = await ws.connect()
        assert connected
        await ws.send_json_to(before)
        assert await ws.receive_nothing(timeout=0.3)  # the page is current: nothing to send
        await database_sync_to_async(play_moves)(game, 1)
        message = await ws.receive_json_from(timeout=WAIT)
        assert await ws.receive_nothing(timeout=0.3)  # one board a move
        await ws.disconnect()
        return message

    message = run(scenario)
    after = fresh(game)
    assert message["type"] == "board" and message["target"] == "board"
    assert message["version"] == after.version > before["version"]
    assert message["stamp"] == stamp_of(after.updated)
    assert message["trigger"] == ""
    poll = listener.get(f"{table_url(after)}board/", {"at": after.version}, **HTMX)
    assert poll.status_code == 200
    assert without_tokens(message["html"]) == without_tokens(poll.content.decode())
    assert f'data-live="/live/games/{after.id}/"' in message["html"]


def test_a_spectator_gets_the_public_board() -> None:
    clients = people(2)
    game = table(clients)
    stranger = visitor()
    engine = engine_for(game.kind)

    async def scenario() -> dict[str, Any]:
        ws = socket(stranger, game)
        connected, _ = await ws.connect()
        assert connected
        await database_sync_to_async(play_moves)(game, 1)
        message = await ws.receive_json_from(timeout=WAIT)
        await ws.disconnect()
        return message

    message = run(scenario)
    after = fresh(game)
    assert message["target"] == "watch-live" and message["version"] == after.version
    html = message["html"]
    assert 'data-testid="watch-board"' in html and f'data-step="{after.version}"' in html
    hidden = engine.hidden_from(engine.from_json(after.state), None)
    assert hidden and not shown_ids(html) & hidden
    assert "Leave table" not in html


def test_strangers_may_not_listen_to_a_private_table_or_a_game_against_computers() -> None:
    clients = people(2)
    private = table(clients, listed=False)
    kim = visitor()
    solo = services.create_game(
        "rumbaroo",
        {"difficulty": "joey", "players": 2, "target": 50},
        [
            services.SeatSpec("You", device_key=device_of(kim)),
            services.SeatSpec("Ada", computer_level="joey"),
        ],
    )

    async def refused(client: Client | None, game: Any) -> Any:
        ws = socket(client, game)
        connected, _ = await ws.connect()
        assert connected  # accepted, then closed: the page knows not to try again
        closed = await ws.receive_output(timeout=WAIT)
        return closed

    strangers = [visitor(), visitor()]

    async def scenario() -> list[Any]:
        return [
            await refused(strangers[0], private),  # a guest with no seat at a private table
            await refused(None, private),  # no cookies at all
            await refused(strangers[1], solo),  # someone else's game against computers
        ]

    for closed in run(scenario):
        assert closed == {"type": "websocket.close", "code": NOT_ALLOWED}


def test_a_guest_never_joins_another_guests_seat() -> None:
    """A forged device cookie is no cookie; a stranger at a listed table is a spectator."""
    clients = people(2)
    game = table(clients)
    forger = visitor()
    forger.cookies["rummy_device"] = clients[0].cookies["rummy_device"].value + "x"

    stranger = visitor()

    async def scenario() -> list[str]:
        groups = []
        for client in (forger, stranger):
            ws = socket(client, game)
            connected, _ = await ws.connect()
            assert connected
            await ws.send_json_to({"type": "hello", "version": 0, "stamp": 0})
            message = await ws.receive_json_from(timeout=WAIT)
            groups.append(message["target"])
            await ws.disconnect()
        return groups

    assert run(scenario) == ["watch-live", "watch-live"]
    assert all(".w." in name for name in audiences.members(game.id.hex))


def test_a_page_from_another_site_cannot_open_the_socket() -> None:
    clients = people(2)
    game = table(clients)

    async def scenario() -> bool:
        ws = socket(clients[0], game, origin="https://elsewhere.example")
        connected, _ = await ws.connect()
        return bool(connected)

    assert run(scenario) is False


@pytest.mark.parametrize("kept", [True, False], ids=["last-board-kept", "drawn-again"])
def test_a_page_reconnecting_after_a_gap_gets_the_current_board_once(kept: bool) -> None:
    """Once, from the last board its audience was sent, or drawn again when none is kept."""
    clients = people(2)
    game = table(clients)
    seat_client = clients[0]
    before = hello(game)

    async def scenario() -> tuple[list[dict[str, Any]], bool]:
        first = socket(seat_client, game)
        assert (await first.connect())[0]
        await first.send_json_to(before)
        assert await first.receive_nothing(timeout=0.3)
        await first.disconnect()
        # Two moves while the page was away (asleep, on a train…).
        await database_sync_to_async(play_moves)(game, 2)
        if not kept:  # the audience's time ran out while nobody was connected
            await database_sync_to_async(cache.clear)()
            audiences.forget()
        again = socket(seat_client, game)
        assert (await again.connect())[0]
        await again.send_json_to(before)  # the version it showed before the gap
        got = [await again.receive_json_from(timeout=WAIT)]
        quiet = await again.receive_nothing(timeout=0.3)
        current = await database_sync_to_async(fresh)(game)
        await again.send_json_to(hello(current))  # already current: nothing
        quiet = quiet and await again.receive_nothing(timeout=0.3)
        await again.disconnect()
        return got, quiet

    got, quiet = run(scenario)
    after = fresh(game)
    assert quiet and len(got) == 1
    assert got[0]["version"] == after.version == before["version"] + 2
    assert got[0]["target"] == "board"


def test_nothing_is_read_or_drawn_for_a_table_nobody_listens_to(
    django_assert_num_queries: Any,
) -> None:
    clients = people(2)
    game = table(clients)
    with django_assert_num_queries(0):
        publish.publish(str(game.id))


def test_connections_of_one_audience_share_one_drawing() -> None:
    """Three spectators on one device setting and a seat: two groups, two drawings a move."""
    clients = people(2)
    game = table(clients)
    watchers = [visitor() for _ in range(3)]

    async def scenario() -> list[dict[str, Any]]:
        sockets = [socket(c, game) for c in [clients[0], *watchers]]
        for ws in sockets:
            assert (await ws.connect())[0]
        await database_sync_to_async(play_moves)(game, 1)
        got = [await ws.receive_json_from(timeout=WAIT) for ws in sockets]
        for ws in sockets:
            await ws.disconnect()
        return got

    got = run(scenario)
    assert len(audiences.members(game.id.hex)) == 2
    spectators = {m["html"] for m in got[1:]}
    assert len(spectators) == 1  # the very same message for every spectator


def test_the_board_names_its_socket_only_when_websockets_are_on(settings: Any) -> None:
    clients = people(2)
    game = table(clients)
    url = table_url(game)
    assert f'data-live="/live/games/{game.id}/"' in clients[0].get(url).content.decode()
    watch = visitor().get(f"/match/watch/{game.id}/").content.decode()
    assert f'data-live="/live/games/{game.id}/"' in watch and "js/live.js" in watch
    settings.LIVE_WEBSOCKETS = False
    assert "data-live" not in clients[0].get(url).content.decode()
    assert "data-live" not in visitor().get(f"/match/watch/{game.id}/").content.decode()
