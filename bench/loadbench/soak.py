"""N simulated players for M minutes, each acting as a person does.

A player starts a game (the catalogue's first) against 1–3 computers, draws 2–5 s after its
turn is shown, follows the page's own poll while the computers play (one frame
per delay, "every 1s" while waiting), presses Next round between rounds and
starts a new game when one ends. Players are threads (they mostly wait), spread
over a few processes; every request's latency and status is kept.
"""

from __future__ import annotations

import multiprocessing as mp
import random
import threading
import time
from typing import Any

from bench.loadbench import game
from bench.loadbench.client import Browser, Result, next_poll

SETUP = f"{game.PREFIX}/new/"


class Player:
    def __init__(self, port: int, cookie: str, end: float, rng: random.Random) -> None:
        self.browser, self.end, self.rng = Browser(port, cookie), end, rng
        self.records: list[tuple[float, int, str]] = []
        self.games: set[str] = set()
        self.table = ""

    def call(
        self, label: str, method: str, path: str, data: dict | None = None, htmx: bool = True
    ) -> Result:
        result = self.browser.request(method, path, data, htmx=htmx)
        self.records.append((result.seconds, result.status, label))
        return result

    def wait(self, seconds: float) -> bool:
        """Sleep unless the soak ends first; False once it is over."""
        left = self.end - time.monotonic()
        time.sleep(max(0.0, min(seconds, left)))
        return time.monotonic() < self.end

    def new_game(self) -> str:
        data = {"level": "easy", "opponents": self.rng.randint(1, 3), "meld_rule": "standard"}
        created = self.call("new game", "POST", SETUP, data, htmx=False)
        if created.status != 302:
            return ""
        self.table = created.location
        self.games.add(self.table.rstrip("/").split("/")[-1])
        return self.call("table page", "GET", self.table, htmx=False).body

    def play(self) -> None:
        page = self.new_game()
        while time.monotonic() < self.end:
            page = self.act(page)

    def act(self, page: str) -> str:
        poll = next_poll(page)
        if poll is not None:
            at, delay = poll
            if not self.wait(delay):
                return page
            got = self.call("poll", "GET", f"{self.table}board/?at={at}")
            return page if got.status == 204 else got.body
        if "/draw/" in page or "/next-round/" in page:
            if not self.wait(self.rng.uniform(2.0, 5.0)):
                return page
            name = "draw" if "/draw/" in page else "next-round"
            version = _version(page)
            got = self.call(name, "POST", f"{self.table}{name}/", {"version": version})
            return got.body if got.status < 500 else page
        if "Play again" in page:
            return self.new_game() or page
        if not self.wait(1.0):
            return page
        return self.call("table page", "GET", self.table, htmx=False).body or page


def _version(page: str) -> int:
    from bench.loadbench.client import page_version

    return page_version(page) or 0


def _process(port: int, cookies: list[str], seconds: float, seed: int, out: Any) -> None:
    end = time.monotonic() + seconds
    rng = random.Random(seed)
    players = [Player(port, c, end, random.Random(rng.random())) for c in cookies]
    threads = []
    for player in players:
        thread = threading.Thread(target=player.play, daemon=True)
        thread.start()
        threads.append(thread)
        time.sleep(rng.uniform(0, 2.0 / max(1, len(cookies))))  # arrive over a few seconds
    for thread in threads:
        thread.join(timeout=seconds + 90)
    records = [r for p in players for r in p.records]
    games = sorted({g for p in players for g in p.games})
    out.put((records, games))


def run(port: int, cookies: list[str], minutes: float, processes: int = 4) -> tuple[list, list]:
    """Every request (latency, status, label) and every game the players started."""
    ctx = mp.get_context("fork")
    out = ctx.Queue()
    shares = [cookies[i::processes] for i in range(processes)]
    procs = [
        ctx.Process(target=_process, args=(port, share, minutes * 60, i, out))
        for i, share in enumerate(shares)
        if share
    ]
    for proc in procs:
        proc.start()
    records, games = [], []
    for _ in procs:
        got_records, got_games = out.get(timeout=minutes * 60 + 180)
        records += got_records
        games += got_games
    for proc in procs:
        proc.join(timeout=10)
    return records, games
