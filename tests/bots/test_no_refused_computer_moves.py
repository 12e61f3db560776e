"""No computer, at any level of any game, proposes a move its engine refuses.

The site (``games.services.computers._computer_move``) plays a computer's move and,
when the engine refuses it, logs the refusal and plays ``TIMEOUT_ACTION``
instead: the table goes on, but the computer played the clock's move rather
than its own, and a refusal is a bot that does not know a rule. These
playouts drive the engine and the bot directly with that same fallback and
count the refusals: there must be none.

Every game in the catalogue, every level, its short contract setups and a
couple of seeds; Rumasta also plays one full-length game per level, because
its one-round setups seldom reach the end of the stock, where the medium
computer once proposed a take that would have left it two cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games import catalogue
from games.engine.base import IllegalAction

SEEDS = (1, 2)
MAX_ACTIONS = 20000
# Setups played on top of each game's contract setups (kind -> [(config, seeds)]).
LONG_GAMES: dict[str, list[tuple[dict[str, Any], tuple[int, ...]]]] = {
    "rumasta": [({"players": 4}, (2,))],
}


def _cases() -> Iterator[Any]:
    for entry in catalogue.ready():
        for level in entry.levels:
            yield pytest.param(entry, level.key, id=f"{entry.kind}-{level.key}")


def _setups(entry: catalogue.GameEntry) -> list[tuple[dict[str, Any], tuple[int, ...]]]:
    short = [(dict(config), SEEDS) for config in entry.contract_configs]
    return short + LONG_GAMES.get(entry.kind, [])


def refusals(entry: catalogue.GameEntry, config: dict[str, Any], level: str, seed: int) -> list:
    """Play one game to its end as the site would; return every refused computer move."""
    engine = catalogue.load(entry.engine)
    bot = catalogue.load(entry.bot).choose_action
    state = engine.new_game(config, seed)
    refused: list[tuple[int, str, Any]] = []
    for _ in range(MAX_ACTIONS):
        outcome = engine.result(state)
        if outcome is not None and outcome.game_over:
            return refused
        seat = min(engine.to_act(state))
        view = engine.view(state, seat)
        action = bot(view, level, **entry.contract_bot_options) or engine.TIMEOUT_ACTION
        try:
            state, _ = engine.apply(state, seat, action)
        except IllegalAction as exc:  # the service's fallback, counted
            refused.append((seed, exc.code, action))
            state, _ = engine.apply(state, seat, engine.TIMEOUT_ACTION)
    pytest.fail(f"{entry.kind} seed {seed}: no end after {MAX_ACTIONS} actions")


@pytest.mark.parametrize(("entry", "level"), list(_cases()))
def test_no_computer_move_is_refused(entry: catalogue.GameEntry, level: str) -> None:
    found = [
        (config, refusal)
        for config, seeds in _setups(entry)
        for seed in seeds
        for refusal in refusals(entry, config, level, seed)
    ]
    assert found == [], f"{entry.kind} {level}: the engine refused {len(found)} computer moves"
