"""Random playouts of Tile Rummy between the computer players (OpenSpiel style).

Hypothesis picks the seed, 2-4 players, their levels and the meld rule; the
bots play whole games (target 50, at most 3 rounds, a cheap expert). After
EVERY move: all 106 tile ids sit in exactly one place, every table set is a
valid set, and the state survives json.dumps/loads. At the end: the game is
over within the move cap, and replaying the move log from the seed rebuilds
exactly the same state.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bots.tile_rummy import LEVELS, choose_action
from games.engine import tile_rummy as tr
from games.engine.melds import read
from tests.engine.playout_checks import assert_log_replays, assert_round_trips

MOVE_CAP = 1500  # 3 rounds: each round ends when the pool is drawn dry and every seat passes
EXPERT = {"budget_s": None, "node_limit": 3_000}  # cheap and machine-independent


def check_invariants(state: tr.State) -> None:
    places = [
        *state.pool,
        *(t for rack in state.racks for t in rack),
        *(t for s in state.table for t in s),
    ]
    assert sorted(places) == list(range(tr.TILE_COUNT)), "a tile is lost or doubled"
    for tiles in state.table:
        assert read([tr.face_of(t) for t in tiles], tr.RULES) is not None, tiles
    assert_round_trips(tr, state)


def play_out(config: dict[str, Any], seed: int, levels: list[str]) -> None:
    state = tr.new_game(config, seed)
    check_invariants(state)
    log: list[tuple[int, dict[str, Any]]] = []
    for _move in range(MOVE_CAP):
        if state.phase == "game_over":
            break
        if state.phase == "round_over":
            seat = min(tr.to_act(state))
            for level in set(levels):  # bots leave the round-over screen to people
                assert choose_action(tr.view(state, seat), level, **EXPERT) is None
            action: dict[str, Any] = {"type": "next_round"}
        else:
            seat = state.turn
            waiting = (seat + 1) % len(levels)
            assert choose_action(tr.view(state, waiting), levels[waiting], **EXPERT) is None
            action = choose_action(tr.view(state, seat), levels[seat], **EXPERT)
            assert action is not None
        state, _events = tr.apply(state, seat, action)
        log.append((seat, action))
        check_invariants(state)
    assert state.phase == "game_over", f"no end within {MOVE_CAP} moves"
    assert tr.result(state) is not None and tr.result(state).game_over
    assert_log_replays(tr, config, seed, log, state)


@settings(
    max_examples=24,
    deadline=None,
    derandomize=True,  # the same games every run: a failure is reproducible
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    players=st.integers(min_value=2, max_value=4),
    meld_rule=st.sampled_from(["standard", "shared"]),
    levels=st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4),
)
def test_bot_playouts_keep_every_invariant(
    seed: int, players: int, meld_rule: str, levels: list[str]
) -> None:
    config = {"players": players, "meld_rule": meld_rule, "target": 50, "max_rounds": 3}
    play_out(config, seed, levels[:players])
