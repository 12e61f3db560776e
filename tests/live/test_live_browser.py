"""In Chromium: a move made on one page reaches the other over the websocket, served by a
real uvicorn running rummy_site.asgi; and where the socket cannot open, the poll carries it.

uvicorn runs in a thread of the test process, so the in-memory channel layer, the test
database and the publisher (called by the move's own request) are all in one process.
Each request and connection of the live process opens its own database connection,
which SQLite's in-memory test database does not share between threads: PostgreSQL only.
"""

from __future__ import annotations

import importlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.test import RequestFactory
from playwright.sync_api import expect

from accounts import device
from games import services
from games.engine.registry import engine_for
from games.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PARTY = {"difficulty": "joey", "players": 2, "target": 50}
# Set on the page: each swap of the board a socket's board made (its events' detail says so).
COUNT_LIVE_SWAPS = """() => {
  window.liveSwaps = 0;
  document.addEventListener("htmx:afterSettle", (e) => {
    if (e.detail && e.detail.xhr && e.detail.xhr.live) window.liveSwaps += 1;
  });
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def live_process(settings: Any) -> Iterator[str]:
    """The whole site on uvicorn (pages and /live/ sockets), as scripts/run serves it."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (CI sets DATABASE_URL): threads share no SQLite memory")
    settings.LIVE_WEBSOCKETS = True
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "127.0.0.1"]
    from rummy_site import asgi

    asgi = importlib.reload(asgi)  # its origin check reads ALLOWED_HOSTS when it is built
    port = _free_port()
    config = uvicorn.Config(
        asgi.application, host="127.0.0.1", port=port, lifespan="off", log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="live-process", daemon=True)
    # Each request's and socket's thread closes its connection when done, so none is left
    # open on the test database when it is dropped.
    database = connections.settings[DEFAULT_DB_ALIAS]
    kept = database.get("CONN_MAX_AGE")
    database["CONN_MAX_AGE"] = 0
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        assert server.started, "uvicorn did not start"
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        database["CONN_MAX_AGE"] = kept


def _device_key(context: Any, base: str) -> str:
    cookies = {c["name"]: c["value"] for c in context.cookies(base)}
    request = RequestFactory().get("/")
    request.COOKIES[device.COOKIE_NAME] = cookies[device.COOKIE_NAME]
    key = device.read_device_key(request)
    assert key
    return key


def _two_at_a_table(browser: Any, base: str) -> tuple[list[Any], list[Any], Game]:
    contexts = [browser.new_context(viewport={"width": 390, "height": 800}) for _ in range(2)]
    pages = [c.new_page() for c in contexts]
    for page in pages:
        page.goto(base + "/rooms/")
    keys = [_device_key(c, base) for c in contexts]
    seats = [services.SeatSpec(f"Player {i + 1}", device_key=k) for i, k in enumerate(keys)]
    game = services.create_game("rumbaroo", dict(PARTY), seats, seed=11, online=True)
    return contexts, pages, Game.objects.get(id=game.id)


def _actor(game: Game) -> int:
    engine = engine_for(game.kind)
    return min(engine.to_act(engine.from_json(Game.objects.get(id=game.id).state)))


# WhiteNoise's static files, served through Django's ASGI handler in this test.
@pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume synchronous iterators")
def test_a_move_reaches_the_other_page_over_the_websocket(
    live_process: str, browser: Any, settings: Any
) -> None:
    contexts, pages, game = _two_at_a_table(browser, live_process)
    try:
        actor = _actor(game)
        watcher = pages[1 - actor]
        table = f"{live_process}/rumbaroo/g/{game.id}/"
        polls: list[str] = []
        frames: list[str] = []
        sent: list[str] = []
        watcher.on("request", lambda r: polls.append(r.url) if "/board/?at=" in r.url else None)

        def listen(ws: Any) -> None:  # from the socket's first moment: no frame is missed
            ws.on("framesent", lambda payload: sent.append(str(payload)))
            ws.on("framereceived", lambda payload: frames.append(str(payload)))

        watcher.on("websocket", listen)
        watcher.goto(table)
        deadline = time.monotonic() + 30
        while not sent and time.monotonic() < deadline:  # the page's hello: the socket is open
            watcher.wait_for_timeout(100)
        assert sent and '"hello"' in sent[0], sent
        watcher.evaluate(COUNT_LIVE_SWAPS)
        # The poll the page sent on load, before its socket opened, waits out its time
        # (LIVE_WAIT_SECONDS); those after are held back.
        watcher.wait_for_timeout((settings.LIVE_WAIT_SECONDS + 1) * 1000)
        polls.clear()
        pages[actor].goto(table)
        expect(pages[actor].get_by_test_id("clock")).to_be_visible()
        version = Game.objects.get(id=game.id).version
        pages[actor].get_by_role("button", name="Draw a tile").click()
        expect(watcher.locator(f'#board[data-version="{version + 1}"]')).to_have_count(
            1, timeout=10_000
        )
        assert any(f'"version": {version + 1}' in f for f in frames), frames[:1]
        # The htmx events motion.js and sound.js read came with it (settled 20 ms after).
        watcher.wait_for_function("() => window.liveSwaps >= 1", timeout=5_000)
        watcher.wait_for_timeout(2500)  # the poll ticks every second: all held back
        assert polls == []
        # The board still works after the swap: its forms carry the page's own CSRF token.
        token = watcher.evaluate(
            "JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken']"
        )
        fields = watcher.locator("#board input[name=csrfmiddlewaretoken]")
        assert fields.count() >= 1
        assert all(v == token for v in fields.evaluate_all("fs => fs.map(f => f.value)"))
    finally:
        for context in contexts:
            context.close()


def test_the_poll_carries_the_move_when_the_socket_cannot_open(
    live_server: Any, browser: Any, settings: Any
) -> None:
    """The page names its socket, but this server (WSGI) cannot upgrade: the poll goes on."""
    settings.LIVE_WEBSOCKETS = True
    contexts, pages, game = _two_at_a_table(browser, live_server.url)
    try:
        table = f"{live_server.url}/rumbaroo/g/{game.id}/"
        for page in pages:
            page.goto(table)
            expect(page.locator("#board[data-live]")).to_have_count(1)
        actor = _actor(game)
        version = Game.objects.get(id=game.id).version
        pages[actor].get_by_role("button", name="Draw a tile").click()
        expect(pages[1 - actor].locator(f'#board[data-version="{version + 1}"]')).to_have_count(
            1, timeout=10_000
        )
    finally:
        for context in contexts:
            context.close()
