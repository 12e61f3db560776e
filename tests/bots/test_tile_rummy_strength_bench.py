"""Tile Rummy's strength benchmark (issue 41 item 4): the baseline plays the review's
best, a match's tallies add up seat by seat, and ``--baseline-rounds`` sets the games'
length (one-round games give a tight interval in minutes, not hours)."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from bench.benchmarks import tile_rummy
from bench.benchmarks import tile_rummy_strength as strength

STEPS = 300  # tiny searches: the tallies are what is tested, not the play


def drawer(view: dict[str, Any]) -> dict[str, Any]:
    """A player that never lays a tile, so it can never go out."""
    return {"type": "draw"}


def test_the_baseline_uses_the_reviews_own_step_limit() -> None:
    from reviews.tile_rummy import NODE_LIMIT

    assert strength.BASELINE_NODES == NODE_LIMIT


def test_a_one_round_match_alternates_seats_and_its_tallies_add_up() -> None:
    baseline = strength.baseline_player(STEPS)
    tally = strength.match(baseline, drawer, 2, 200, 1, first_seed=11)
    assert tally.games == 2 and tally.rounds == 2  # one round a game
    assert tally.first_out + tally.second_out + tally.thrown_in == tally.rounds
    assert tally.second_out == 0  # the drawer never goes out, in either seat
    assert len(tally.cpu["first"]) + len(tally.cpu["second"]) == tally.moves
    one = strength.play_game((baseline, drawer), 11, 200, 1)
    other = strength.swapped(strength.play_game((drawer, baseline), 12, 200, 1))
    assert tally.wins == one.wins + other.wins
    assert tally.points == one.points + other.points
    assert tally.first_out == one.first_out + other.first_out
    assert tally.cpu["first"] and len(tally.cpu["first"]) == len(one.cpu["first"]) + len(
        other.cpu["first"]
    )
    assert one.wins == 1.0 and one.points > 0  # going out wins the one-round game


def test_the_round_cap_sets_how_many_rounds_a_game_lasts() -> None:
    # Two drawers throw every round in, so their totals never reach the target.
    assert strength.play_game((drawer, drawer), 11, 200, 1).rounds == 1
    two = strength.play_game((drawer, drawer), 11, 200, 2)
    assert two.rounds == two.thrown_in == 2


def test_p99_and_the_row_report_cpu_per_decision_for_each_side() -> None:
    assert strength.p99_ms([]) == 0.0
    assert strength.p99_ms([0.001 * i for i in range(1, 101)]) == pytest.approx(99.0)
    tally = strength.Tally(games=4, wins=3.0, rounds=4, first_out=3, second_out=1)
    tally.cpu = {"first": [0.020] * 10, "second": [0.005] * 10}
    row = strength.line("expert v baseline", tally, 1.0).split()
    assert row[3:5] == ["4", "75.0%"] and "20/5" in row


def _options(*flags: str) -> dict[str, Any]:
    parser = argparse.ArgumentParser()
    tile_rummy.add_arguments(parser)
    return vars(parser.parse_args(list(flags)))


def test_baseline_rounds_reaches_the_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    caps: list[int] = []

    def fake_match(*args: Any) -> strength.Tally:
        caps.append(args[4])
        return strength.Tally()

    monkeypatch.setattr(strength, "match", fake_match)
    out: list[str] = []
    tile_rummy.report(out.append, _options("--baseline-games", "2", "--baseline-rounds", "1"))
    tile_rummy.report(out.append, _options("--level-games", "2", "--level-pairs", "expert-medium"))
    tile_rummy.report(out.append, _options("--baseline-games", "2", "--max-rounds", "3"))
    assert caps == [1, 100, 3]
    assert "one-round games" in out[0] and "at most 100 rounds" in out[3]


def test_a_tiny_one_round_run_prints_its_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strength, "level_player", lambda level, steps: drawer)  # fast
    options = _options("--baseline-games", "2", "--baseline-rounds", "1", "--node-limit", "300")
    options["baseline_nodes"] = STEPS
    out: list[str] = []
    tile_rummy.report(out.append, options)
    assert len(out) == 3 and out[2].startswith("expert v baseline")
    assert out[2].split()[3] == "2" and out[2].split()[-4] == "1.0"  # 2 games of 1 round
