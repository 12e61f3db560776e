"""The benchmark figures: pure numbers for ``python -m bench.benchmark`` to print."""

from __future__ import annotations

from bench.benchmarks import rumbaroo as bench


def test_figures_cover_each_difficulty_at_4_and_8_players() -> None:
    rows = bench.figures(games=1)
    assert [(r["players"], r["difficulty"]) for r in rows] == [
        (n, d) for n in (4, 8) for d in ("joey", "wallaby", "big_red")
    ]
    for row in rows:
        assert 0 < row["median_ms"] <= row["p95_ms"] <= row["max_ms"]
        assert row["moves"] > 0 and row["games_per_s"] > 0 and row["rounds_per_game"] >= 1


def test_a_benchmark_game_is_seeded() -> None:
    assert bench.play_game("wallaby", 5, seed=7) == bench.play_game("wallaby", 5, seed=7)
