"""Romanian strength and step-limit benchmarks: the baseline plays the review's best, the
tallies add up, and the step limits report what they cut (issue 41 items 4-6)."""

from __future__ import annotations

from collections import Counter

from bench.benchmarks import romanian_budgets as budgets
from bench.benchmarks import romanian_strength as strength
from games.bots.romanian.best import Steps, best_play, position_of
from games.bots.romanian.search import best_packing
from games.engine import romanian as ro
from tests.engine.romanian.ro_helpers import table

DENSE = "R2 R3 R4 R5 R6 R7 R8 Y3 Y4 Y5 Y6 Y7 Y8 J J"  # two colours, both jolys


def test_the_baseline_uses_the_hints_own_search_limit() -> None:
    from games.web.romanian.hint import HINT_STEPS

    assert strength.BASELINE_STEPS == HINT_STEPS


def test_the_baseline_lays_what_best_play_finds_and_discards_as_advised() -> None:
    state = table({0: "R11 R12 R13 B10 Y10 K10 K1", 1: "Y1 Y2 Y9 Y11 B2 B4 B6"}, wall="R9 R10")
    state, _ = ro.apply(state, 0, {"type": "draw"})
    play = strength.baseline_player()
    view = dict(ro.view(state, 0))
    action = play(view)
    found = best_play(position_of(view), Steps(strength.BASELINE_STEPS))
    assert found.tiles == 6 and action == found.action()
    state, _ = ro.apply(state, 0, action)
    after = dict(ro.view(state, 0))
    discard = play(after)
    assert discard == {"type": "discard", "tile": strength.advised_discard(after)}
    assert play(dict(ro.view(ro.apply(state, 0, discard)[0], 1))) == {"type": "draw"}


def test_a_match_alternates_seats_and_its_rounds_add_up() -> None:
    medium, easy = strength.level_player("medium"), strength.level_player("easy")
    tally = strength.match(medium, easy, 2, first_seed=11)
    assert tally.games == 2 and tally.rounds == 2
    assert tally.first_out + tally.second_out + tally.nobody_out == tally.rounds
    assert 0.0 <= tally.wins <= 2.0 and tally.cpu["first"] and tally.cpu["second"]
    one = strength.play_game((medium, easy), 11, 1)
    other = strength._swapped(strength.play_game((easy, medium), 12, 1))
    assert tally.wins == one.wins + other.wins
    assert tally.first_out == one.first_out + other.first_out


def test_the_report_prints_only_the_matches_asked_for() -> None:
    lines: list[str] = []
    options = {"romanian_first_seed": 5, "romanian_going_out_rounds": 2, "romanian_rounds": 1}
    strength.report(lines.append, options)
    assert lines[-1].startswith("easy v medium") and len(lines) == 3
    lines.clear()
    strength.report(lines.append, {"romanian_first_seed": 5})
    assert lines == []


def test_best_packing_counts_its_steps_and_stops_at_the_limit() -> None:
    rack = Counter(DENSE.split())
    free = best_packing(rack, 10**9, 14)
    assert free.complete and 100 < free.steps < 10**9
    cut = best_packing(rack, free.steps // 4, 14)
    assert not cut.complete and cut.steps == free.steps // 4 and cut.value <= free.value


def test_the_budget_check_finds_nothing_lost_on_game_turns() -> None:
    lines: list[str] = []
    rows = budgets.measure(lines.append, 4, 0, 90_000)
    for name in budgets.SEARCHES:
        assert len(rows["all"][f"{name} lost"]) == 4
        assert not any(rows["all"][f"{name} lost"]) and not any(rows["all"][f"{name} cut"])
    assert len(rows["all"]["expert"]) == 4
    budgets.table(lines.append, rows)
    assert any(line.startswith("all      hint") for line in lines)
