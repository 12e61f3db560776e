"""Every benchmark a catalogue entry names exists and can run."""

from __future__ import annotations

from bench.benchmarks import per_game
from games import catalogue


def test_each_benchmark_belongs_to_a_catalogue_game_and_can_run() -> None:
    named = [entry.kind for entry in catalogue.CATALOGUE if entry.benchmark]
    assert named and [entry.kind for entry, _ in per_game.benchmarked()] == named
    for entry, module in per_game.benchmarked():
        assert module.__name__.startswith("bench.benchmarks."), entry.kind
        assert per_game.for_kind(entry.kind) is module
        assert callable(module.add_arguments) and callable(module.report), entry.kind
    assert per_game.for_kind("no_such_game") is None
