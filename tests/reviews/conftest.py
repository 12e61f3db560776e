"""A Tile Rummy game dealt from a crafted position whose move log still replays.

The engine's ``new_game`` is patched to deal the crafted state, so the game's
log replays from it exactly as from a seeded deal: what a review does, and
what the table's log does for the first move.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from games import services
from games.engine import tile_rummy as tr
from games.models import Game
from tests.engine.helpers import build, table_of
from tests.web.conftest import start_game

__all__ = ["start_game"]

# Seat 0 (the client) can lay its whole rack as an opening (a go-out), draws instead,
# then lays the run and the group on its next two turns; seat 1 (the computer) draws
# Y11 and Y6, then goes out with everything.
ME = "R10 R11 R12 B1 B2 B3"
COMPUTER = "K1 K2 K3 Y7 Y8 Y9 Y10 K11 K12 K13"
POOL_TOP = "K5 Y11 Y6"
COMPUTER_OUT = ("K1 K2 K3", "Y6 Y7 Y8 Y9 Y10 Y11", "K11 K12 K13")


@pytest.fixture
def crafted(monkeypatch: pytest.MonkeyPatch) -> Callable[..., tr.State]:
    """Make every new Tile Rummy game deal the crafted position (``target`` as given)."""

    def deal(target: int = 200, totals: list[int] | None = None) -> tr.State:
        state = build(racks=[ME, COMPUTER], pool_top=POOL_TOP, turn=0, target=target, totals=totals)
        monkeypatch.setattr(tr, "new_game", lambda config, seed: copy.deepcopy(state))
        return state

    return deal


@pytest.fixture
def dealt(crafted: Callable[..., tr.State], start_game: Callable[..., Game]) -> Callable[..., Game]:
    """A game at the crafted deal, seat 0 owned by the test client, seat 0 to play."""

    def make(target: int = 200, totals: list[int] | None = None) -> Game:
        crafted(target, totals)
        return start_game()

    return make


def act(game: Game, seat: int, action: dict[str, Any]) -> Game:
    """Play one move through the service (computer turns are not run: no commit here)."""
    game.refresh_from_db()
    return services.play(game.id, seat, action, game.version)


def play_table(game: Game, seat: int, *sets: str) -> Game:
    """Play the table as it is plus ``sets`` (faces from the table first, then the rack)."""
    game.refresh_from_db()
    state = tr.from_json(game.state)
    new_sets = table_of(state, *sets, seat=seat)
    return act(game, seat, {"type": "play", "table": [*state.table, *new_sets]})


def play_round(game: Game) -> Game:
    """The crafted round: seat 0 draws, lays the run, lays the group; seat 1 goes out."""
    act(game, 0, {"type": "draw"})
    act(game, 1, {"type": "draw"})
    play_table(game, 0, "R10 R11 R12")
    act(game, 1, {"type": "draw"})
    play_table(game, 0, "B1 B2 B3")
    game = play_table(game, 1, *COMPUTER_OUT)
    game.refresh_from_db()
    return game
