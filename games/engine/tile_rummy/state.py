"""Tile Rummy's setup and saved state: the config, the state, JSON, a new game and the deal.

Apart from the turn so a save is read and a round dealt without the rules of play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..base import BadConfig, gettext_noop
from ..dealing import first_deal
from ..snapshot import codec, known_fields
from .tiles import TILE_COUNT, sort_key

KIND = "tile_rummy"
RACK_SIZE = 14
# RULINGS: the game lengths a table may choose; 200 is the rules' own number.
TARGETS = (50, 100, 150, 200)
DEFAULT_TARGET = 200


@dataclass
class Config:
    players: int = 2
    meld_rule: str = "standard"
    target: int = DEFAULT_TARGET
    max_rounds: int = 100

    def __post_init__(self) -> None:
        """Checked on every construction, so no state (new, loaded or built) holds a bad setup."""
        if not 2 <= self.players <= 4:
            raise BadConfig(gettext_noop("Tile Rummy is for 2 to 4 players"))
        if self.meld_rule not in ("standard", "shared"):
            raise BadConfig(gettext_noop("meld rule must be standard or shared"))
        if type(self.target) is not int or self.target not in TARGETS:
            raise BadConfig(
                gettext_noop("target must be 50, 100, 150 or 200 points, not %(target)s"),
                target=repr(self.target),
            )
        if self.max_rounds < 1:
            raise BadConfig(gettext_noop("a game needs at least one round"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        return cls(**known_fields(cls, data))


@dataclass
class State:
    config: Config
    seed: int
    round_no: int = 1
    dealer: int = 0
    turn: int = 0
    pool: list[int] = field(default_factory=list)
    racks: list[list[int]] = field(default_factory=list)
    table: list[list[int]] = field(default_factory=list)
    opened: list[bool] = field(default_factory=list)
    passes: int = 0
    totals: list[int] = field(default_factory=list)
    round_scores: list[int] | None = None
    winners: list[int] = field(default_factory=list)
    phase: str = "play"
    move_no: int = 0


to_json, from_json = codec(State, Config.from_dict)


def new_game(config: dict[str, Any] | Config, seed: int) -> State:
    """Deal round one; the dealer is drawn from the seed and moves on each round."""
    cfg = config if isinstance(config, Config) else Config.from_dict(config)
    return first_deal(State(config=cfg, seed=seed, totals=[0] * cfg.players), deal)


def deal(state: State, rng: random.Random) -> None:
    """One deal for round one and every next round, each from its own seeded generator."""
    tiles = list(range(TILE_COUNT))
    rng.shuffle(tiles)
    n = state.config.players
    state.racks = [
        sorted(tiles[i * RACK_SIZE : (i + 1) * RACK_SIZE], key=sort_key) for i in range(n)
    ]
    state.pool = tiles[n * RACK_SIZE :]
    state.table = []
    state.opened = [False] * n
    state.passes = 0
    state.round_scores = None
    state.winners = []
    state.phase = "play"
    state.turn = (state.dealer + 1) % n
