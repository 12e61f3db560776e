"""Tile Rummy computer players (games/bots/tile_rummy/), with concrete tiles.

Positions are built from a real deal: ``new_game`` then, on a copy, the racks
and table named in faces (DESIGN.md notation) with every other tile in the
pool, so all 106 ids stay in exactly one place. Bots are only ever handed
``view(state, seat)``. Plain pytest functions: no database is needed.
"""

from __future__ import annotations

import copy
import inspect
import itertools
import json
import random
from collections import Counter
from functools import cache

import pytest

from bench.benchmarks import tile_rummy_rounds as rounds
from bench.benchmarks import tile_rummy_strength as strength
from games.bots import tile_rummy as tile_rummy_bot
from games.bots.tile_rummy import LEVELS, choose_action, is_legal_play, propose
from games.bots.tile_rummy import expert as tile_rummy_expert
from games.bots.tile_rummy import search as tile_search
from games.bots.tile_rummy.best import read_view
from games.engine import tile_rummy as tr
from games.engine.melds import read

# The tests must not depend on the machine's speed: no clock, a fixed node budget.
FIXED = {"budget_s": None, "node_limit": 150_000}


def position(
    racks: list[str],
    table: list[str] = (),
    *,
    opened: list[bool] | None = None,
    meld_rule: str = "standard",
    turn: int = 0,
    seed: int = 11,
) -> tr.State:
    """A dealt game rearranged so seat racks and table hold exactly the named faces."""
    state = copy.deepcopy(tr.new_game({"players": len(racks), "meld_rule": meld_rule}, seed))
    free: dict[str, list[int]] = {}
    for tile in range(tr.TILE_COUNT):
        free.setdefault(str(tr.face_of(tile)), []).append(tile)

    def take(spec: str) -> list[int]:
        return [free[face].pop(0) for face in spec.split()]

    state.racks = [sorted(take(r), key=tr.sort_key) for r in racks]
    state.table = [take(s) for s in table]
    rest = sorted(t for ids in free.values() for t in ids)
    random.Random(seed).shuffle(rest)
    state.pool = rest
    state.opened = list(opened) if opened is not None else [False] * len(racks)
    state.turn = turn
    assert_conserved(state)
    return state


def assert_conserved(state: tr.State) -> None:
    places = [
        *state.pool,
        *(t for r in state.racks for t in r),
        *(t for s in state.table for t in s),
    ]
    assert sorted(places) == list(range(tr.TILE_COUNT))


def faces(tiles: list[int]) -> list[str]:
    return [str(tr.face_of(t)) for t in tiles]


def table_faces(state: tr.State) -> list[list[str]]:
    return sorted(faces(s) for s in state.table)


def act(state: tr.State, level: str) -> tuple[dict, tr.State]:
    """The bot's action for the seat to move, applied: the engine must accept it."""
    seat = state.turn
    action = choose_action(tr.view(state, seat), level, **FIXED)
    assert action is not None
    new, _events = tr.apply(state, seat, action)
    assert_conserved(new)
    return action, new


def lay_down(state: tr.State) -> list[list[int]] | None:
    """Rack sets and lay-offs only (the expert's first move, and medium's simple one)."""
    return tile_rummy_bot._lay_down(state.table, state.racks[state.turn], True)


def placed(state: tr.State, new: tr.State) -> list[str]:
    seat = state.turn
    gone = Counter(faces(state.racks[seat])) - Counter(faces(new.racks[seat]))
    return sorted(gone.elements())


# --- the interface -------------------------------------------------------------------------


def test_bots_take_only_a_view() -> None:
    params = list(inspect.signature(choose_action).parameters)
    assert params == ["view", "level", "budget_s", "node_limit", "report"]


def test_no_action_when_it_is_not_the_bots_turn() -> None:
    state = position(["R10 R11 R12 B1", "K1 K2 K3 Y9"])
    for level in LEVELS:
        assert choose_action(tr.view(state, 1), level, **FIXED) is None
        over = copy.deepcopy(state)
        over.phase = "round_over"
        assert choose_action(tr.view(over, 0), level, **FIXED) is None


def test_unknown_level_is_refused() -> None:
    state = position(["R10 R11 R12", "K1"])
    with pytest.raises(ValueError):
        choose_action(tr.view(state, 0), "grandmaster")


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_same_action(level: str) -> None:
    state = position(
        ["R3 R4 R5 B7 Y7 K7 J Y1 Y2 B12", "K1"],
        ["B4 B5 B6 B7", "R9 B9 Y9"],
        opened=[True, True],
    )
    view = tr.view(state, 0)
    first = choose_action(view, level, **FIXED)
    again = choose_action(json.loads(json.dumps(view)), level, **FIXED)
    assert first == again


# --- easy ----------------------------------------------------------------------------------


def test_easy_opens_with_thirty_from_its_rack() -> None:
    state = position(["R10 R11 R12 B1 Y5 K8 K2", "B2 B3 B4"])
    action, new = act(state, "easy")
    assert action["type"] == "play"
    assert table_faces(new) == [["R10", "R11", "R12"]]
    assert new.opened[0]


def test_easy_opening_may_combine_sets() -> None:
    state = position(["R1 R2 R3 B9 Y9 K9 Y12", "B2 B3 B4"])
    _action, new = act(state, "easy")
    assert table_faces(new) == [["B9", "Y9", "K9"], ["R1", "R2", "R3"]]


def test_easy_draws_without_a_thirty_point_opening() -> None:
    state = position(["R1 R2 R3 B4 Y4 K4 Y12 K13", "B2 B3 B4"])  # 6 + 12 = 18
    action, new = act(state, "easy")
    assert action == {"type": "draw"}
    assert len(new.racks[0]) == 9


def test_easy_once_open_lays_what_it_sees_at_once() -> None:
    # Easy's table search is near-greedy (issue 12: easy must be able to go out):
    # both rack sets and B8 on the table's run go down together.
    state = position(["R1 R2 R3 B9 Y9 K9 B8", "B2 B3 B4"], ["B5 B6 B7"], opened=[True, True])
    _action, new = act(state, "easy")
    assert placed(state, new) == sorted(["R1", "R2", "R3", "B8", "B9", "Y9", "K9"])


def test_easy_lays_off_on_the_table_once_open() -> None:
    state = position(["B8 K1", "B2 B3 B4"], ["B5 B6 B7"], opened=[True, True])
    _action, new = act(state, "easy")
    assert placed(state, new) == ["B8"]
    assert table_faces(new) == [["B5", "B6", "B7", "B8"]]


def test_easy_misses_a_rearrangement_the_expert_finds() -> None:
    # Two tiles go down only if the table's sets (with both jokers) are reshuffled;
    # easy's near-greedy search drops the states that lead there.
    state = position(
        ["R2 R5 B6 Y3 Y9 K5", "R1 R2 R3 R4 R5"],
        ["K1 K2 K3", "R1 K1 B1 J", "K10 J R10 Y10"],
        opened=[True, True],
    )
    _a, after_easy = act(state, "easy")
    _b, after_expert = act(state, "expert")
    assert len(placed(state, after_easy)) < len(placed(state, after_expert)) == 2


# --- medium --------------------------------------------------------------------------------


def test_medium_adds_a_tile_to_a_table_run() -> None:
    state = position(["B8 K1 Y3", "R1"], ["B4 B5 B6 B7"], opened=[True, True])
    action, new = act(state, "medium")
    assert action["type"] == "play"
    assert placed(state, new) == ["B8"]
    assert table_faces(new) == [["B4", "B5", "B6", "B7", "B8"]]


def test_sets_keep_their_places_on_the_table() -> None:
    state = position(
        ["B8 K1 Y3", "R1"], ["R1 R2 R3", "B4 B5 B6 B7", "K9 K10 K11"], opened=[True, True]
    )
    _action, new = act(state, "medium")
    assert [faces(s) for s in new.table] == [
        ["R1", "R2", "R3"],
        ["B4", "B5", "B6", "B7", "B8"],
        ["K9", "K10", "K11"],
    ]


def test_medium_completes_a_group_and_plays_every_rack_set() -> None:
    state = position(["K9 R1 R2 R3 Y11 Y12 Y13 B2", "R1"], ["R9 B9 Y9"], opened=[True, True])
    _action, new = act(state, "medium")
    assert placed(state, new) == sorted(["K9", "R1", "R2", "R3", "Y11", "Y12", "Y13"])
    assert ["R9", "B9", "Y9", "K9"] in table_faces(new)


def test_medium_opening_counts_a_joker_as_the_number_it_covers() -> None:
    # K9 K10 J reads 9-10-11 = 30 (the most favourable reading), enough to open.
    state = position(["K9 K10 J B1 R5", "R1"])
    _action, new = act(state, "medium")
    assert table_faces(new) == [["K9", "K10", "J"]]
    assert new.opened[0]


def test_medium_may_touch_the_table_once_anyone_opened_under_shared() -> None:
    state = position(["B8 K1", "R1"], ["B5 B6 B7"], opened=[False, True], meld_rule="shared")
    _action, new = act(state, "medium")
    assert placed(state, new) == ["B8"]


def test_medium_does_not_touch_the_table_before_opening_under_standard() -> None:
    state = position(["B8 K1", "R1"], ["B5 B6 B7"], opened=[False, True])
    action, _new = act(state, "medium")
    assert action == {"type": "draw"}


# --- expert --------------------------------------------------------------------------------


def test_expert_takes_a_tile_out_of_a_run_to_make_a_group() -> None:
    # Y5 and K5 need the B5 that starts the table run B5 B6 B7 B8: rack sets and
    # lay-offs alone can't see it.
    state = position(["Y5 K5 R1", "R1"], ["B5 B6 B7 B8"], opened=[True, True])
    assert lay_down(state) is None
    _action, new = act(state, "expert")
    assert placed(state, new) == ["K5", "Y5"]
    assert table_faces(new) == [["B5", "Y5", "K5"], ["B6", "B7", "B8"]]


def test_expert_splits_a_run_around_a_duplicate() -> None:
    state = position(["R5 K1", "R1"], ["R3 R4 R5 R6 R7 R8"], opened=[True, True])
    assert lay_down(state) is None
    _action, new = act(state, "expert")
    assert placed(state, new) == ["R5"]
    assert table_faces(new) == [["R3", "R4", "R5"], ["R5", "R6", "R7", "R8"]]


def test_expert_moves_a_table_joker_where_it_helps() -> None:
    # K12 replaces the joker in K10 K11 J; the freed joker completes B4 Y4 J.
    state = position(["Y4 B4 K12 R1", "R1"], ["K10 K11 J"], opened=[True, True])
    simple = lay_down(state)
    assert simple is not None
    assert sorted(faces([t for s in simple for t in s if t in state.racks[0]])) == ["K12"]
    _action, new = act(state, "expert")
    assert placed(state, new) == ["B4", "K12", "Y4"]
    assert sorted(sorted(s) for s in table_faces(new)) == [["B4", "J", "Y4"], ["K10", "K11", "K12"]]


def test_expert_keeps_its_joker_unless_it_helps() -> None:
    state = position(["J R1 B6", "R1 R2 Y7 Y9 B2 B4 B6"], ["K3 K4 K5"], opened=[True, True])
    action, _new = act(state, "expert")
    assert action == {"type": "draw"}


def test_expert_keeps_its_joker_for_the_go_out_unless_it_brings_three_tiles() -> None:
    """Far from danger a joker bringing two tiles down (Y4 B4 J) stays on the rack:
    it is the tile that lets almost any last tile out. Bringing three (R9 R10 J R12),
    it goes; with the opponent down to six tiles, the two are enough."""
    far = "R1 R2 Y7 Y9 B2 B6 B8"
    state = position(["J Y4 B4 K1", far], ["K3 K4 K5"], opened=[True, True])
    action, _new = act(state, "expert")
    assert action == {"type": "draw"}
    state = position(["J R9 R10 R12 K1", far], ["K3 K4 K5"], opened=[True, True])
    _action, new = act(state, "expert")
    assert placed(state, new) == ["J", "R10", "R12", "R9"]
    state = position(["J Y4 B4 K1", "R1 R2 Y7 Y9 B2 B6"], ["K3 K4 K5"], opened=[True, True])
    _action, new = act(state, "expert")
    assert placed(state, new) == ["B4", "J", "Y4"]


def test_expert_sheds_its_joker_when_the_opponent_is_about_to_go_out() -> None:
    # The same rack, but the opponent holds a single tile: a joker kept costs 30.
    state = position(["J R1 B6", "R1"], ["K3 K4 K5"], opened=[True, True])
    _action, new = act(state, "expert")
    assert placed(state, new) == ["J"]


def test_expert_plays_its_joker_to_empty_the_rack() -> None:
    # B6 Y6 K6 needs the B6 from the run B4 B5 B6 B7: it is replaced there by the joker.
    state = position(["J Y6 K6", "R1"], ["B4 B5 B6 B7"], opened=[True, True])
    _action, new = act(state, "expert")
    assert new.racks[0] == []
    assert new.phase in ("round_over", "game_over")
    assert new.winners == [0] or new.phase == "game_over"


def test_expert_opens_with_every_set_it_can_and_leaves_the_table_alone() -> None:
    state = position(["R1 R2 R3 B1 Y1 K1 R11 R12 R13 B8", "K5"], ["B5 B6 B7"], opened=[False, True])
    _action, new = act(state, "expert")
    assert new.opened[0]
    assert placed(state, new) == sorted(["R1", "R2", "R3", "B1", "Y1", "K1", "R11", "R12", "R13"])
    assert ["B5", "B6", "B7"] in table_faces(new)  # B8 waits: the table is not open to it yet


def test_expert_starved_of_budget_keeps_the_first_move_it_found() -> None:
    # The lay-down (B9 on the run) is the search's first incumbent: a search
    # stopped at once still plays it, and one that finishes finds better.
    state = position(["Y5 K5 B9", "R1"], ["B5 B6 B7 B8"], opened=[True, True])
    starved = choose_action(tr.view(state, 0), "expert", budget_s=None, node_limit=5)
    assert starved is not None and starved["type"] == "play"
    assert placed(state, tr.apply(state, 0, starved)[0]) == ["B9"]
    _action, new = act(state, "expert")
    assert placed(state, new) == ["B9", "K5", "Y5"]


# --- every move legal, on positions from real games --------------------------------------


@cache
def game_views() -> list[dict]:
    """Views of the seat to move from seeded bot games, early to late, 2-4 players."""
    views = []
    for seed in range(6):
        players = 2 + seed % 3
        levels = [LEVELS[(seed + i) % 3] for i in range(players)]
        rule = "shared" if seed % 2 else "standard"
        state = tr.new_game({"players": players, "meld_rule": rule, "max_rounds": 1}, seed)
        for move in range(200):
            if state.phase != "play":
                break
            view = tr.view(state, state.turn)
            if move % 7 == 0:
                views.append(view)
            state, _ = tr.apply(state, state.turn, choose_action(view, levels[state.turn], **FIXED))
    return views


@pytest.mark.parametrize("level", LEVELS)
def test_every_proposed_move_is_legal(level: str) -> None:
    views = game_views()
    assert len(views) > 40
    plays = 0
    for view in views:
        table = [[t["id"] for t in s["tiles"]] for s in view["table"]]
        rack = [t["id"] for t in view["rack"]]
        proposal = propose(view, level, **FIXED)
        if proposal is None:
            action = {"type": "draw"}
        else:  # no silent fallback to a draw: the bot's own move is legal
            assert is_legal_play(table, rack, view["may_touch_table"], proposal)
            action = {"type": "play", "table": proposal}
            plays += 1
        new, _ = tr.apply(_state_for(view), view["seat"], action)  # must not raise
        assert_conserved(new)
    assert plays > 5


def _state_for(view: dict) -> tr.State:
    """A state consistent with a view, for checking an action against the engine.

    Only what the view shows matters to ``apply`` for a play or a draw; the
    hidden tiles are dealt to the other racks and the pool in id order.
    """
    n = view["players"]
    seat = view["seat"]
    table = [[t["id"] for t in s["tiles"]] for s in view["table"]]
    rack = [t["id"] for t in view["rack"]]
    shown = set(rack) | {t for s in table for t in s}
    hidden = [t for t in range(tr.TILE_COUNT) if t not in shown]
    racks: list[list[int]] = []
    for i in range(n):
        if i == seat:
            racks.append(rack)
        else:
            racks.append(hidden[: view["rack_counts"][i]])
            hidden = hidden[view["rack_counts"][i] :]
    state = tr.State(
        config=tr.Config(players=n, meld_rule=view["meld_rule"], target=view["target"]),
        seed=0,
        turn=view["turn"],
        pool=hidden,
        racks=racks,
        table=table,
        opened=list(view["opened"]),
        totals=list(view["totals"]),
    )
    assert_conserved(state)
    return state


# --- the search is exact: compared with brute force on small tables ----------------------


def _valid(tiles: tuple[int, ...]) -> bool:
    return read([tr.face_of(t) for t in tiles], tr.RULES) is not None


def _brute_most_placed(table: list[int], rack: list[int]) -> int:
    @cache
    def partition(tiles: tuple[int, ...]) -> bool:
        if not tiles:
            return True
        first, rest = tiles[0], tiles[1:]
        for size in range(2, len(rest) + 1):
            for others in itertools.combinations(rest, size):
                if _valid((first, *others)):
                    left = list(rest)
                    for t in others:
                        left.remove(t)
                    if partition(tuple(left)):
                        return True
        return False

    for k in range(len(rack), -1, -1):
        for chosen in itertools.combinations(rack, k):
            if partition(tuple(sorted([*table, *chosen]))):
                return k
    raise AssertionError("the table alone is always a partition")


@pytest.mark.parametrize(
    ("lean", "low", "high", "colours"),
    [(False, 1, 4, "RBYK"), (True, 1, 4, "RBYK"), (True, 9, 13, "RB"), (True, 8, 13, "R")],
)
def test_search_matches_brute_force_on_small_tables(
    lean: bool, low: int, high: int, colours: str
) -> None:
    """Most rack tiles placed, exactly as trying every partition finds (jokers included)."""
    rng = random.Random(f"{lean}{low}{colours}")
    small = [
        t
        for t in range(tr.TILE_COUNT)
        if t >= 104
        or (low <= (tr.face_of(t).number or 0) <= high and tr.face_of(t).colour in colours)
    ]
    for _ in range(16):
        used: set[int] = set()
        table: list[list[int]] = []
        for _set in range(3):
            for _try in range(100):
                pick = rng.sample([t for t in small if t not in used], rng.choice([3, 3, 4]))
                if _valid(tuple(pick)):
                    table.append(pick)
                    used |= set(pick)
                    break
        spare = [t for t in small if t not in used]
        rack = rng.sample(spare, min(len(spare), rng.randint(1, 4)))
        found = tile_search.best_arrangement(
            table, rack, tr.face_of, tile_search.count_weights(keep_jokers=False), lean=lean
        )
        assert all(_valid(tuple(s)) for s in found.sets)
        flat = sorted(t for s in found.sets for t in s)
        assert flat == sorted([*(t for s in table for t in s), *found.placed])
        assert len(found.placed) == _brute_most_placed([t for s in table for t in s], rack)


# --- strength --------------------------------------------------------------------------------


STRENGTH_LIMIT = 3_000  # search steps a move: the beam passes, rarely the exact one


def _match(levels: tuple[str, str], seed: int) -> list[str]:
    """One 2-player game to 50 (at most 2 rounds); the winning levels."""
    state = tr.new_game({"players": 2, "target": 50, "max_rounds": 2}, seed)
    for _move in range(2000):
        if state.phase == "game_over":
            return [levels[w] for w in state.winners]
        if state.phase == "round_over":
            state, _ = tr.apply(state, 0, {"type": "next_round"})
            continue
        seat = state.turn
        view = tr.view(state, seat)
        action = choose_action(view, levels[seat], budget_s=None, node_limit=STRENGTH_LIMIT)
        state, _ = tr.apply(state, seat, action)
    raise AssertionError("the game did not end")


def test_expert_beats_easy_clearly() -> None:
    wins = Counter()
    for seed in range(20):
        levels = ("expert", "easy") if seed % 2 else ("easy", "expert")  # both seat orders
        wins.update(_match(levels, seed))
    assert wins["expert"] >= 17, wins
    assert wins["expert"] >= wins["easy"] + 14, wins


def test_medium_beats_easy() -> None:
    wins = Counter()
    for seed in range(100, 116):
        levels = ("medium", "easy") if seed % 2 else ("easy", "medium")
        wins.update(_match(levels, seed))
    assert wins["medium"] >= 12, wins  # 75% of short games


def test_expert_lays_at_least_what_medium_lays_and_sometimes_more() -> None:
    """The levels' order where it comes from: on positions from real games the
    expert's table search never lays fewer tiles than medium's narrow one.
    (Games between them are too long for CI: ``python -m bench.benchmark --game tile_rummy
    --level-games N`` measures the win rate.)"""
    more = 0
    for view in game_views():
        if not view["may_touch_table"]:
            continue
        rack = {t["id"] for t in view["rack"]}
        counts = []
        for level in ("medium", "expert"):
            proposal = propose(view, level, **FIXED) or []
            counts.append(sum(1 for s in proposal for t in s if t in rack and t < 104))
        assert counts[1] >= counts[0], view["move_no"]
        more += counts[1] > counts[0]
    assert more >= 2


def test_strength_benchmark_parts() -> None:
    """The benchmark's interval, and its baseline: the placement optimum, legal."""
    low, high = strength.wilson(30, 40)
    assert round(low, 3) == 0.598 and round(high, 3) == 0.858
    assert strength.wilson(10, 10)[1] == pytest.approx(1.0)
    state = position(["Y5 K5 B9 J", "R1 R2 R3 R4"], ["B5 B6 B7 B8"], opened=[True, True])
    action = strength.baseline_player(2_000)(tr.view(state, 0))
    new, _ = tr.apply(state, 0, action)
    assert placed(state, new) == ["B9", "J", "K5", "Y5"]  # the joker goes too: all out


# --- the expert beyond the turn ---------------------------------------------------------------


def test_expert_goes_out_in_one_turn_with_its_joker() -> None:
    # Far from danger (the opponent holds many tiles), the joker would be kept,
    # but here it is the last tile: R7 R8 J lays the whole rack.
    state = position(["R7 R8 J", "K1 K2 K4 K6 K8 K10 Y1 Y3"], ["B2 B3 B4"], opened=[True, True])
    _action, new = act(state, "expert")
    assert new.racks[0] == []
    assert new.phase in ("round_over", "game_over")


def test_expert_keeps_its_joker_when_laying_it_adds_nothing_far_from_danger() -> None:
    # B5 goes on the run; the joker could go there too, but gains no tile: kept.
    state = position(["B5 J R1 Y9", "K1 K2 K4 K6 K8 K10 Y1 Y3"], ["B2 B3 B4"], opened=[True, True])
    _action, new = act(state, "expert")
    assert placed(state, new) == ["B5"]
    # The baseline (the placement optimum every turn) lays the joker as well.
    action = strength.baseline_player(2_000)(tr.view(state, 0))
    assert placed(state, tr.apply(state, 0, action)[0]) == ["B5", "J"]


def test_expert_dumps_its_joker_and_points_when_the_opponent_is_close() -> None:
    # The same rack with the opponent down to six tiles: the joker (30) goes too.
    state = position(["B5 J R1 Y9", "K1 K2 K4 K6 K8 K10"], ["B2 B3 B4"], opened=[True, True])
    _action, new = act(state, "expert")
    assert placed(state, new) == ["B5", "J"]


def test_expert_prefers_to_lay_loners_and_keep_pairs() -> None:
    """Among moves laying as many tiles, a tile with a partner on the rack (R6 with
    R7: a run waiting for R5 or R8) is worth less to lay than a loner (K6); the
    tile count still comes first (any extra tile outweighs every preference)."""
    ids = position(["K6 R6 R7 Y12", "K1"]).racks[0]
    weights = tile_rummy_expert.keeping_weights(ids)
    red, black = tr.COLOURS.index("R"), tr.COLOURS.index("K")
    assert weights.real(black, 6) > weights.real(red, 6)
    assert weights.real(red, 1) + weights.real(red, 1) > weights.real(black, 13) + 200
    assert weights.rack_joker < 0  # a joker is kept unless it lets tiles down


def test_the_search_looks_around_table_jokers_when_the_narrow_search_dies() -> None:
    """Both jokers on the table: at a small step limit the whole-table search keeps
    only states that put the jokers where no set can be finished and lays nothing;
    searching again with the joker sets left as they are, one at a time, finds the
    three tiles the optimum lays, for the placement optimum and the expert alike."""
    state = position(
        ["R3 R5 R8 B4 B8 Y9 Y9 Y13 K4", "R2 R4 R6 R7 R9"],
        [
            "R1 B1 K1",
            "B2 B3 B4 B5 B6",
            "Y3 Y4 Y5 Y6 Y7",
            "K6 K7 K8",
            "B8 B9 J",
            "K8 J K10",
            "R11 B11 Y11",
            "B11 Y11 K11",
            "R12 B12 Y12",
        ],
        opened=[True, True],
    )
    view = tr.view(state, 0)
    table, rack, _ = read_view(view)
    narrow = tile_search.anytime_arrangement(
        table, rack, tr.face_of, tile_search.PLACEMENT_WEIGHTS, tile_search.Budget(1_000)
    )
    assert not narrow.placed and not narrow.exact  # the whole-table search alone lays nothing
    # (at 2,000 steps a pass it finishes now: the limit counts each pass alone)
    wider = tile_search.anytime_arrangement(
        table, rack, tr.face_of, tile_search.PLACEMENT_WEIGHTS, tile_search.Budget(2_000)
    )
    assert len(wider.placed) == 3 and wider.exact
    baseline = strength.baseline_player(1_000)(view)  # the placement optimum looks again
    assert len(placed(state, tr.apply(state, 0, baseline)[0])) == 3
    action = choose_action(view, "expert", budget_s=None, node_limit=1_000)
    assert action is not None and action["type"] == "play"
    assert len(placed(state, tr.apply(state, 0, action)[0])) == 3
    assert len(placed(state, act(state, "expert")[1])) == 3  # the optimum, with steps to spare


def test_strength_benchmark_level_pairs() -> None:
    assert strength.level_pairs("") == list(strength.LEVEL_PAIRS)
    assert strength.level_pairs("expert-medium, easy-easy") == [
        ("expert", "medium"),
        ("easy", "easy"),
    ]
    with pytest.raises(ValueError):
        strength.level_pairs("expert-easy")


def test_paired_rounds_take_the_deal_out_of_the_score() -> None:
    """The baseline against itself differs by nothing on every deal; a player that
    only draws loses every round it is paired on, by the baseline's own score."""
    baseline = strength.baseline_player(300)
    same = rounds.paired(baseline, baseline, 1, 7)
    assert same.differences == [0, 0]
    assert same.raw[0] == -same.raw[1]
    drawer = rounds.paired(lambda view: {"type": "draw"}, baseline, 1, 7)
    assert all(d < 0 for d in drawer.differences)
    assert drawer.went_out == 0
    mean, half = rounds.Paired([1.0, 3.0, 5.0]).interval()
    assert mean == 3.0 and half == pytest.approx(1.96 * 2 / 3**0.5)


def test_a_pair_whose_every_third_is_in_sight_waits_for_nothing() -> None:
    """Counting what it has seen: R5 R6 waits for R4 or R7; with both copies of R4
    and of R7 on the table it can never become a set of its own, so R6 is as much
    a loner as K9 and no longer kept for its partner."""
    seen_all = ["R2 R3 R4", "R4 B4 Y4", "R7 B7 K7", "R7 R8 R9"]
    state = position(["K9 R5 R6 Y12", "K1"], seen_all)
    red, black = tr.COLOURS.index("R"), tr.COLOURS.index("K")
    rack = state.racks[0]
    blind = tile_rummy_expert.keeping_weights(rack)
    counting = tile_rummy_expert.keeping_weights(rack, state.table)
    assert blind.real(red, 6) - 6 < blind.real(black, 9) - 9  # R6 kept for its partner
    assert counting.real(red, 6) - 6 == counting.real(black, 9) - 9  # a loner like K9
    one_seen = position(["K9 R5 R6 Y12", "K1"], ["R2 R3 R4"]).table  # R7 may still come
    assert tile_rummy_expert.keeping_weights(rack, one_seen).real(red, 6) == blind.real(red, 6)
