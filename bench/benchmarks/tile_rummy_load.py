"""The Tile Rummy expert's move time on a loaded machine: CPU, wall, and priority.

``--load-times N`` (with ``--load-spinners K``, default 12): the expert decides
the same N seeded mid-game positions (``tile_rummy.mid_game_views``) three
times, as on the site (its step limit, the CPU safety net armed): idle; beside
K processes spinning on the CPU at this process's priority (the load a web or
Celery worker meets on a crowded server); and beside K spinners nine nice
levels below it (what a computer-turn worker started at a higher priority than
the rest of the machine's work would meet). Printed: the load average, and
median / p99 / max of the move's CPU time (this thread's) and wall time.

The CPU time depends on the position only; the wall time is the CPU time
stretched by the processes sharing the cores. Short by design: the spinners
stop on leaving and each stops itself after ``busy.CAP_S`` whatever happens.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, cast

from games.bots.tile_rummy import SAFETY_CAP_S, choose_action
from games.engine.tile_rummy import TileRummyView

from . import busy

NICER = 9  # how much lower the spinners run in the "priority" row


def _spin_at(stop: Any, cap_s: float, nicer: int) -> None:
    """A spinner, ``nicer`` levels below its parent (0: the same priority)."""
    if nicer:
        os.nice(nicer)
    busy._spin(stop, cap_s)


@contextmanager
def spinners(n: int, nicer: int) -> Iterator[None]:
    """``n`` spinning processes for the ``with`` block, stopped on leaving."""
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    workers = [
        context.Process(target=_spin_at, args=(stop, busy.CAP_S, nicer), daemon=True)
        for _ in range(n)
    ]
    try:
        for worker in workers:
            worker.start()
        busy._wait_spinning(workers, settle_s=2.0)  # long enough for the load to build
        yield
    finally:
        stop.set()
        for worker in workers:
            worker.join(timeout=1.0)
            if worker.is_alive():
                worker.terminate()
                worker.join(timeout=1.0)


def timed(views: list[dict[str, Any]]) -> tuple[list[float], list[float]]:
    """(CPU seconds, wall seconds) of the expert's move for each view."""
    cpu, wall = [], []
    for view in views:
        w0, c0 = time.perf_counter(), time.thread_time()
        choose_action(cast(TileRummyView, view), "expert", SAFETY_CAP_S)
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
    return cpu, wall


def _ms(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"{ordered[len(ordered) // 2] * 1000:7.0f} {p99 * 1000:7.0f} {ordered[-1] * 1000:7.0f}"


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    from .tile_rummy import mid_game_views  # the speed table's positions

    n, k = options["load_times"], options.get("load_spinners") or 12
    views = mid_game_views(n)
    out(f"Tile Rummy expert move on {len(views)} seeded positions, idle and beside {k} spinners")
    out(f"{'run':<34} {'load':>5} {'cpu med':>8} {'p99':>7} {'max':>7} {'wall med':>8} {'p99':>7}")
    timed(views[:5])  # warm the caches
    runs = (("idle", None), ("loaded, same priority", 0), ("loaded, spinners nice +9", NICER))
    for name, nicer in runs:
        if nicer is None:
            cpu, wall = timed(views)
            load = os.getloadavg()[0]
        else:
            with spinners(k, nicer):
                cpu, wall = timed(views)
                load = os.getloadavg()[0]
        walls = _ms(wall).split(None, 2)
        out(f"{name:<34} {load:>5.1f} {_ms(cpu)} {walls[0]:>8} {walls[1]:>7}")
