"""``python -m bench.benchmark --busy N``: moves under load and moves idle, each game (issue 30).

Nothing here is timed: the checks are on what the command prints, on the
harness telling a clock-bound bot apart, and on the busy processes stopping.
"""

from __future__ import annotations

import io
import re
import time
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from bench import benchmark
from bench.benchmarks import busy
from games import catalogue

ROW = re.compile(
    r"^(?P<kind>\w+) (?P<level>\w+): same move under load "
    r"(?P<same>\d+)/(?P<n>\d+) \((?P<share>\d+)%\); "
    r"move ms median / p95 / p99, wall \(CPU\): idle (?P<idle>.+); busy (?P<busy>.+)$"
)
TIMES = re.compile(r"^[\d.]+ \([\d.]+\) / [\d.]+ \([\d.]+\) / [\d.]+ \([\d.]+\)$")


def _run(**options: Any) -> list[str]:
    out = io.StringIO()
    call_command(benchmark.Command(), stdout=out, **options)
    return out.getvalue().splitlines()


def test_busy_reports_every_game_and_level_at_100_percent_with_percentiles() -> None:
    lines = _run(busy=1, busy_positions=2)
    assert "beside 1 busy processes" in lines[0]
    rows = [ROW.match(line) for line in lines[1:]]
    assert all(rows), lines
    expected = []
    for entry in catalogue.CATALOGUE:
        for level in entry.levels:
            expected.append((entry.kind, level.key))
            if (entry.kind, level.key) == ("tile_rummy", "expert"):  # the hint and review too
                expected += [("tile_rummy", "hint"), ("tile_rummy", "review")]
    assert [(r["kind"], r["level"]) for r in rows] == expected
    for row in rows:
        assert (row["same"], row["n"], row["share"]) == ("2", "2", "100"), row.string
        assert TIMES.match(row["idle"]) and TIMES.match(row["busy"]), row.string


def test_busy_with_game_runs_that_game_only() -> None:
    lines = _run(busy=1, busy_positions=1, game="rumasta")
    assert [ROW.match(line)["kind"] for line in lines[1:]] == ["rumasta"] * 3


def test_bad_busy_numbers_are_refused() -> None:
    with pytest.raises(CommandError, match="--busy"):
        _run(busy=-1)
    with pytest.raises(CommandError, match="--busy-positions"):
        _run(busy=1, busy_positions=0)


def test_the_harness_catches_a_bot_that_thinks_by_the_clock() -> None:
    """A move fixed by how much work fits in 20 ms is not the same under load."""

    def clocked(view: dict[str, Any], level: str) -> int:
        done, deadline = 0, time.perf_counter() + 0.02
        while time.perf_counter() < deadline:
            done += 1
        return done

    entry = catalogue.get("rumasta")
    views = busy.positions(entry, "easy", 5)
    row = busy.compare(entry, "easy", views, busy_n=2, choose=clocked)
    assert row.positions == 5 and row.same < 5
    assert busy.compare(entry, "easy", views, busy_n=1).same == 5


def test_busy_processes_stop_on_leaving_and_at_their_cap() -> None:
    with busy.busy(2) as workers:
        assert all(w.is_alive() for w in workers)
    assert not any(w.is_alive() for w in workers)
    with busy.busy(1, cap_s=1.0) as capped:
        time.sleep(2.0)
        assert not capped[0].is_alive() and capped[0].exitcode == 0


def test_percentiles_are_nearest_rank() -> None:
    ms = busy.percentiles_ms([i / 1000 for i in range(1, 101)])
    assert ms == pytest.approx({"median": 50.5, "p95": 95.0, "p99": 99.0})
