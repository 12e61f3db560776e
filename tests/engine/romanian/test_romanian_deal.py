"""The deal (RULINGS: one fixed order from the seed), config and the edge deals."""

from __future__ import annotations

import pytest

from games.engine import romanian as ro
from games.engine.base import derived_rng
from games.engine.romanian.deal import build_stacks, shuffled_box


def spare_number(seed: int, players: int = 2) -> int:
    return ro.face_of(ro.new_game({"players": players}, seed).spare).number or 0


def find_seed(check, start: int = 0) -> int:
    return next(seed for seed in range(start, start + 5000) if check(seed))


def expected_deal(state: ro.State) -> tuple[list[list[int]], list[int]]:
    """The deal recomputed by hand from the rules: racks per seat and the wall order."""
    tiles, _ = shuffled_box(derived_rng(state.seed, "deal", state.round_no))
    stacks = [tiles[i * 7 : i * 7 + 7] for i in range(15)]
    spare = tiles[105]
    count = ro.face_of(spare).number or 0
    removed = stacks[count - 1][0]
    stacks[count - 1][0] = spare
    stacks[count].insert(0, removed)  # the stack after it now holds eight
    n = state.config.players
    order = [(count + k) % 15 for k in range(15)]
    racks: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        seat = (state.dealer + 1 + i) % n
        racks[seat] = sorted(stacks[order[2 * i]] + stacks[order[2 * i + 1]])
    wall = [t for k in order[2 * n :] for t in stacks[k]]
    return racks, wall


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_follows_the_rules_in_one_fixed_order(players: int) -> None:
    for seed in range(5):
        state = ro.new_game({"players": players}, seed)
        racks, wall = expected_deal(state)
        assert [sorted(r) for r in state.racks] == racks
        assert state.wall == wall
        assert ro.conserved(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dealers_right_gets_fifteen_others_fourteen(players: int) -> None:
    state = ro.new_game({"players": players}, 3)
    right = (state.dealer + 1) % players
    assert state.first_player == right
    assert [len(r) for r in state.racks] == [15 if s == right else 14 for s in range(players)]
    assert len(state.wall) == 106 - 14 * players - 1


def test_spare_replaces_the_counted_stacks_top_and_the_next_stack_holds_eight() -> None:
    tiles = list(range(106))
    tiles[105], tiles[20] = tiles[20], tiles[105]  # the spare is id 20 = R11
    stacks, spare, count = build_stacks(tiles)
    assert (spare, count) == (20, 11)
    assert stacks[10][0] == 20 and len(stacks[10]) == 7
    assert stacks[11][0] == 70 and len(stacks[11]) == 8  # stack 11's old top
    assert sum(len(s) for s in stacks) == 106


def test_the_spare_tops_the_last_stack_of_the_wall() -> None:
    for seed in range(10):
        state = ro.new_game({"players": 4}, seed)
        assert state.wall[-7] == state.spare


def test_a_spare_of_one() -> None:
    seed = find_seed(lambda s: spare_number(s) == 1)
    state = ro.new_game({}, seed)
    assert state.spare_stack == 1
    racks, wall = expected_deal(state)
    assert state.wall == wall and ro.conserved(state)
    assert len(state.racks[state.first_player]) == 15


def test_a_spare_of_thirteen_wraps_the_deal_past_stack_fifteen() -> None:
    seed = find_seed(lambda s: spare_number(s, 4) == 13)
    state = ro.new_game({"players": 4}, seed)
    assert state.spare_stack == 13
    racks, wall = expected_deal(state)  # dealt: stacks 14, 15, 1, 2, ... 7
    assert [sorted(r) for r in state.racks] == racks and state.wall == wall
    assert len(state.racks[state.first_player]) == 15


def test_a_joly_spare_is_shuffled_back_and_another_turned() -> None:
    seed = find_seed(lambda s: ro.new_game({}, s).joly_spares > 0)
    state = ro.new_game({}, seed)
    assert not ro.face_of(state.spare).wild
    assert ro.conserved(state)
    assert ro.view(state, 0)["joly_spares"] >= 1


def test_first_dealer_from_the_seed_and_moving_each_round() -> None:
    dealers = {ro.new_game({"players": 4}, s).dealer for s in range(30)}
    assert dealers == {0, 1, 2, 3}
    state = ro.new_game({"players": 3, "rounds": 2}, 5)
    first = state.dealer
    state.phase = "round_over"
    state, _ = ro.apply(state, 0, {"type": "next_round"})
    assert state.dealer == (first + 1) % 3 and state.round_no == 2
    assert len(state.racks[(first + 2) % 3]) == 15


def test_same_seed_same_deal_and_rounds_differ() -> None:
    a, b = ro.new_game({}, 9), ro.new_game({}, 9)
    assert ro.to_json(a) == ro.to_json(b)
    assert ro.new_game({}, 10).racks != a.racks


@pytest.mark.parametrize(
    "config",
    [
        {"players": 1},
        {"players": 5},
        {"rounds": 0},
        {"threshold": 40},
        {"penalty": "flat100"},
        {"discard_counts": "yes"},
        {"players": "2"},
    ],
)
def test_bad_config_is_refused(config: dict) -> None:
    with pytest.raises(ro.IllegalAction) as exc:
        ro.new_game(config, 1)
    assert exc.value.code == "bad_config"


def test_defaults() -> None:
    cfg = ro.new_game({}, 1).config
    assert (cfg.players, cfg.rounds, cfg.threshold, cfg.penalty, cfg.discard_counts) == (
        2,
        4,
        50,
        "flat200",
        False,
    )
    assert ro.new_game({"players": 4, "rounds": 1}, 1).config.rounds == 1
