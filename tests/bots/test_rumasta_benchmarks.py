"""The Rumasta benchmarks of issue 41: the greedy-optimal baseline, the match tally,
who went out, and the step-limit check."""

from __future__ import annotations

import json
from typing import Any

from bench.benchmarks import rumasta_budgets as budgets
from bench.benchmarks import rumasta_strength as strength
from games.bots.rumasta.best import HINT_NODES, Budget, best_melds, best_turn
from games.engine import rumasta as rm
from tests.engine.rumasta.rm_helpers import build, ids


def seat_view(state: rm.State) -> Any:
    """The seat to play's view as plain JSON data, as the site hands it over."""
    return json.loads(json.dumps(rm.view(state, state.turn)))


def test_the_baseline_opens_as_the_review_says():
    state = build(["AH AD 5C 6C 7S KD QS", "4S 9D"], piles=("5H 9C AS", "9S"))
    view = seat_view(state)
    action = strength.baseline_player().choose(view)
    assert action == best_turn(view, Budget(HINT_NODES)).actions()[0]
    assert action["type"] == "take" and action["pile"] == 0
    assert sorted(action["cards"]) == sorted(ids(state, "AH AD"))


def test_the_baseline_melds_what_the_search_finds_then_discards_the_house_way():
    state = build(["QH QD QS AH AD AC 5C 9D 4H", "4S"], step="play")
    baseline = strength.baseline_player()
    view = seat_view(state)
    action = baseline.choose(view)
    assert action == best_melds(view, Budget(HINT_NODES)).actions()[0]
    assert action["type"] == "meld" and len(action["melds"]) == 2
    state, _ = rm.apply(state, 0, action)
    action = baseline.choose(seat_view(state))
    assert action == {"type": "discard", "cards": rm.least_useful(state, 0)}


def test_a_match_swaps_seats_and_counts_who_went_out():
    expert, baseline = strength.level_player("expert"), strength.baseline_player()
    tally = strength.match(expert, baseline, 2, target=500)
    assert tally.games == 2 and tally.refused == 0
    assert 0 <= tally.wins <= 2 and tally.rounds >= 2
    assert tally.out_first + tally.out_second + tally.stock_gone <= tally.rounds
    one = strength.play_game((expert, baseline), strength.FIRST_SEED, 500)
    other = strength.play_game((baseline, expert), strength.FIRST_SEED, 500)
    assert tally.wins == one.wins + (1 - other.wins)
    assert tally.out_first == one.out_first + other.out_second


def test_the_report_prints_an_interval_and_going_out_shares():
    lines: list[str] = []
    options = {"rumasta_level_games": 0, "rumasta_baseline_games": 0}
    strength.report(lines.append, {**options, "rumasta_going_out_rounds": 1})
    assert len(lines) == 1 and lines[0].startswith("going out, easy v medium: easy went out in")
    tally = strength.Tally(games=10, wins=7, rounds=20, out_first=9, out_second=4)
    assert "7.0/10" in strength.line("x", tally, 1.0) and "[39.7%, 89.2%]" in strength.line(
        "x", tally, 1.0
    )


def test_the_step_limit_check_compares_a_stopped_search_with_the_reference():
    crowded = "2C 2S 3S 4C 4D 5D 5H 6D 6S 7C 7H 7H 7H 8C 8S 9C 10C 10C 10H JC QH QS"
    state = build([crowded, "4S"], piles=("KH", "9S"), step="play", totals=[2000, 0])
    view = seat_view(state)
    band = budgets.measure([view], 100_000, lambda n: None)
    assert (band.positions, band.stopped, band.lost["hint"]) == (1, 0, [])
    assert budgets.p99_max([0.001, 0.002]) == "2/2 ms"
