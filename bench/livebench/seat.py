"""One seat at an online table, acting as its page does.

The page stays open and updates as the real one does: it follows the board's
own poll (``hx-get`` and ``hx-trigger``: one frame per delay for moves it has
not seen, then "load, every 1s" — a poll that waits for news — or "every 1s"
without it). When the page shows this seat a move to make, it makes it 3 s
after it was shown. Every version the seat comes to have is timed, so the
delay from a move's commit to each other seat can be worked out afterwards.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from bench.loadbench.client import Browser, Result, page_version

POLL = re.compile(r'hx-get="([^"]*/board/\?at=(\d+)[^"]*)"[^>]*\s+hx-trigger="([^"]+)"')
# What the live board offers the seat to act, in the order a hurried player picks.
ACTIONS = (
    ("next-round", re.compile(r'hx-post="([^"]*/next-round/)"')),
    ("take", re.compile(r'data-testid="croc-prompt".*?hx-post="([^"]*/take/)"', re.S)),
    ("keep", re.compile(r'data-testid="drawn-prompt".*?hx-post="([^"]*/keep/)"', re.S)),
    ("draw", re.compile(r'hx-post="([^"]*/draw/)"')),
)


@dataclass
class SeatLog:
    """What one seat saw and did."""

    game: str
    seat: int
    had: dict[int, float] = field(default_factory=dict)  # version → wall time first had
    requests: list[tuple[str, int, float]] = field(default_factory=list)  # label, status, s


class Seat:
    def __init__(
        self, port: int, cookie: str, game: str, index: int, end: float, think: float, prefix: str
    ) -> None:
        self.browser = Browser(port, cookie)
        self.table = f"/{prefix}/g/{game}/"
        self.end, self.think = end, think
        self.log = SeatLog(game, index)

    def call(
        self, label: str, method: str, path: str, data: dict | None = None, htmx: bool = True
    ) -> Result:
        result = self.browser.request(method, path, data, htmx=htmx)
        self.log.requests.append((label, result.status, result.seconds))
        return result

    def have(self, upto: int | None) -> None:
        if upto is None:
            return
        now = time.time()
        for version in range(1, upto + 1):
            self.log.had.setdefault(version, now)

    def run(self) -> None:
        page = self.call("table page", "GET", self.table, htmx=False).body
        self.have(page_version(page))
        shown = time.monotonic()
        while time.monotonic() < self.end:
            page, shown = self.step(page, shown)
        self.browser.close()

    def step(self, page: str, shown: float) -> tuple[str, float]:
        action = None if "board-frame" in page else _action(page)
        if action is not None:
            return self.act(page, shown, *action)
        poll = POLL.search(page)
        if poll is None:  # the game ended, or no poll: look again in a second
            time.sleep(1.0)
            got = self.call("table page", "GET", self.table, htmx=False)
            return (got.body or page), time.monotonic()
        url, at, trigger = poll.group(1).replace("&amp;", "&"), int(poll.group(2)), poll.group(3)
        delay = re.search(r"delay:(\d+)ms", trigger)
        if delay:
            time.sleep(int(delay.group(1)) / 1000)
        elif not trigger.startswith("load"):
            time.sleep(1.0)
        started = time.monotonic()
        got = self.call("poll", "GET", url)
        if got.status == 200:
            self.have(at if "board-frame" in got.body else page_version(got.body))
            return got.body, time.monotonic()
        if got.status == 204 and trigger.startswith("load"):
            time.sleep(max(0.0, 1.0 - (time.monotonic() - started)))  # the next "every 1s"
        return page, shown

    def act(self, page: str, shown: float, name: str, url: str) -> tuple[str, float]:
        time.sleep(max(0.0, shown + self.think - time.monotonic()))
        if time.monotonic() >= self.end:
            return page, shown
        got = self.call(name, "POST", url, {"version": page_version(page) or 0})
        if got.status == 200:
            self.have(page_version(got.body))
            return got.body, time.monotonic()
        fresh = self.call("table page", "GET", self.table, htmx=False)
        return (fresh.body or page), time.monotonic()


def _action(page: str) -> tuple[str, str] | None:
    for name, pattern in ACTIONS:
        found = pattern.search(page)
        if found:
            return name, found.group(1)
    return None
