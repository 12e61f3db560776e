"""Issue 30: a Tile Rummy computer is as strong on a busy server as on an idle one.

The expert's move is decided by a fixed number of search steps, never by a
clock, so the same view gives the same move with or without other work on the
machine. Each test here keeps the machine busy itself (``busy``: processes
spinning beside it, stopped in a ``finally``) and calls the bots exactly as
the site does, with their defaults (the CPU-time safety net armed).
Plain pytest functions: no database is needed.
"""

from __future__ import annotations

import copy
import logging
import random
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest

from bench.benchmarks import busy as spinning
from bench.benchmarks.tile_rummy import mid_game_views
from bench.benchmarks.tile_rummy_busy import placement_chooser
from games.bots.tile_rummy import EXPERT_NODES, choose_action, is_legal_play, set_value
from games.bots.tile_rummy.best import read_view
from games.engine import tile_rummy as tr
from games.log_context import GameIdFilter, about_game
from research.tile_rummy_ilp import reference_opening

BUSY_PROCESSES = 3  # on this 2-core machine: more runnable work than cores
# Mid-game seeds (``mid_game_views``) whose expert move costs the most steps: up to
# 25,000 over all its searches, the slowest of 200 seeded positions.
HEAVY_SEEDS = (1008, 1109, 1137, 1154, 1214, 1302)
# Racks of an unopened seat, from a fresh deal up to the 30-odd tiles of a seat that
# could not open for many turns (where the opening search is largest).
RACK_SIZES = (14, 20, 26, 32, 38)
RACKS_PER_SIZE = 6


@contextmanager
def busy(processes: int = BUSY_PROCESSES) -> Iterator[None]:
    """Other processes spinning on every core for the duration of the block: the harness's
    own (spawned, not forked: this test runner has threads, where a fork is unsafe)."""
    with spinning.busy(processes):
        yield


@cache
def heavy_views() -> tuple[dict[str, Any], ...]:
    return tuple(mid_game_views(1, first_seed=seed)[0] for seed in HEAVY_SEEDS)


def unopened_view(size: int, seed: int) -> dict[str, Any]:
    """Seat 0 to open, with a seeded rack of ``size`` tiles (every tile kept in one place)."""
    state = copy.deepcopy(tr.new_game({"players": 2}, seed))
    tiles = list(range(tr.TILE_COUNT))
    random.Random(f"load-opening-{size}-{seed}").shuffle(tiles)
    state.racks = [sorted(tiles[:size], key=tr.sort_key), sorted(tiles[size : size + 14])]
    state.pool, state.table = tiles[size + 14 :], []
    state.opened, state.turn = [False, False], 0
    return tr.view(state, 0)


@cache
def racks_with_an_opening() -> tuple[tuple[dict[str, Any], int], ...]:
    """(view, tiles of the best opening from natural tiles alone, 0 if none) for seeded
    racks where an opening worth 30 exists, as the integer program says."""
    found = []
    for size in RACK_SIZES:
        seed = 0
        kept = 0
        while kept < RACKS_PER_SIZE:
            view = unopened_view(size, seed)
            seed += 1
            _table, rack, _touch = read_view(view)
            if reference_opening(rack) is None:
                continue
            naturals = [t for t in rack if not tr.face_of(t).wild]
            plain = reference_opening(naturals)
            found.append((view, plain.tiles if plain else 0))
            kept += 1
    return tuple(found)


def laid_opening(view: dict[str, Any], action: dict[str, Any] | None) -> list[list[int]]:
    """The new sets of an opening move, checked as the engine would."""
    assert action is not None and action["type"] == "play", "an opening was there to make"
    table, rack, touch = read_view(view)
    assert is_legal_play(table, rack, touch, action["table"])
    return [s for s in action["table"] if s not in table]


def test_the_expert_moves_the_same_on_a_busy_machine() -> None:
    views = [*heavy_views(), *(v for v, _plain in racks_with_an_opening()[-2 * RACKS_PER_SIZE :])]
    idle = [choose_action(view, "expert") for view in views]
    with busy():
        loaded = [choose_action(view, "expert") for view in views]
    same = sum(a == b for a, b in zip(idle, loaded, strict=True))
    assert same == len(views), f"only {same} of {len(views)} moves the same under load"


def test_the_hint_and_the_review_are_the_same_on_a_busy_machine() -> None:
    """The placement search as the hint and the review run it (their step limits, their
    safety caps armed) finds the same, exact, answer beside busy processes."""
    from games.web.tile_rummy.hint import HINT_NODES, HINT_SECONDS
    from reviews.tile_rummy import NODE_LIMIT, TURN_SECONDS

    views = heavy_views()
    for nodes, cap in ((HINT_NODES, HINT_SECONDS), (NODE_LIMIT, TURN_SECONDS or 3600.0)):
        choose = placement_chooser(nodes, cap)
        idle = [choose(view, "") for view in views]
        with busy():
            loaded = [choose(view, "") for view in views]
        assert loaded == idle
        assert all(found is None or (found[3] and not found[4]) for found in idle)  # exact


@pytest.mark.parametrize("level", ["expert", "medium"])
def test_an_opening_is_never_missed_on_a_busy_machine(level: str) -> None:
    """Every seeded rack with an opening worth 30 opens, at the level's own rules: the
    expert lays at least the most natural tiles an opening can hold (its jokers it
    may keep), medium an opening of its rack sets; the same opening as when idle."""
    racks = racks_with_an_opening()
    idle = [choose_action(view, level) for view, _plain in racks]
    with busy():
        loaded = [choose_action(view, level) for view, _plain in racks]
    for (view, plain), move, unhurried in zip(racks, loaded, idle, strict=True):
        sets = laid_opening(view, move)
        assert sum(set_value(s) for s in sets) >= tr.OPENING_MINIMUM
        if level == "expert":
            assert sum(len(s) for s in sets) >= max(plain, 1)
        assert move == unhurried


def test_the_safety_net_is_logged_with_the_game_and_the_level(caplog) -> None:
    """The id is stamped while the move is handled, as the site's log handler does
    (another handler, such as Celery's, may have replaced the console one)."""
    view = heavy_views()[0]
    caplog.handler.addFilter(GameIdFilter())
    with caplog.at_level(logging.WARNING, logger="games.bots.tile_rummy"), about_game("game-30"):
        action = choose_action(view, "expert", budget_s=0.0)
        assert choose_action(view, "expert") is not None  # the next move is not logged
    assert action is not None  # the best move found so far is still played
    (record,) = caplog.records
    assert record.levelno == logging.WARNING and record.level == "expert"
    assert "expert" in record.getMessage() and "safety cap" in record.getMessage()
    assert record.game_id == "game-30"


def test_the_expert_move_is_decided_by_its_step_limit() -> None:
    """The default is the level's step limit: the same move as with it named, no clock."""
    for view in heavy_views():
        report: dict[str, Any] = {}
        named = choose_action(view, "expert", None, node_limit=EXPERT_NODES)
        assert choose_action(view, "expert", report=report) == named
        assert report["nodes"] > 0 and not report["timed_out"]


def test_the_safety_net_counts_this_threads_cpu_time_not_the_wall_clock() -> None:
    """Time the thread spends off the CPU (another process running, here a sleep) never
    trips the net; only the search's own work does."""
    import time

    from games.bots.tile_rummy.search import Budget, SearchAborted

    budget = Budget.capped(None, 0.05)
    time.sleep(0.2)  # four times the cap passes on the wall clock
    budget.check_clock()  # not tripped
    with pytest.raises(SearchAborted):
        end = time.thread_time() + 0.1
        while time.thread_time() < end:  # the thread's own work
            pass
        budget.check_clock()
    assert budget.timed_out
