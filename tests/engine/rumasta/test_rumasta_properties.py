"""Random playouts over 2-6 players and every team layout, bots of mixed levels.

After every move: every card id in exactly one place, JSON round trip, the
acting seat's view holds no other seat's hand ids (nor the stock), and
TIMEOUT_ACTION is legal for every seat in to_act. At the end: the game is
over with a low target, and replaying the log from the seed reproduces the
final snapshot exactly. A second property mixes timeouts and junk in.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bots.rumasta import choose_action
from games.engine import rumasta as rm
from games.engine.base import IllegalAction
from tests.engine.playout_checks import assert_log_replays, assert_round_trips, ids_in

LAYOUTS = [
    (2, "none"),
    (3, "none"),
    (4, "none"),
    (4, "2v2"),
    (5, "none"),
    (6, "none"),
    (6, "3v3"),
    (6, "2v2v2"),
]
LEVELS = ("easy", "medium", "expert")
MOVE_LIMIT = 6000


def check(state: rm.State, seat: int, view: dict) -> None:
    assert rm.conserved(state)
    assert_round_trips(rm, state)
    hidden = set(state.stock) | {c for s, h in enumerate(state.hands) if s != seat for c in h}
    assert not ids_in(view) & hidden
    assert "seed" not in view
    for s in rm.to_act(state):
        rm.apply(state, s, rm.TIMEOUT_ACTION)  # must not raise


def mover(state: rm.State) -> int:
    seats = sorted(rm.to_act(state))
    if state.phase == "heart" and state.heart is not None:
        waiting = [s for s in seats if s in state.heart["seats"] and s not in state.heart["passed"]]
        return waiting[0] if waiting else seats[0]
    return seats[0]


def play_out(players: int, teams: str, seed: int, timeouts: int = 0):
    config = {"players": players, "teams": teams, "target": 500}
    state = rm.new_game(config, seed)
    log: list[tuple[int, dict]] = []
    while state.phase != "game_over":
        seat = mover(state)
        view = rm.view(state, seat)
        check(state, seat, view)
        action = choose_action(view, LEVELS[(seat + seed) % 3])
        if action is None or (timeouts and (len(log) * 7 + seed) % timeouts == 0):
            action = rm.TIMEOUT_ACTION
        state, _ = rm.apply(state, seat, action)
        log.append((seat, json.loads(json.dumps(action))))
        assert len(log) < MOVE_LIMIT
    return state, log


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layout=st.sampled_from(LAYOUTS), seed=st.integers(0, 10_000))
def test_random_playouts_keep_every_invariant_and_replay(layout, seed):
    players, teams = layout
    final, log = play_out(players, teams, seed)
    assert rm.result(final).game_over
    assert max(final.totals) >= 500 or final.round_no >= final.config.max_rounds
    assert_log_replays(rm, final.config, seed, log, final)


JUNK = [
    {"type": "take", "pile": 3},
    {"type": "discard", "cards": [0, 0]},
    {"type": "meld", "melds": [[1, 2, 3]]},
    {"type": "switch", "side": 0, "meld": 0, "wild": 52, "card": 1},
    {"type": "cut", "count": 500},
    {"type": "heart"},
    {"type": "pick", "seat": 9},
    {"type": "nonsense"},
    {},
]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layout=st.sampled_from(LAYOUTS), seed=st.integers(0, 10_000), junk=st.integers(0, 8))
def test_junk_is_refused_without_change_and_timeouts_play_on(layout, seed, junk):
    players, teams = layout
    state = rm.new_game({"players": players, "teams": teams, "target": 500}, seed)
    for step in range(150):
        if state.phase == "game_over":
            break
        seat = mover(state)
        before = rm.to_json(state)
        try:
            rm.apply(state, seat, JUNK[(junk + step) % len(JUNK)])
        except IllegalAction as refusal:
            assert refusal.message
        assert rm.to_json(state) == before
        action = choose_action(rm.view(state, seat), "medium") if step % 3 else None
        state, _ = rm.apply(state, seat, action or rm.TIMEOUT_ACTION)
        assert rm.conserved(state)
