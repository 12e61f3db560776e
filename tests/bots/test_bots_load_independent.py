"""Romanian, Rumasta and Rumbaroo computers move the same on a busy machine as on an idle one.

Issue 30: a player meets the computers when the server is busiest. Each bot
module's docstring says what its budget is (Romanian: a step count;
Rumasta and Rumbaroo: none, they do not search). These tests hold it, per
game and level, on seeded positions from playouts: the moves decided idle,
beside busy processes and in a fresh interpreter (another hash seed, another
``random`` state) are the same, and no bot module reads a clock or an
unseeded generator. (Tile Rummy has its own tests.)
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bench.benchmarks import busy
from games import catalogue
from games.bots import rumasta
from games.engine import rumasta as rumasta_engine

BOTS = {
    "romanian_tile_rummy": ("games/bots/romanian/__init__.py", "games/bots/romanian/search.py"),
    "rumasta": ("games/bots/rumasta/__init__.py", "games/bots/rumasta/hand.py"),
    "rumbaroo": ("games/bots/rumbaroo/__init__.py",),
}
POSITIONS = 15
CLOCKS = {"time", "datetime", "random", "secrets", "threading", "multiprocessing", "os"}
Views = dict[str, list[dict[str, Any]]]


def _levels(kind: str) -> list[str]:
    return [level.key for level in catalogue.get(kind).levels]


@pytest.fixture(scope="module", params=sorted(BOTS))
def game(request: pytest.FixtureRequest) -> tuple[str, Views]:
    """A game kind and its seeded positions, per level (played once per module)."""
    entry = catalogue.get(request.param)
    return entry.kind, {lv: busy.positions(entry, lv, POSITIONS) for lv in _levels(entry.kind)}


def _moves(kind: str, level: str, views: list[dict[str, Any]]) -> list[Any]:
    choose = catalogue.load(catalogue.get(kind).bot).choose_action
    return [d.action for d in busy.decide(choose, views, level)]


def test_the_same_move_beside_busy_processes(game: tuple[str, Views]) -> None:
    kind, views = game
    idle = {level: _moves(kind, level, views[level]) for level in views}
    with busy.busy(2):
        loaded = {level: _moves(kind, level, views[level]) for level in views}
    for level in views:
        assert len(idle[level]) == POSITIONS
        assert loaded[level] == idle[level], f"{kind} {level} moved differently under load"


def test_the_same_move_in_another_process(game: tuple[str, Views]) -> None:
    kind, views = game
    for level in views:
        here = json.loads(json.dumps(_moves(kind, level, views[level])))
        assert busy.decide_elsewhere(kind, level, views[level], hash_seed=1) == here
        assert busy.decide_elsewhere(kind, level, views[level], hash_seed=2) == here


@pytest.mark.parametrize("path", [p for paths in BOTS.values() for p in paths])
def test_no_clock_and_no_unseeded_randomness(path: str) -> None:
    tree = ast.parse(Path(path).read_text())
    imported = {
        a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
    }
    imported |= {
        (n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
    }
    assert not imported & CLOCKS, f"{path} imports {imported & CLOCKS}"


def _cut_view(seed: int) -> dict[str, Any]:
    state = rumasta_engine.new_game({"players": 4}, seed)
    seat = min(rumasta_engine.to_act(state))
    view = rumasta_engine.view(state, seat)
    assert view["phase"] == "cut"
    return view


def test_rumasta_cut_error_comes_from_the_view_only() -> None:
    """The one 'random' Rumasta choice, the cut's aim error, is a hash of the view."""
    views = [_cut_view(seed) for seed in range(8)]
    first = []
    for view in views:
        random.seed(1)
        first.append(rumasta.choose_action(view, "easy"))
    again = []
    for view in views:
        random.seed(2)
        again.append(rumasta.choose_action(dict(view), "easy"))
    assert again == first
    errors = {a["count"] - v["cut"]["target"] for a, v in zip(first, views, strict=True)}
    assert len(errors) > 1, "the aim error should vary with the round, seat and move"
