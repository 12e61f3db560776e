"""A hand-made Romanian Tile Rummy round whose move log still replays, for the review and hint.

``deal`` makes every new Romanian game deal the crafted position (the engine's
``new_game`` is patched), so a review replays the log from it exactly as from a
seeded deal. The round, seat 0 (the test client) against seat 1 (a computer
seat driven by hand, since no commit runs its turns here):

* seat 0 draws K2 and opens with R10-R13 and B5-B7 (55; R9-R13 with B5-B7, 60
  in 8 tiles, was the most), then discards Y1;
* seat 1 draws R6 and discards it;
* seat 0 draws B8, adds it to B5-B7 (R9 on R10-R13 too was the most: 2 tiles,
  10 points), then discards K13;
* seat 1 draws B4 and goes out with K5-K10, Y3-Y6 and B1-B4, discarding R4.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.test import Client

from games import services
from games.engine import romanian as ro
from games.models import Game
from tests.engine.romanian.ro_helpers import table
from tests.web.conftest import dealt
from tests.web.romanian.conftest import DEFAULTS

ME = "R9 R10 R11 R12 R13 B5 B6 B7 Y1 K4 Y8 B11 K13 Y12"
COMPUTER = "K5 K6 K7 K8 K9 K10 Y3 Y4 Y5 Y6 B1 B2 B3 R4"
WALL = "K2 R6 B8 B4"


def crafted(rounds: int = 4) -> ro.State:
    return table({0: ME, 1: COMPUTER}, wall=WALL, phase="draw", turn=0, config={"rounds": rounds})


def deal(
    monkeypatch: pytest.MonkeyPatch, client: Client, capture: Any, state: ro.State | None = None
) -> Game:
    """A game started through the setup page at ``state`` (the crafted round by default)."""
    state = state or crafted()
    monkeypatch.setattr(ro, "new_game", lambda config, seed: copy.deepcopy(state))
    return dealt(client, capture, "/romanian/new/", {**DEFAULTS, "rounds": state.config.rounds})


def act(game: Game, seat: int, action: dict[str, Any]) -> Game:
    """One move through the service (computer turns are not run: no commit here)."""
    game.refresh_from_db()
    return services.play(game.id, seat, action, game.version)


def ids(game: Game, seat: int, faces: str) -> list[int]:
    """Ids of these faces on a seat's rack now, each id once."""
    game.refresh_from_db()
    rack = list(ro.from_json(game.state).racks[seat])
    out = []
    for face in faces.split():
        tile = next(t for t in rack if str(ro.face_of(t)) == face)
        rack.remove(tile)
        out.append(tile)
    return out


def my_first_turn(game: Game) -> None:
    act(game, 0, {"type": "draw"})
    melds = [ids(game, 0, "R10 R11 R12 R13"), ids(game, 0, "B5 B6 B7")]
    act(game, 0, {"type": "meld", "melds": melds})
    act(game, 0, {"type": "discard", "tile": ids(game, 0, "Y1")[0]})


def computer_passes(game: Game) -> None:
    act(game, 1, {"type": "draw"})
    act(game, 1, {"type": "discard", "tile": ids(game, 1, "R6")[0]})


def my_second_turn(game: Game) -> None:
    act(game, 0, {"type": "draw"})
    act(game, 0, {"type": "meld", "add": [[0, 1, ids(game, 0, "B8")]]})
    act(game, 0, {"type": "discard", "tile": ids(game, 0, "K13")[0]})


def computer_goes_out(game: Game) -> None:
    act(game, 1, {"type": "draw"})
    melds = [ids(game, 1, f) for f in ("K5 K6 K7 K8 K9 K10", "Y3 Y4 Y5 Y6", "B1 B2 B3 B4")]
    act(game, 1, {"type": "meld", "melds": melds})
    act(game, 1, {"type": "discard", "tile": ids(game, 1, "R4")[0]})


def play_round(game: Game) -> Game:
    my_first_turn(game)
    computer_passes(game)
    my_second_turn(game)
    computer_goes_out(game)
    game.refresh_from_db()
    return game
