"""Random playouts: many seeded bot games at every difficulty and table size (2-8).

After every move: every tile id in exactly one place, every table meld valid,
the pouch rule (max 1), somebody to act until the game is over, and the
acting seat's view holds no tile it may not see. At the end: replaying the
move log from the seed reproduces the final snapshot exactly, and the game
ended (the move cap and the round cap guarantee it; see the engine docstring).
A second property throws junk and timeouts at the engine between bot moves:
it must refuse with ``IllegalAction`` (leaving the state untouched) or play on.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bots.rumbaroo import choose_action
from games.engine import rumbaroo as rb
from games.engine.base import IllegalAction
from games.engine.melds import why_not
from tests.engine.playout_checks import assert_log_replays, assert_round_trips, ids_in

LEVELS = ("joey", "wallaby", "big_red")
GAME_MOVE_LIMIT = 20_000  # far above any real game; a loop would trip it


def check_invariants(state: rb.State) -> None:
    assert sorted(rb.all_tiles(state)) == list(range(len(rb.faces(state))))
    for meld in state.table:
        assert why_not([rb.face_of(state, t).meld_face() for t in meld], rb.RULES) is None
        assert all(rb.face_of(state, t).action is None for t in meld)
    assert all(len(p) <= 1 for p in state.pouches)
    assert (state.phase == "croc") == (state.croc > 0)
    assert (state.phase == "drawn") == (state.drawn is not None)
    if state.phase != "game_over":
        assert rb.to_act(state)


def check_view(state: rb.State, seat: int, view: dict) -> None:
    """A seat sees its own hand and pouch, the table and the pile; nothing else by id."""
    if state.phase in ("round_over", "game_over"):
        return
    allowed = set(state.hands[seat]) | set(state.pouches[seat]) | set(state.pile)
    allowed |= {t for m in state.table for t in m}
    assert ids_in(view) <= allowed
    assert "pool" not in view


def play_out(difficulty: str, players: int, seed: int) -> tuple[rb.State, list]:
    config = {"difficulty": difficulty, "players": players}
    state = rb.new_game(config, seed)
    log: list[tuple[int, dict]] = []
    while state.phase != "game_over":
        seat = min(rb.to_act(state))
        view = rb.view(state, seat)
        check_view(state, seat, view)
        action = choose_action(view, LEVELS[(seat + seed) % 3])
        assert action is not None, f"the bot did not answer in phase {state.phase}"
        state, _ = rb.apply(state, seat, action)
        log.append((seat, json.loads(json.dumps(action))))
        check_invariants(state)
        assert len(log) < GAME_MOVE_LIMIT
    return state, log


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("difficulty", LEVELS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_seeded_bot_games(difficulty: str, players: int, seed: int) -> None:
    state, log = play_out(difficulty, players, seed)
    assert state.phase == "game_over" and rb.result(state).game_over
    assert max(state.totals) >= 50 or state.round_no >= state.config.max_rounds
    assert_log_replays(rb, {"difficulty": difficulty, "players": players}, seed, log, state)
    assert_round_trips(rb, state)


JUNK_TYPES = ["discard", "snap", "take", "meld", "draw", "pass", "timeout", "next_round", "x"]
junk_value = st.one_of(
    st.integers(-2, 300),
    st.booleans(),
    st.none(),
    st.sampled_from(["R", "B", "G", "Y", "skip", "draw", ""]),
    st.lists(st.integers(-1, 300), max_size=4),
    st.lists(st.lists(st.integers(0, 300), max_size=4), max_size=3),
    st.dictionaries(st.sampled_from(["target", "kind"]), st.integers(-1, 9) | st.text()),
)
junk_action = st.builds(
    lambda kind, extra: {"type": kind, **extra},
    st.sampled_from(JUNK_TYPES),
    st.dictionaries(
        st.sampled_from(
            [
                "tile",
                "colour",
                "pair",
                "stash",
                "steal",
                "give",
                "target",
                "number",
                "stampede",
                "table",
                "swaps",
                "free",
                "call",
            ]
        ),
        junk_value,
        max_size=4,
    ),
)


@pytest.mark.parametrize("difficulty", LEVELS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), data=st.data())
def test_junk_and_timeouts_never_break_the_engine(
    difficulty: str, seed: int, players: int, data: st.DataObject
) -> None:
    state = rb.new_game({"difficulty": difficulty, "players": players}, seed)
    for _ in range(150):
        if state.phase == "game_over":
            break
        seat = data.draw(st.sampled_from(sorted(rb.to_act(state))))
        roll = data.draw(st.integers(0, 9))
        if roll < 3:
            action = data.draw(junk_action)
            if state.hands[seat] and data.draw(st.booleans()):
                action["tile"] = data.draw(st.sampled_from(state.hands[seat]))
        elif roll == 3:
            action = {"type": "timeout"}
        else:
            action = choose_action(rb.view(state, seat), LEVELS[roll % 3])
            assert action is not None
        before = rb.to_json(state)
        try:
            state, _ = rb.apply(state, seat, action)
        except IllegalAction as refused:
            assert refused.message and rb.to_json(state) == before
        check_invariants(state)
