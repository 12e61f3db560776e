"""The benchmarks' own table of games: every entry a catalogue game with a full benchmark."""

from __future__ import annotations

from bench.benchmarks import per_game
from games import catalogue


def test_each_benchmark_belongs_to_a_catalogue_game_and_can_run() -> None:
    kinds = {entry.kind for entry in catalogue.CATALOGUE}
    assert set(per_game.BY_KIND) <= kinds
    for entry, module in per_game.benchmarked():
        assert callable(module.add_arguments) and callable(module.report), entry.kind
    assert per_game.for_kind("no_such_game") is None
