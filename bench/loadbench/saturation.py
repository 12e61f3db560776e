"""Each endpoint at saturation: C closed-loop clients as fast as the server answers.

Client processes fork from the command (no Django in them: plain HTTP), each with
games of its own so moves never conflict. Every request's status and latency is
kept; the rate is completed requests over the measured seconds.
"""

from __future__ import annotations

import multiprocessing as mp
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.loadbench import game
from bench.loadbench.client import Browser, Result

PREFIX = f"{game.PREFIX}/g"
ROUND_OVER = 'data-testid="round-panel"'  # the board after a move that ended the round


@dataclass
class ClientPlan:
    """What one client process does: its browsers (device cookies) and its games."""

    port: int
    cookies: list[str]
    games: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class PhaseResult:
    name: str
    seconds: float
    latencies: list[float]
    statuses: dict[int, int]

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        if len(self.latencies) < 2:
            return self.latencies[0] if self.latencies else 0.0
        return statistics.quantiles(self.latencies, n=100, method="inclusive")[int(q) - 1]


class Endpoint:
    """One client's loop over one endpoint; ``step`` makes one timed request (or cycle)."""

    def __init__(self, plan: ClientPlan) -> None:
        self.plan = plan
        self.browsers = [Browser(plan.port, c) for c in plan.cookies]
        self.game_index = 0

    @property
    def game(self) -> dict[str, Any]:
        return self.plan.games[self.game_index % len(self.plan.games)]

    def next_game(self) -> None:
        self.game_index += 1

    def step(self) -> Result:
        raise NotImplementedError


class Bare(Endpoint):
    def step(self) -> Result:
        return self.browsers[0].request("GET", "/health/live/", htmx=False)


class Table(Endpoint):
    def step(self) -> Result:
        return self.browsers[0].request("GET", f"{PREFIX}/{self.game['id']}/", htmx=False)


class Poll(Endpoint):
    def step(self) -> Result:
        g = self.game
        return self.browsers[0].request("GET", f"{PREFIX}/{g['id']}/board/?at={g['version'] + 1}")


class Draft(Endpoint):
    """Tap a rack tile onto a new set, then Reset: both are draft actions."""

    placed = False

    def step(self) -> Result:
        g, self.placed = self.game, not self.placed
        if self.placed:
            data = {"version": g["version"], "tile": g["tile"], "to": "new"}
            return self.browsers[0].request("POST", f"{PREFIX}/{g['id']}/move/", data)
        return self.browsers[0].request(
            "POST", f"{PREFIX}/{g['id']}/reset/", {"version": g["version"]}
        )


class Move(Endpoint):
    """Two people at one table (two browsers) draw in turn: a move with no computer reply."""

    def step(self) -> Result:
        g = self.game
        browser = self.browsers[g["turn"]]
        result = browser.request("POST", f"{PREFIX}/{g['id']}/draw/", {"version": g["version"]})
        if result.status == 200:
            g["version"] += 1
            g["turn"] = 1 - g["turn"]
        else:
            self.next_game()  # the round ran out of tiles: on to a fresh game
        return result


class MoveWithReply(Endpoint):
    """A draw, then the page's probe until the computer's reply has landed: one cycle."""

    def step(self) -> Result:
        g, browser = self.game, self.browsers[0]
        started = time.perf_counter()
        result = browser.request("POST", f"{PREFIX}/{g['id']}/draw/", {"version": g["version"]})
        if result.status != 200 or ROUND_OVER in result.body:
            self.next_game()  # refused, or the draw ended the round: no reply is coming
            return result
        target = g["version"] + 2
        probe = Result(204, "", 0.0)
        deadline = time.monotonic() + 30
        while probe.status == 204 and time.monotonic() < deadline:
            time.sleep(0.01)
            probe = browser.request("GET", f"{PREFIX}/{g['id']}/board/?at={target}")
        g["version"] = target
        status = probe.status if probe.status != 204 else 598  # 598: the reply never came
        return Result(status, "", time.perf_counter() - started)


ENDPOINTS: dict[str, type[Endpoint]] = {
    "bare view": Bare,
    "table page": Table,
    "poll (nothing new)": Poll,
    "draft action": Draft,
    "move": Move,
    "move + computer reply": MoveWithReply,
}


def _client(kind: str, plan: ClientPlan, warmup: float, seconds: float, out: Any) -> None:
    endpoint = ENDPOINTS[kind](plan)
    end_warmup = time.monotonic() + warmup
    while time.monotonic() < end_warmup:
        endpoint.step()
    latencies, statuses = [], {}
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        result = endpoint.step()
        latencies.append(result.seconds)
        statuses[result.status] = statuses.get(result.status, 0) + 1
    out.put((latencies, statuses))


def run_phase(kind: str, plans: list[ClientPlan], warmup: float, seconds: float) -> PhaseResult:
    """Run ``kind`` with one process per plan; bounded by ``warmup + seconds`` (+ one request)."""
    ctx = mp.get_context("fork")
    out = ctx.Queue()
    procs = [ctx.Process(target=_client, args=(kind, p, warmup, seconds, out)) for p in plans]
    for proc in procs:
        proc.start()
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    for _ in procs:
        lat, st = out.get(timeout=warmup + seconds + 120)
        latencies += lat
        for status, n in st.items():
            statuses[status] = statuses.get(status, 0) + n
    for proc in procs:
        proc.join(timeout=10)
    return PhaseResult(kind, seconds, latencies, statuses)


Prepare = Callable[[str, int], list[ClientPlan]]
