"""Seats over the live process's websockets: one process, one event loop, a few KB a seat.

Each seat opens its table page once (the page gives the version, the stamp and the
socket's path), opens the websocket as static/js/live.js does (``hello`` with the version
it shows), and from then on learns of every move from the boards the live process
forwards. When a board offers this seat a move, it makes it ``think`` seconds after it
was shown, by the same POST the page sends. Every version is timed when the seat first
has it, as the polling seats do (bench/livebench/seat.py), so both transports are
measured alike. ``idle`` connections open the person's own socket (``/live/me/``) and
only listen: the live process's memory per open connection.

The threads of the polling generator cost about 1.5 cores for 400 seats; here a seat is
one coroutine and two sockets (HTTP kept alive only while it acts), so the machine's cores
go to the server being measured (the command prints the generator's CPU beside it).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any
from urllib.parse import urlencode

import aiohttp

from bench.livebench.seat import SeatLog, _action
from bench.loadbench.client import CSRF, page_version
from notifications.templatetags.my_turn import PERSON_SOCKET

LIVE = re.compile(r'data-live="([^"]+)"')
STAMP = re.compile(r'data-stamp="(\d+)"')
CONNECT_SPREAD = 0.004  # s between two seats' first requests: no thundering herd at the start
IDLE_STALL = 20.0  # s with no more listeners opening: the rest are not coming


class SocketSeat:
    """One seat's page with its websocket open."""

    def __init__(self, opts: dict[str, Any], cookie: str, game: str, index: int) -> None:
        self.opts = opts
        self.cookies = f"rummy_device={cookie}; csrftoken={CSRF}"
        self.table = f"/{opts['prefix']}/g/{game}/"
        self.log = SeatLog(game, index)
        self.page = ""
        self.shown = 0.0
        self.acting: asyncio.Task[None] | None = None

    def have(self, upto: int | None) -> None:
        if upto is None:
            return
        now = time.time()
        for version in range(1, upto + 1):
            self.log.had.setdefault(version, now)

    async def http(
        self, session: aiohttp.ClientSession, label: str, method: str, path: str, data: Any = None
    ) -> tuple[int, str]:
        headers = {"Cookie": self.cookies, "HX-Request": "true"}
        body = None
        if method == "POST":
            headers |= {"X-CSRFToken": CSRF, "Content-Type": "application/x-www-form-urlencoded"}
            body = urlencode(data or {})
        url = f"http://127.0.0.1:{self.opts['port']}{path}"
        started = time.perf_counter()
        try:
            async with session.request(method, url, data=body, headers=headers) as answer:
                text, status = await answer.text(), answer.status
        except (aiohttp.ClientError, TimeoutError):
            text, status = "", 599
        self.log.requests.append((label, status, time.perf_counter() - started))
        return status, text

    async def run(self, session: aiohttp.ClientSession, end: float) -> None:
        status, page = await self.http(session, "table page", "GET", self.table)
        live = LIVE.search(page)
        if status != 200 or live is None:
            self.log.requests.append(("no socket", status, 0.0))
            return
        self.show(page)
        url = f"ws://127.0.0.1:{self.opts['live_port']}{live.group(1)}"
        origin = f"http://127.0.0.1:{self.opts['port']}"
        try:
            async with session.ws_connect(
                url, headers={"Cookie": self.cookies, "Origin": origin}, heartbeat=None
            ) as ws:
                await ws.send_str(json.dumps(self.hello()))
                await self.listen(session, ws, end)
        except (aiohttp.ClientError, TimeoutError):
            self.log.requests.append(("socket refused", 599, 0.0))
        if self.acting is not None:
            self.acting.cancel()

    def hello(self) -> dict[str, Any]:
        stamp = STAMP.search(self.page)
        return {
            "type": "hello",
            "version": page_version(self.page),
            "stamp": int(stamp.group(1)) if stamp else None,
        }

    async def listen(
        self, session: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse, end: float
    ) -> None:
        while (left := end - time.monotonic()) > 0:
            try:
                message = await ws.receive(timeout=left)
            except TimeoutError:
                return
            if message.type != aiohttp.WSMsgType.TEXT:
                self.log.requests.append(("socket closed", ws.close_code or 0, 0.0))
                return
            board = json.loads(message.data)
            if board.get("type") == "board" and isinstance(board.get("html"), str):
                self.log.requests.append(("board", 200, 0.0))
                self.show(board["html"])
                self.maybe_act(session, end)

    def show(self, html: str) -> None:
        version = page_version(html)
        known = page_version(self.page) if self.page else None
        if version is None or (known is not None and version < known):
            return
        self.have(version)
        self.page, self.shown = html, time.monotonic()

    def maybe_act(self, session: aiohttp.ClientSession, end: float) -> None:
        if self.acting is not None and not self.acting.done():
            return
        action = None if "board-frame" in self.page else _action(self.page)
        if action is not None:
            self.acting = asyncio.create_task(self.act(session, end, *action))

    async def act(self, session: aiohttp.ClientSession, end: float, name: str, url: str) -> None:
        await asyncio.sleep(max(0.0, self.shown + self.opts["think"] - time.monotonic()))
        if time.monotonic() >= end:
            return
        status, body = await self.http(
            session, name, "POST", url, {"version": page_version(self.page) or 0}
        )
        if status != 200:
            status, body = await self.http(session, "table page", "GET", self.table)
        self.acting = None  # this move is made: the answer (or a board that came before it)
        if status == 200:  # may offer the seat its next one, as on the page
            self.show(body)
        self.maybe_act(session, end)


async def _idle(
    session: aiohttp.ClientSession, url: str, cookies: str, origin: str, opened: list[int]
) -> None:
    """One listening connection, held until cancelled (``opened[0]`` counts those open)."""
    try:
        async with session.ws_connect(
            url, headers={"Cookie": cookies, "Origin": origin}, heartbeat=None
        ) as ws:
            opened[0] += 1
            try:
                while (await ws.receive()).type == aiohttp.WSMsgType.TEXT:
                    pass
            finally:
                opened[0] -= 1
    except (aiohttp.ClientError, TimeoutError):
        return


async def _main(
    seats: list[tuple[str, str, int]], opts: dict[str, Any], idle: int, on_idle: Any
) -> list[SeatLog]:
    end = time.monotonic() + opts["seconds"]
    connector = aiohttp.TCPConnector(limit=0, force_close=False)
    jar = aiohttp.DummyCookieJar()  # each request carries its own seat's cookies
    async with aiohttp.ClientSession(connector=connector, cookie_jar=jar) as session:
        players = [SocketSeat(opts, *seat) for seat in seats]
        tasks = []
        spread = opts["arrive"] / len(players) if opts.get("arrive") and players else 0.0
        for player in players:
            tasks.append(asyncio.create_task(player.run(session, end)))
            await asyncio.sleep(max(spread, CONNECT_SPREAD))
        opened = [0]
        listeners = await _open_idle(session, players, opts, idle, opened, on_idle)
        if listeners and on_idle is not None:
            on_idle(opened[0])
        await asyncio.gather(*tasks, return_exceptions=True)
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
    return [p.log for p in players]


async def _open_idle(
    session: aiohttp.ClientSession,
    players: list[SocketSeat],
    opts: dict[str, Any],
    idle: int,
    opened: list[int],
    on_idle: Any = None,
) -> list[asyncio.Task[None]]:
    """``idle`` more connections, each an open page's own socket (``/live/me/``) with a
    seat's cookies: open, admitted and beating like any other, but hearing nothing while
    the run lasts (the seats' tables are dealt before it starts), so the live process's
    memory is what open connections hold, not boards queued for them."""
    if not idle or not players:
        return []
    await asyncio.sleep(5.0)  # the seats have their pages (and so their cookies are known)
    if on_idle is not None:
        on_idle(0)  # the live process's memory before: what each connection adds is the rest
    origin = f"http://127.0.0.1:{opts['port']}"
    url = f"ws://127.0.0.1:{opts['live_port']}{PERSON_SOCKET}"
    tasks = []
    for i in range(idle):
        player = players[i % len(players)]
        tasks.append(asyncio.create_task(_idle(session, url, player.cookies, origin, opened)))
        if i % 100 == 99:
            await asyncio.sleep(0.2)  # a hundred at a time: the accept queue keeps up
    await _all_open(tasks, opened)
    return tasks


async def _all_open(tasks: list[asyncio.Task[None]], opened: list[int]) -> None:
    """Until every listener is open (or gave up), or nothing opened for ``IDLE_STALL`` s:
    the memory is read with the connections open, not while they are still being let in
    (a connection waiting for its handshake holds memory too, and counts as none)."""
    last, still = -1, time.monotonic()
    while opened[0] + sum(t.done() for t in tasks) < len(tasks):
        if opened[0] != last:
            last, still = opened[0], time.monotonic()
        elif time.monotonic() - still > IDLE_STALL:
            return
        await asyncio.sleep(0.5)
    await asyncio.sleep(2.0)  # the last ones' beats and registrations settle


def run(
    seats: list[tuple[str, str, int]], opts: dict[str, Any], idle: int = 0, on_idle: Any = None
) -> list[SeatLog]:
    """Every seat's log, from one event loop; ``on_idle(0)`` runs just before the extra
    ``idle`` connections open and ``on_idle(count)`` once they are open (the command
    reads the live process's memory then: ``count`` says how many are open)."""
    return asyncio.run(_main(seats, opts, idle, on_idle))
