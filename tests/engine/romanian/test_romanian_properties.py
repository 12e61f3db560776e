"""Random play (hypothesis): seeded bot games mixed with junk moves and timeouts.

After every move: every tile id in exactly one place, every meld valid,
someone to act until the game is over, TIMEOUT_ACTION legal for every seat
in to_act, each seat's view holding only ids it may see. At the end the
JSON round trip is exact and replaying the move log from the seed
reproduces the final snapshot; every game ends (the turn cap guarantees it).
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bots.romanian import choose_action
from games.engine import romanian as ro
from games.engine.melds import why_not
from tests.engine.playout_checks import assert_log_replays, assert_round_trips, ids_in

LEVELS = ("easy", "medium", "expert")
MOVE_LIMIT = 5_000


def check_view(state: ro.State, seat: int | None) -> None:
    seen = ro.view(state, seat)
    public = set(state.discards) | {t for m in state.melds for meld in m for t in meld}
    if state.first_discard is not None:
        public.add(state.first_discard)
    if state.phase in ("round_over", "game_over"):
        public |= {t for r in state.racks for t in r}
    allowed = public | (set(state.racks[seat]) if seat is not None else set())
    assert ids_in(seen) <= allowed
    assert "wall" not in seen and "seed" not in seen
    assert json.loads(json.dumps(seen)) == seen  # plain JSON


def check_invariants(state: ro.State) -> None:
    assert ro.conserved(state)
    for seat_melds in state.melds:
        for meld in seat_melds:
            assert why_not([ro.face_of(t) for t in meld], ro.RULES) is None
    if state.phase != "game_over":
        assert ro.to_act(state)
        for seat in ro.to_act(state):  # the timeout is legal for every seat asked to act
            ro.apply(state, seat, ro.TIMEOUT_ACTION)


def play_out(seed: int, players: int, config: dict, junk: list[int]) -> tuple[ro.State, list]:
    state = ro.new_game({"players": players, **config}, seed)
    log: list[tuple[int, dict]] = []
    moves = 0
    while state.phase != "game_over":
        seat = min(ro.to_act(state))
        check_view(state, seat)
        if moves in junk:
            action: dict = ro.TIMEOUT_ACTION if moves % 2 else {"type": "take", "index": 99}
        else:
            action = choose_action(ro.view(state, seat), LEVELS[(seat + seed) % 3]) or {}
        try:
            state, _ = ro.apply(state, seat, action)
        except ro.IllegalAction:
            assert moves in junk
            action = dict(ro.TIMEOUT_ACTION)
            state, _ = ro.apply(state, seat, action)
        log.append((seat, json.loads(json.dumps(action))))
        check_invariants(state)
        moves += 1
        assert moves < MOVE_LIMIT
    check_view(state, None)
    return state, log


configs = st.fixed_dictionaries(
    {
        "threshold": st.sampled_from([50, 45]),
        "penalty": st.sampled_from(["flat200", "rack100"]),
        "discard_counts": st.booleans(),
        "rounds": st.integers(1, 2),
    }
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    config=configs,
    junk=st.lists(st.integers(0, 80), max_size=6),
)
def test_random_games_conserve_replay_and_end(
    seed: int, players: int, config: dict, junk: list[int]
) -> None:
    state, log = play_out(seed, players, config, junk)
    assert ro.result(state) is not None and ro.result(state).game_over
    assert state.winners
    assert_round_trips(ro, state)
    assert_log_replays(ro, {"players": players, **config}, seed, log, state)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_timeouts_alone_finish_a_game(seed: int, players: int) -> None:
    state = ro.new_game({"players": players, "rounds": 1}, seed)
    for _ in range(MOVE_LIMIT):
        if state.phase == "game_over":
            break
        state, _ = ro.apply(state, min(ro.to_act(state)), ro.TIMEOUT_ACTION)
        assert ro.conserved(state)
    assert state.phase == "game_over" and state.end_reason == "wall"
    assert all(not o for o in state.opened)


def test_apply_never_changes_the_state_it_is_given() -> None:
    state = ro.new_game({}, 3)
    before = ro.to_json(state)
    for seat in ro.to_act(state):
        ro.apply(state, seat, ro.TIMEOUT_ACTION)
    assert ro.to_json(state) == before
