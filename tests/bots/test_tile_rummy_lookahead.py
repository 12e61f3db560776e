"""The lookahead benchmark's play-outs: fair deals, the same deals for every alternative."""

from __future__ import annotations

import random
from collections import Counter

from bench.benchmarks import tile_rummy_lookahead as lookahead
from bench.benchmarks.tile_rummy_strength import baseline_player, level_player
from games.engine import tile_rummy as tr


def _mid_round(seed: int, moves: int) -> tr.State:
    state = tr.new_game({"players": 2, "target": 200, "max_rounds": 100}, seed)
    baseline = baseline_player(300)
    for _ in range(moves):
        state, _ = tr.apply(state, state.turn, baseline(tr.view(state, state.turn)))
    return state


def test_a_new_deal_keeps_every_tile_and_what_the_seat_sees() -> None:
    state = _mid_round(21, 12)
    seat = state.turn
    dealt = [lookahead.deal_again(state, seat, random.Random(k)) for k in range(4)]
    for new in dealt:
        assert Counter(tr.all_ids(new)) == Counter(tr.all_ids(state))
        assert new.racks[seat] == state.racks[seat] and new.table == state.table
        assert len(new.racks[1 - seat]) == len(state.racks[1 - seat])
        assert len(new.pool) == len(state.pool)
    assert any(new.racks[1 - seat] != state.racks[1 - seat] for new in dealt)
    assert tr.view(state, seat) == tr.view(dealt[0], seat)  # the seat cannot tell them apart


def test_alternatives_are_compared_on_the_same_deals() -> None:
    state = _mid_round(21, 12)
    seat, baseline = state.turn, baseline_player(300)
    draw = {"type": "draw"}
    same = lookahead.values(state, seat, [draw, draw], 2, baseline, "k")
    assert same[0] == same[1]


def _late(seed: int) -> tr.State:
    """The first position of the seed's round, both seats playing the baseline at 300
    steps, where the seat to play has opened, lays tiles and the pool is down to 24."""
    state = tr.new_game({"players": 2, "target": 200, "max_rounds": 100}, seed)
    baseline = baseline_player(300)
    while True:
        action = baseline(tr.view(state, state.turn))
        if len(state.pool) <= 24 and state.opened[state.turn] and action["type"] == "play":
            return state
        state, _ = tr.apply(state, state.turn, action)


def test_a_decision_scores_the_alternatives_the_expert_passed_over() -> None:
    # seed 29: seed 28's round no longer reaches such a position since the step
    # limit counts each pass of the search alone (the baseline lays more at 300)
    state = _late(29)
    expert, baseline = level_player("expert", 300), baseline_player(300)
    move, rows = lookahead.decision(state, expert, baseline, 300, 2, "k")
    assert move == expert(tr.view(state, state.turn))
    assert (move, rows) == lookahead.decision(state, expert, baseline, 300, 2, "k")
    kinds = [kind for kind, _, _ in rows]
    assert "draw" in kinds and set(kinds) <= {"baseline", "draw", "hold one"}
    assert kinds.count("draw") == 1 and kinds.count("baseline") <= 1
    assert {where for _, where, _ in rows} == {"opponent 7+"}
    lines = lookahead.table_lines({("draw", "any"): [diff for _, _, diff in rows]})
    assert lines[1].startswith("draw")


def test_before_opening_there_is_nothing_to_weigh() -> None:
    state = tr.new_game({"players": 2, "target": 200, "max_rounds": 100}, 28)
    expert, baseline = level_player("expert", 300), baseline_player(300)
    move, rows = lookahead.decision(state, expert, baseline, 300, 2, "k")
    assert not state.opened[state.turn] and rows == []
    assert move == expert(tr.view(state, state.turn))
