"""Spread the seats over a few processes (threads inside), gather what they saw."""

from __future__ import annotations

import multiprocessing as mp
import threading
import time
from typing import Any

from bench.livebench.seat import Seat, SeatLog


def _process(plan: list[tuple[str, str, int]], opts: dict[str, Any], out: Any) -> None:
    end = time.monotonic() + opts["seconds"]
    seats = [
        Seat(opts["port"], cookie, game, index, end, opts["think"], opts["prefix"])
        for cookie, game, index in plan
    ]
    threads = [threading.Thread(target=s.run, daemon=True) for s in seats]
    spread = opts["arrive"] / len(seats) if opts.get("arrive") and seats else 0.0
    for thread in threads:
        thread.start()
        time.sleep(max(spread, 0.01))  # the process's seats arrive over ``arrive`` seconds
    for thread in threads:
        thread.join(timeout=opts["seconds"] + 60)
    out.put([s.log for s in seats])


def run(seats: list[tuple[str, str, int]], opts: dict[str, Any]) -> list[SeatLog]:
    """Every seat's log; a table's seats stay in one process (tables are dealt round)."""
    ctx = mp.get_context("fork")
    out = ctx.Queue()
    count = opts["processes"]
    shares: list[list[tuple[str, str, int]]] = [[] for _ in range(count)]
    tables = sorted({game for _, game, _ in seats})
    home = {game: i % count for i, game in enumerate(tables)}
    for seat in seats:
        shares[home[seat[1]]].append(seat)
    procs = [ctx.Process(target=_process, args=(share, opts, out)) for share in shares if share]
    for proc in procs:
        proc.start()
    logs: list[SeatLog] = []
    for _ in procs:
        logs += out.get(timeout=opts["seconds"] + 180)
    for proc in procs:
        proc.join(timeout=10)
    return logs
