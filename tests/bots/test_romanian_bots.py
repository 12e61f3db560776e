"""Romanian Tile Rummy bots: legal, deterministic, the expert's exact opening, doubla."""

from __future__ import annotations

from collections import Counter

import pytest

from games.bots.romanian import LEVELS, choose_action
from games.bots.romanian.search import best_packing, greedy_packing
from games.engine import romanian as ro
from tests.engine.romanian.ro_helpers import table

HARD_RACK = "R10 R11 R12 R13 B13 Y13 B2 B5 Y7 K3 K8 Y4 R4 B7"  # greedy takes R10-R13


def play_game(levels: list[str], seed: int, rounds: int = 1) -> ro.State:
    state = ro.new_game({"players": len(levels), "rounds": rounds}, seed)
    for _ in range(3000):
        if state.phase == "game_over":
            return state
        for seat in sorted(ro.to_act(state)):
            view = ro.view(state, seat)
            action = choose_action(view, levels[seat])
            assert action is not None
            assert choose_action(view, levels[seat]) == action  # deterministic
            state, _ = ro.apply(state, seat, action)  # legal: never refused
            break
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_legal_games_to_the_end(players: int) -> None:
    levels = [LEVELS[i % 3] for i in range(players)]
    state = play_game(levels, 11 + players)
    assert ro.result(state) is not None and state.winners


def test_bots_play_with_every_house_option() -> None:
    config = {"rounds": 1, "threshold": 45, "penalty": "rack100", "discard_counts": True}
    for seed in range(3):
        state = ro.new_game(config, seed)
        while state.phase != "game_over":
            seat = min(ro.to_act(state))
            state, _ = ro.apply(state, seat, choose_action(ro.view(state, seat), "expert"))
        assert state.winners


def test_no_answer_when_not_to_act() -> None:
    state = table({0: HARD_RACK}, wall="K13")
    assert choose_action(ro.view(state, 1), "expert") is None
    assert choose_action(ro.view(state, None), "expert") is None


def test_expert_finds_a_threshold_opening_greedy_misses() -> None:
    rack = Counter(HARD_RACK.split())
    assert greedy_packing(rack, 14, need_run=True).value < 50
    assert best_packing(rack, 60_000, 14, need_run=True).value >= 50
    state = ro.apply(table({0: HARD_RACK}, wall="K5"), 0, {"type": "draw"})[0]
    action = choose_action(ro.view(state, 0), "expert")
    assert action is not None and action["type"] == "meld"
    opened, _ = ro.apply(state, 0, action)
    assert opened.opened[0]
    assert choose_action(ro.view(state, 0), "medium")["type"] == "discard"


def test_expert_opening_search_is_exact_on_small_racks() -> None:
    """Against brute force over subsets of candidates, on a few dealt racks."""
    from itertools import combinations

    from games.bots.romanian.search import candidates

    for seed in range(6):
        rack = Counter(str(ro.face_of(t)) for t in ro.new_game({}, seed).racks[0])
        cands = candidates(rack)[:14]
        best = 0
        for k in range(1, 5):
            for chosen in combinations(cands, k):
                need = sum((c.need for c in chosen), Counter())
                runs = any(c.kind == "run" for c in chosen)
                fits = all(rack[f] >= n for f, n in need.items())
                if runs and fits and sum(need.values()) <= 13:
                    best = max(best, sum(c.value for c in chosen))
        found = best_packing(rack, 200_000, 13, need_run=True, pool=cands)
        assert found.complete and found.value >= best


def test_computer_seats_declare_and_accept_a_doubla() -> None:
    state = table(
        {0: "R9 R9 B1 B3 B5 B7 B9 B11 Y2 Y4 Y6 Y8 Y10 Y12", 1: "K2 K2 R1 R3 R5 R7 R11 R13"},
        phase="doubla",
    )
    state.doubla_answered = [False, False]
    for seat in (0, 1):
        action = choose_action(ro.view(state, seat), "easy")
        assert action["type"] == "doubla"
        state, _ = ro.apply(state, seat, action)
    for seat in (0, 1):
        state, _ = ro.apply(state, seat, choose_action(ro.view(state, seat), "medium"))
    assert state.swaps == [[0, 1]]


def test_expert_takes_an_older_discard_that_makes_a_combination() -> None:
    state = table(
        {0: "B11 B12 Y3 K7 R2", 1: "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8"},
        melds={0: ["K10 K11 K12"]},
        discards="B13 R9 Y9",
        wall="R5",
    )
    action = choose_action(ro.view(state, 0), "expert")
    assert action["type"] == "take" and action["index"] == 0
    assert ro.apply(state, 0, action)[0].melds[0][1]
    assert choose_action(ro.view(state, 0), "easy") == {"type": "draw"}


def test_levels_are_ordered_in_a_short_match() -> None:
    """A smoke check only; the benchmark measures strength over 100+ games."""
    wins = 0
    for seed in range(6):
        levels = ["medium", "easy"] if seed % 2 else ["easy", "medium"]
        state = play_game(levels, 500 + seed)
        wins += levels.index("medium") in state.winners
    assert wins >= 3


def test_benchmark_functions_report_their_figures() -> None:
    from bench.benchmarks import romanian as bench

    low, high = bench.wilson(67, 100)
    assert 0.57 < low < 0.58 and 0.75 < high < 0.76
    row = bench.strength("medium", "easy", 2)
    assert set(row) >= {"win_rate", "ci95", "significant"} and row["games"] == 2
    times = bench.move_times(2, 1)
    assert times["moves"] > 0 and times["median_ms"] <= times["p95_ms"] <= times["max_ms"]
