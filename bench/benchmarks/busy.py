"""Is a computer's move the same on a busy machine as on an idle one?

A player meets the computers when the server is busiest, so a level must
not think less when other processes take the CPU. This harness checks it
for every catalogue game and level, on seeded positions:

* ``positions`` plays seeded bot games (the catalogue's short setups, every
  seat at the level, the catalogue's fixed bot options so the positions are
  the same on any machine) and keeps views of the seat to act spread over
  each game (``PER_GAME`` of them);
* ``decide`` asks the game's bot for each view with its default options (what
  the site's computers use), timing wall and CPU time;
* ``busy`` runs N processes spinning on the CPU beside the caller, stopped on
  leaving (and each one stops itself after ``cap_s`` whatever happens);
* ``compare`` decides every position idle, then again under load, and counts
  the positions whose move is the same (the target is all of them).

Pure functions and a plain text ``report``: no database, nothing Django.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.benchmarks import per_game
from games import catalogue
from games.engine.base import IllegalAction

FIRST_SEED = 30_000
PER_GAME = 10  # positions kept from one seeded game
MAX_ACTIONS = 20_000
ROOT = Path(__file__).resolve().parents[2]  # where ``games`` imports from
CAP_S = 600.0  # a busy process never outlives this, even if its parent dies
View = dict[str, Any]
Chooser = Callable[[View, str], Any]


# --- busy processes -------------------------------------------------------------------


def _spin(stop: Any, cap_s: float) -> None:
    """Burn CPU until told to stop or ``cap_s`` has passed (the hard cap)."""
    deadline = time.monotonic() + cap_s
    x = 0
    while not stop.is_set() and time.monotonic() < deadline:
        for _ in range(20_000):
            x = (x * 1_103_515_245 + 12_345) & 0xFFFFFFFF


@contextmanager
def busy(n: int, cap_s: float = CAP_S) -> Iterator[list[Any]]:
    """``n`` spinning processes for the duration of the ``with`` block.

    Spawned rather than forked: the caller may be a threaded server or test
    runner, where forking is unsafe. They are stopped in a ``finally`` and
    terminated if they do not stop within a second.
    """
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    workers = [context.Process(target=_spin, args=(stop, cap_s), daemon=True) for _ in range(n)]
    try:
        for worker in workers:
            worker.start()
        _wait_spinning(workers)
        yield workers
    finally:
        stop.set()
        for worker in workers:
            if worker.pid is None:
                continue
            worker.join(timeout=1.0)
            if worker.is_alive():
                worker.terminate()
                worker.join(timeout=1.0)


def _wait_spinning(workers: Sequence[Any], settle_s: float = 0.5) -> None:
    """Give spawned workers time to start spinning; a worker that died is an error,
    or the "loaded" figures would silently be idle ones."""
    if not workers:
        return
    time.sleep(settle_s)
    dead = [w.exitcode for w in workers if not w.is_alive()]
    if dead:
        raise RuntimeError(f"{len(dead)} busy processes stopped at once (exit codes {dead})")


# --- positions and decisions ---------------------------------------------------------


def positions(entry: catalogue.GameEntry, level: str, count: int) -> list[View]:
    """``count`` views of the seat to act, from seeded games where every seat plays ``level``.

    At most ``PER_GAME`` a game, spread evenly over it, so the positions cover
    openings, middles and ends rather than the first moves of one game.
    """
    engine = catalogue.load(entry.engine)
    bot = catalogue.load(entry.bot).choose_action
    configs = [dict(c) for c in entry.contract_configs] or [{}]
    found: list[View] = []
    seed = FIRST_SEED
    while len(found) < count:
        views = _playout(engine, bot, entry, configs[seed % len(configs)], level, seed)
        found += _spread(views, min(PER_GAME, count - len(found)))
        seed += 1
    return found


def _spread(views: list[View], k: int) -> list[View]:
    """``k`` of ``views``, evenly spaced from the first to the last."""
    if len(views) <= k:
        return views
    step = len(views) / k
    return [views[int(i * step + step / 2)] for i in range(k)]


def _playout(
    engine: Any, bot: Any, entry: catalogue.GameEntry, config: dict, level: str, seed: int
) -> list[View]:
    """Every decision's view in one seeded game (the seat to act, as the site asks it)."""
    state = engine.new_game(config, seed)
    kept: list[View] = []
    for _ in range(MAX_ACTIONS):
        outcome = engine.result(state)
        if outcome is not None and outcome.game_over:
            break
        seat = min(engine.to_act(state))
        view = engine.view(state, seat)
        kept.append(view)
        action = bot(view, level, **entry.contract_bot_options) or engine.TIMEOUT_ACTION
        try:
            state, _ = engine.apply(state, seat, action)
        except IllegalAction:
            state, _ = engine.apply(state, seat, engine.TIMEOUT_ACTION)
    return kept


@dataclass(frozen=True)
class Decision:
    """A move and what it cost: wall time (what the player waits) and CPU time (the work)."""

    action: Any
    wall_s: float
    cpu_s: float


def decide(choose: Chooser, views: Sequence[View], level: str) -> list[Decision]:
    """The bot's move for every view, with its wall and CPU (this thread's) time."""
    made = []
    for view in views:
        wall, cpu = time.perf_counter(), time.thread_time()
        action = choose(view, level)
        made.append(Decision(action, time.perf_counter() - wall, time.thread_time() - cpu))
    return made


def percentiles_ms(seconds: Sequence[float]) -> dict[str, float]:
    """Median, p95 and p99 in ms; the tails by nearest rank, so each is a real move's time."""
    ordered = sorted(seconds) or [0.0]

    def rank(q: float) -> float:
        return ordered[min(len(ordered), max(1, math.ceil(q * len(ordered)))) - 1] * 1000

    return {"median": statistics.median(ordered) * 1000, "p95": rank(0.95), "p99": rank(0.99)}


_ELSEWHERE = """
import json, random, sys
from games import catalogue
random.seed(sys.argv[3])
choose = catalogue.load(catalogue.get(sys.argv[1]).bot).choose_action
print(json.dumps([choose(view, sys.argv[2]) for view in json.load(sys.stdin)]))
"""


def decide_elsewhere(kind: str, level: str, views: Sequence[View], hash_seed: int) -> list[Any]:
    """The moves for ``views`` decided in a fresh interpreter, as JSON.

    Another ``PYTHONHASHSEED`` (set and string order) and another ``random``
    state: a move that changes there depends on something besides the view.
    """
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    done = subprocess.run(
        [sys.executable, "-c", _ELSEWHERE, kind, level, str(hash_seed)],
        input=json.dumps(list(views)),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
        timeout=CAP_S,
    )
    moves: list[Any] = json.loads(done.stdout)
    return moves


@dataclass(frozen=True)
class Comparison:
    kind: str
    level: str
    positions: int
    same: int
    idle: list[Decision]
    loaded: list[Decision]

    @property
    def share(self) -> float:
        return self.same / self.positions if self.positions else 1.0


def compare(
    entry: catalogue.GameEntry,
    level: str,
    views: Sequence[View],
    busy_n: int,
    choose: Chooser | None = None,
) -> Comparison:
    """Decide every view idle, then beside ``busy_n`` busy processes; count equal moves."""
    choose = choose or catalogue.load(entry.bot).choose_action
    idle = decide(choose, views, level)
    with busy(busy_n) as workers:
        loaded = decide(choose, views, level)
        if not all(w.is_alive() for w in workers):
            raise RuntimeError("busy processes stopped (their cap) before the measurement ended")
    same = sum(a.action == b.action for a, b in zip(idle, loaded, strict=True))
    return Comparison(entry.kind, level, len(views), same, idle, loaded)


# --- the report -----------------------------------------------------------------------


def _times(decisions: Sequence[Decision]) -> str:
    wall = percentiles_ms([d.wall_s for d in decisions])
    cpu = percentiles_ms([d.cpu_s for d in decisions])
    return " / ".join(f"{wall[k]:.2f} ({cpu[k]:.2f})" for k in ("median", "p95", "p99"))


def describe(row: Comparison) -> str:
    """One line: the share of equal moves and the move times idle and under load."""
    return (
        f"{row.kind} {row.level}: same move under load {row.same}/{row.positions} "
        f"({row.share:.0%}); move ms median / p95 / p99, wall (CPU): "
        f"idle {_times(row.idle)}; busy {_times(row.loaded)}"
    )


def report(out: Callable[[str], Any], busy_n: int, count: int, kind: str = "") -> None:
    """Every (or one) game's levels: equal-move share and move times, idle and loaded.

    A game's benchmark module may add rows on a level's positions with
    ``busy_extras(level) -> [(name, chooser)]`` (e.g. a hint or a review run as
    the site runs it), checked the same way.
    """
    out(
        f"Moves under load: {count} seeded positions per game and level, "
        f"decided idle and then beside {busy_n} busy processes (target 100%):"
    )
    for entry in catalogue.CATALOGUE:
        if kind and entry.kind != kind:
            continue
        extras = getattr(per_game.for_kind(entry.kind), "busy_extras", None)
        for level in entry.levels:
            views = positions(entry, level.key, count)
            out(describe(compare(entry, level.key, views, busy_n)))
            for name, choose in extras(level.key) if extras else ():
                out(describe(compare(entry, name, views, busy_n, choose)))
