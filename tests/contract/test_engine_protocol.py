"""Every game in the catalogue follows the engine Protocol at run time, and its views
have the shape of the TypedDict its ``view`` is annotated with.

mypy checks each engine against ``games.engine.contract`` (its ``conformance.py``);
this checks whatever the catalogue lists (a game whose conformance module is missing),
and that the views a short timeout playout shows every seat and a spectator hold
exactly the keys, at every depth, that the types say.
"""

from __future__ import annotations

import importlib
import typing

import pytest

from games import catalogue
from games.engine.contract import Engine, LegalMoves
from tests.contract.view_shapes import check, view_type

MAX_MOVES = 600
GAMES = [pytest.param(entry, id=entry.kind) for entry in catalogue.ready()]


@pytest.mark.parametrize("entry", GAMES)
def test_engine_and_its_legal_moves_follow_the_protocol(entry: catalogue.GameEntry) -> None:
    assert isinstance(catalogue.load(entry.engine), Engine)
    assert isinstance(importlib.import_module(f"{entry.engine}.legal"), LegalMoves)


@pytest.mark.parametrize("entry", GAMES)
def test_every_view_has_the_shape_its_type_declares(entry: catalogue.GameEntry) -> None:
    engine = catalogue.load(entry.engine)
    shape = view_type(engine.view)
    assert typing.is_typeddict(shape), f"{entry.kind}: view is not typed with a TypedDict"
    config = dict(entry.contract_configs[0])
    state = engine.new_game(config, 7)
    for move in range(MAX_MOVES):
        if move % 25 == 0 or engine.result(state) is not None:
            for seat in [None, *range(config.get("players", 2))]:
                check(engine.view(state, seat), shape, "view")
        result = engine.result(state)
        if result is not None and result.game_over or not engine.to_act(state):
            return
        seat = min(engine.to_act(state))
        state, _ = engine.apply(state, seat, engine.TIMEOUT_ACTION)
