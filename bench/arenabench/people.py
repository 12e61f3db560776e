"""Simulated people in an Arena: each a signed-in session doing what a person does on the pages.

One asyncio task per person (aiohttp, one keep-alive pool for everyone; a person is a
session cookie, a device cookie and a CSRF cookie, and never has more than one request
in flight, as a page with one poll):

- arrives at a moment within ``arrive`` seconds, opens the tournament's page and presses
  Join (the form's POST), then stays on the page: its live poll (``live/?v=N&wait=1``,
  htmx ``every 1s``) until it answers with a client redirect (``HX-Redirect``) to a table;
- at the table, follows the board's own poll (one frame per delay, then ``load, every 1s``
  waiting for news) and, when the page offers its seat a turn, moves ``think`` seconds
  after the turn shows: the move the game's computer player (its easiest level, the
  catalogue's first) chooses. A game whose benchmark module has a page adapter
  (``bench.arenabench.board.Pages``) has it chosen from the seat's view as the page shows
  it and made with the page's forms; any other has it chosen from the seat's view in the
  database and made through ``games.services`` in this process (then the page is loaded
  again), so its moves cost the server nothing but that page;
- at Game over, either stays on that page, whose ``event-next`` poll (every 2 s) sends it
  on to its next table, or (``back`` of the time) presses "Back to the tournament" and is
  sent on by the tournament page's poll;
- stops when the tournament is over (the polls stop: ``286``, or the page stops asking)
  or at the hard ``deadline``.

What each person saw is kept (``Person``): every table and when the page learnt of it,
when each game's Game over showed, every request's label, status and time.
"""

from __future__ import annotations

import asyncio
import random
import re
import secrets
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import aiohttp
from asgiref.sync import sync_to_async

from bench.arenabench import board as pages
from games import catalogue
from games.bots.registry import choose_for

CSRF = secrets.token_hex(16)
STOP_POLLING = 286  # htmx: stop polling
LIVE = re.compile(r'hx-get="([^"]*/live/)\?v=(\d+)[^"]*"')
CLICK_GAP = 0.4  # seconds between the clicks of one move (a meld's tiles, a prompt)


@dataclass
class Person:
    """What one person did and saw."""

    index: int
    user_id: int
    joined: float = 0.0  # time.time() of the Join press
    tables: list[tuple[str, float, str]] = field(default_factory=list)  # game, told at, how
    overs: dict[str, float] = field(default_factory=dict)  # game → its Game over shown
    requests: list[tuple[str, int, float]] = field(default_factory=list)  # label, status, s
    moves: int = 0
    fallbacks: Counter[str] = field(default_factory=Counter)  # drew (or the like) instead: why
    refused: Counter[str] = field(default_factory=Counter)  # moves the server refused, by click
    client_doubles: int = 0  # told of a new table while its page still showed a game on
    errors: Counter[str] = field(default_factory=Counter)
    finished: bool = False  # saw the tournament stop


@dataclass
class Plan:
    base: str  # http://127.0.0.1:PORT
    tournament: int
    start: float  # time.time() the first person may arrive
    arrive: float  # arrivals spread over this many seconds
    deadline: float  # time.time(): everyone stops by then
    think: tuple[float, float]  # seconds before a move, uniform
    back: float  # share of Game overs after which the person goes back to the tournament page
    kind: str  # the game (a catalogue kind)
    options: dict[str, Any]  # the tournament's, every table's
    seed: int


class Browser:
    """One person's requests: their cookies on the shared pool, one at a time."""

    def __init__(self, http: aiohttp.ClientSession, base: str, person: Person, cookies: str):
        self.http, self.base, self.person = http, base, person
        self.cookie = f"{cookies}; csrftoken={CSRF}"

    async def call(
        self, label: str, method: str, path: str, data: dict[str, str] | None = None,
        htmx: bool = True,
    ) -> tuple[int, dict[str, str], str]:  # fmt: skip
        headers = {"Cookie": self.cookie, "Accept-Language": "en"}
        if htmx:
            headers["HX-Request"] = "true"
        body = None
        if method == "POST":
            body = urlencode(data or {})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = CSRF
        started = time.monotonic()
        for attempt in (1, 2):  # a keep-alive connection the server closed: once more
            try:
                async with self.http.request(
                    method, self.base + path, data=body, headers=headers, allow_redirects=False
                ) as response:
                    text = await response.text()
                    found = {k.lower(): v for k, v in response.headers.items()}
                    self.person.requests.append(
                        (label, response.status, time.monotonic() - started)
                    )
                    return response.status, found, text
            except (aiohttp.ClientError, TimeoutError) as exc:
                if attempt == 2:
                    self.person.errors[type(exc).__name__] += 1
                    self.person.requests.append((label, 599, time.monotonic() - started))
        return 599, {}, ""


class Simulated:
    """One person's visit, from arriving to the tournament's end."""

    def __init__(
        self, person: Person, browser: Browser, plan: Plan, forms: pages.Pages | None
    ) -> None:
        self.person, self.browser, self.plan, self.forms = person, browser, plan, forms
        self.rng = random.Random(plan.seed * 1000 + person.index)
        self.bot = choose_for(plan.kind)
        self.level = catalogue.get(plan.kind).levels[0].key  # plainly played: the easiest
        self.event = f"/tournaments/{plan.tournament}/"
        self.table = ""
        self.refused_at = -1  # the version at which the server last refused this seat's move

    def over(self) -> bool:
        return time.time() >= self.plan.deadline

    async def nap(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, min(seconds, self.plan.deadline - time.time())))

    async def run(self) -> None:
        await self.nap(self.plan.start + self.rng.uniform(0, self.plan.arrive) - time.time())
        call = self.browser.call
        await call("tournament page", "GET", self.event, htmx=False)
        self.person.joined = time.time()
        status, headers, _ = await call("join", "POST", f"{self.event}join/", {}, htmx=False)
        if status != 302:
            self.person.errors[f"join answered {status}"] += 1
            return
        _, _, page = await call("tournament page", "GET", headers.get("location", self.event),
                                htmx=False)  # fmt: skip
        table = await self.on_event(page)
        while table is not None and not self.over():
            url, how = table
            self.told(url, how)
            ended = await self.at_table(url)
            if ended is None:
                break
            table = await self.after_game(ended)
        self.person.finished = not self.over()

    def told(self, url: str, how: str) -> None:
        game = url.rstrip("/").rsplit("/", 1)[-1]
        tables = self.person.tables
        if tables and tables[-1][0] not in self.person.overs:
            self.person.client_doubles += 1  # a new table while its page showed a game going on
        tables.append((game, time.time(), how))

    # --- the tournament page and the Game over ------------------------------------------

    async def on_event(self, page: str) -> tuple[str, str] | None:
        """The tournament page's poll until it sends the person to a table (or stops)."""
        while not self.over():
            found = LIVE.search(page)
            if found is None:
                return None  # the page stopped asking: the tournament is over
            url, version = found.group(1), found.group(2)
            started = time.monotonic()
            status, headers, body = await self.browser.call(
                "tournament poll", "GET", f"{url}?v={version}&wait=1"
            )
            if headers.get("hx-redirect"):
                return headers["hx-redirect"], "tournament page"
            if status == STOP_POLLING:
                return None
            if status == 200:
                page = body
                await self.nap(1.0)  # the swapped poll's first "every 1s"
            else:
                await self.nap(1.0 - (time.monotonic() - started) % 1.0)  # the next tick
        return None

    async def after_game(self, ended: pages.Board) -> tuple[str, str] | None:
        """At Game over: stay (the page follows the event) or go back to the tournament."""
        if ended.back_url and self.rng.random() < self.plan.back:
            _, _, page = await self.browser.call("tournament page", "GET", ended.back_url,
                                                 htmx=False)  # fmt: skip
            return await self.on_event(page)
        if not ended.follow_url:
            return None
        while not self.over():
            await self.nap(2.0)  # hx-trigger="every 2s"
            status, headers, _ = await self.browser.call("game over poll", "GET", ended.follow_url)
            if headers.get("hx-redirect"):
                return headers["hx-redirect"], "game over"
            if status == STOP_POLLING:
                return None
        return None

    # --- at the table -------------------------------------------------------------------

    async def at_table(self, url: str) -> pages.Board | None:
        """Follow the table's page and play this seat's turns until Game over."""
        call = self.browser.call
        self.table = url
        _, _, page = await call("table page", "GET", url, htmx=False)
        shown = time.monotonic()
        while not self.over():
            seen = pages.read(page)
            if seen is not None and seen.game_over and "board-frame" not in page:
                game = url.rstrip("/").rsplit("/", 1)[-1]
                self.person.overs.setdefault(game, time.time())
                return seen
            if seen is not None and seen.mine:
                page = await self.move(seen, page, shown)
                shown = time.monotonic()
                continue
            poll = pages.poll_of(page)
            if poll is None:  # nothing to ask: look again in a second
                await self.nap(1.0)
                _, _, page = await call("table page", "GET", url, htmx=False)
                shown = time.monotonic()
                continue
            poll_url, _at, trigger = poll
            delay = re.search(r"delay:(\d+)ms", trigger)
            if delay:
                await self.nap(int(delay.group(1)) / 1000)
            elif not trigger.startswith("load"):
                await self.nap(1.0)
            started = time.monotonic()
            status, _, body = await call("board poll", "GET", poll_url)
            if status == 200:
                page, shown = body, time.monotonic()
            elif status == 204:
                if trigger.startswith("load"):
                    await self.nap(1.0 - (time.monotonic() - started))  # the next "every 1s"
            else:
                await self.nap(1.0)
                _, _, page = await call("table page", "GET", url, htmx=False)
                shown = time.monotonic()
        return None

    async def move(self, seen: pages.Board, page: str, shown: float) -> str:
        """Think, then make the computer player's choice: with the page's forms when the
        game's page adapter says how, else through the game's services."""
        low, high = self.plan.think
        if seen.round_over:
            low, high = low / 2, high / 2  # Next round: a glance at the scores
        await self.nap(shown + self.rng.uniform(low, high) - time.monotonic())
        if self.over():
            return page
        if self.forms is None:
            return await self.move_served(seen, page)
        board = self.forms.read(page)
        if board is None:
            return page
        undo = self.forms.undo(board)
        if undo is not None:  # a half-built move left over: start the turn again
            _, page = await self.click(undo, page)
            board = self.forms.read(page) or board
            seen = pages.read(page) or seen
        action = self.bot(self.forms.view(board), self.level)
        steps = self.forms.clicks(action, board) if action else None
        if steps is None or seen.version == self.refused_at:
            # The page can't make the computer's move (or the server just refused it at
            # this version): what a stuck person does, draw (keep, take, deal on).
            why = "refused before" if steps else f"page can't make {action and action['type']}"
            self.person.fallbacks[why] += 1
            steps = [self.forms.stuck(board)]
            action = {}
        for i, step in enumerate(steps):
            if i:
                await self.nap(CLICK_GAP)
            ok, page = await self.click(step, page, action)
            if not ok:
                self.refused_at = seen.version
                return page
        self.person.moves += 1
        return page

    async def move_served(self, seen: pages.Board, page: str) -> str:
        """The computer player's choice for this seat, from its view in the database, made
        through ``games.services`` at the version the page showed; then the page again."""
        game = self.table.rstrip("/").rsplit("/", 1)[-1]
        refused, fallback = await sync_to_async(served_move)(
            game, self.person.user_id, seen.version, self.level
        )
        if fallback:
            self.person.fallbacks[fallback] += 1
        if refused:
            self.person.refused[refused] += 1
            self.refused_at = seen.version
        else:
            self.person.moves += 1
        _, _, body = await self.browser.call("table page", "GET", self.table, htmx=False)
        return body or page

    async def click(
        self, step: pages.Click, page: str, action: dict[str, Any] | None = None
    ) -> tuple[bool, str]:
        """Submit one form: whether it was taken, and the board the page shows now."""
        version = pages.version_of(page) or 0
        data = {**step.data, "version": str(version)}
        status, _, body = await self.browser.call(
            step.name, "POST", f"{self.table}{step.name}/", data
        )
        for _ in range(3):  # a move that asks a question: the prompt's answer
            if status != 200 or action is None or self.forms is None:
                break
            follow = self.forms.answer(action, step, body)
            if follow is None:
                break
            await self.nap(CLICK_GAP)
            data = {**follow.data, "version": str(version)}
            status, _, body = await self.browser.call(
                "prompt", "POST", f"{self.table}{follow.name}/", data
            )
        if status == 200:
            return True, body
        self.person.refused[step.name] += 1
        if pages.version_of(body) is None:  # not a board: load the table again
            _, _, body = await self.browser.call("table page", "GET", self.table, htmx=False)
        return False, body


def served_move(game_id: str, user_id: int, version: int, level: str) -> tuple[str, str]:
    """Play the person's seat through ``games.services``: the computer player's choice from
    the seat's view (its timeout action if it has none). Answers (the refusal, the
    fallback taken): each empty when there was none."""
    from games import services
    from games.engine.registry import engine_for
    from games.models import Game

    game = Game.objects.get(pk=game_id)
    seat = game.seats.get(user_id=user_id).index
    engine = engine_for(game.kind)
    state = engine.from_json(game.state)
    if seat not in engine.to_act(state):
        return "not to act", ""
    action = choose_for(game.kind)(engine.view(state, seat), level)
    fallback = "" if action else "no choice: timeout action"
    try:
        services.play(game.id, seat, action or engine.TIMEOUT_ACTION, version)
    except services.ServiceError as exc:
        return type(exc).__name__, fallback
    return "", fallback


async def crowd(plan: Plan, people: list[tuple[Person, str]]) -> None:
    """Everyone's visit at once on one keep-alive pool; returns when all have stopped."""
    adapter = pages.pages_for(plan.kind)
    forms = adapter(plan.options) if adapter is not None else None
    connector = aiohttp.TCPConnector(limit=0, keepalive_timeout=4.0)  # under gunicorn's 5 s
    timeout = aiohttp.ClientTimeout(total=90)
    async with aiohttp.ClientSession(
        connector=connector, timeout=timeout, cookie_jar=aiohttp.DummyCookieJar()
    ) as http:
        visits = [
            Simulated(person, Browser(http, plan.base, person, cookies), plan, forms)
            for person, cookies in people
        ]
        results = await asyncio.gather(*(v.run() for v in visits), return_exceptions=True)
    for (person, _), result in zip(people, results, strict=True):
        if isinstance(result, BaseException):
            person.errors[f"crashed: {type(result).__name__}: {result}"] += 1
