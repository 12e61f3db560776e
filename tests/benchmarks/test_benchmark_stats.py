"""The statistics every benchmark shares live in one neutral module (issue 25 item 25)."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pytest

from bench.benchmarks import stats

BENCHMARKS = Path(stats.__file__).parent


def test_wilson_interval_known_values() -> None:
    low, high = stats.wilson(30, 40)
    assert low == pytest.approx(0.5981, abs=1e-3) and high == pytest.approx(0.8581, abs=1e-3)
    assert stats.wilson(0, 0) == (0.0, 1.0)
    assert stats.wilson(10, 10)[1] == 1.0  # clamped inside [0, 1]


def test_mean_interval_of_paired_differences() -> None:
    mean, half = stats.mean_interval([1.0, 3.0])
    assert mean == 2.0 and half == pytest.approx(1.96 * math.sqrt(2) / math.sqrt(2))
    assert stats.mean_interval([4.0]) == (4.0, math.inf)


@pytest.mark.parametrize("game", ["romanian", "rumasta", "rumbaroo"])
def test_no_game_benchmark_borrows_from_another_games_benchmark(game: str) -> None:
    tree = ast.parse((BENCHMARKS / f"{game}.py").read_text())
    imported = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    borrowed = {m for m in imported if "benchmarks." in m and game not in m and "stats" not in m}
    assert not borrowed, f"{game} benchmark imports {borrowed}"
    assert not any(isinstance(n, ast.FunctionDef) and n.name == "wilson" for n in tree.body), (
        "the interval is defined once, in bench/benchmarks/stats.py"
    )
