"""Rumbaroo's setup and state: the Config, the State dataclass, the deal, small helpers.

Everything here is plain data; ``turn.apply`` copies a state before changing it.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from ..base import BadConfig, gettext_noop
from ..dealing import first_deal
from ..snapshot import codec, known_fields
from .boxes import DIFFICULTIES, TileFace, box, sort_key, tile_value

KIND = "rumbaroo"
MIN_TARGET = 50
MAX_TARGET = 5000


@dataclass
class Config:
    """Setup, fixed once the game starts. Party (5-8 players) follows from ``players``."""

    difficulty: str = "joey"
    players: int = 2
    target: int = 50
    max_rounds: int = 200  # safety cap: a game of blocked rounds still ends
    move_cap: int = 2000  # safety cap: moves in one round before it goes to the lowest hand

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        config = cls(**known_fields(cls, data))
        if config.difficulty not in DIFFICULTIES:
            raise BadConfig(gettext_noop("difficulty must be joey, wallaby or big_red"))
        if type(config.players) is not int or not 2 <= config.players <= 8:
            raise BadConfig(gettext_noop("Rumbaroo is for 2 to 8 players (Party from 5)"))
        if type(config.target) is not int or not MIN_TARGET <= config.target <= MAX_TARGET:
            raise BadConfig(
                gettext_noop("target must be between %(low)s and %(high)s"),
                low=MIN_TARGET,
                high=MAX_TARGET,
            )
        if config.max_rounds < 1 or config.move_cap < 50:
            raise BadConfig(gettext_noop("the safety caps must be positive"))
        return config

    @property
    def party(self) -> bool:
        return self.players >= 5

    @property
    def big_red(self) -> bool:
        return self.difficulty == "big_red"

    @property
    def hand_size(self) -> int:
        if self.players >= 7:
            return 10
        return 11 if self.players >= 5 else 12


@dataclass
class State:
    config: Config
    seed: int
    round_no: int = 1
    dealer: int = 0
    turn: int = 0
    direction: int = 1  # +1 = seat order, -1 after an odd number of Boomerangs
    phase: str = "play"  # play | drawn | croc | round_over | game_over
    pool: list[int] = field(default_factory=list)  # face down; the end of the list is the top
    hands: list[list[int]] = field(default_factory=list)
    pouches: list[list[int]] = field(default_factory=list)  # 0 or 1 tile each
    table: list[list[int]] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)  # discard pile, the end is the top
    pile_by: list[int | None] = field(default_factory=list)  # who played each pile tile
    colour: str = "R"  # the colour to match (the top tile's, or the one chosen for it)
    skips: list[int] = field(default_factory=list)  # turns each seat still has to miss
    croc: int = 0  # tiles waiting for the seat to act (phase "croc")
    drawn: int | None = None  # the tile just drawn, which may be played at once
    called: bool = False  # Rumbaroo! was pressed during the current turn
    turn_peak: int = 0  # most tiles held during the current turn (the call is for dropping to 1)
    stashed: bool = False  # the current turn put a tile in the pouch
    stash_block: int | None = None  # Party: who stashed on the turn just played
    stampede_used: list[bool] = field(default_factory=list)
    passes: int = 0  # passes in a row from an empty pool (a full lap blocks the round)
    idle_turns: int = 0  # turns in a row without a tile reaching pile or table (lap cap)
    last_actor: int | None = None
    round_moves: int = 0
    totals: list[int] = field(default_factory=list)
    round_scores: list[int] | None = None
    round_winner: int | None = None
    end_reason: str | None = None  # out | blocked | lap_cap | move_cap
    winners: list[int] = field(default_factory=list)
    move_no: int = 0


to_json, from_json = codec(State, Config.from_dict)


def clone(state: State) -> State:
    """A deep copy, fast: the config is never changed, everything else is lists of ints."""
    new = copy.copy(state)
    for name, value in vars(state).items():
        if isinstance(value, list):
            setattr(new, name, [list(v) if isinstance(v, list) else v for v in value])
    return new


def faces(state: State) -> tuple[TileFace, ...]:
    return box(state.config.difficulty, state.config.party)


def face_of(state: State, tile: int) -> TileFace:
    return faces(state)[tile]


def value_of(state: State, tile: int) -> int:
    return tile_value(face_of(state, tile), state.config.big_red)


def sort_hand(state: State, tiles: list[int]) -> list[int]:
    all_faces = faces(state)
    return sorted(tiles, key=lambda t: sort_key(all_faces[t], t))


def holding(state: State, seat: int) -> int:
    """Tiles a seat still has to get rid of: hand and pouch."""
    return len(state.hands[seat]) + len(state.pouches[seat])


def next_seat(state: State, seat: int, steps: int = 1) -> int:
    return (seat + steps * state.direction) % state.config.players


def new_game(config: dict[str, Any] | Config, seed: int) -> State:
    """Deal round one; the dealer is drawn from the seed and moves on each round."""
    cfg = config if isinstance(config, Config) else Config.from_dict(config)
    return first_deal(State(config=cfg, seed=seed, totals=[0] * cfg.players), deal)


def deal(state: State, rng: random.Random) -> None:
    """Shuffle the box, deal the hands, flip a number tile to start the pile.

    An action tile or Wild flipped first goes to the bottom of the pool (it is
    buried) and the next tile is flipped, until a number tile shows.
    """
    cfg = state.config
    n, size = cfg.players, cfg.hand_size
    all_faces = faces(state)
    tiles = list(range(len(all_faces)))
    rng.shuffle(tiles)
    state.hands = [sort_hand(state, tiles[i * size : (i + 1) * size]) for i in range(n)]
    pool = tiles[n * size :]
    while not all_faces[pool[-1]].is_number:
        pool.insert(0, pool.pop())
    start = pool.pop()
    state.pool = pool
    state.pile = [start]
    state.pile_by = [None]
    state.colour = all_faces[start].colour or "R"
    state.pouches = [[] for _ in range(n)]
    state.table = []
    state.skips = [0] * n
    state.stampede_used = [False] * n
    state.direction = 1
    state.turn = (state.dealer + 1) % n
    state.turn_peak = holding(state, state.turn)
    state.phase = "play"
    state.croc = 0
    state.drawn = None
    state.called = False
    state.stashed = False
    state.stash_block = None
    state.passes = 0
    state.idle_turns = 0
    state.last_actor = None
    state.round_moves = 0
    state.round_scores = None
    state.round_winner = None
    state.end_reason = None
    state.winners = []


def draw_tiles(state: State, seat: int, count: int) -> list[int]:
    """Draw up to ``count`` from the pool (it is never reshuffled: an empty pool gives nothing)."""
    got = [state.pool.pop() for _ in range(min(count, len(state.pool)))]
    state.hands[seat] = sort_hand(state, state.hands[seat] + got)
    return got


def take_from_seat(state: State, seat: int, tile: int) -> None:
    """Remove a tile the seat plays from its hand or its pouch."""
    if tile in state.hands[seat]:
        state.hands[seat].remove(tile)
    else:
        state.pouches[seat].remove(tile)


def owns(state: State, seat: int, tile: Any) -> bool:
    """The tile is in the seat's hand or pouch (a pouch tile plays as if from the hand)."""
    return type(tile) is int and (tile in state.hands[seat] or tile in state.pouches[seat])


def all_tiles(state: State) -> list[int]:
    """Every id wherever it sits; conservation means each appears exactly once."""
    out = list(state.pool) + list(state.pile) + [t for m in state.table for t in m]
    for hand, pouch in zip(state.hands, state.pouches, strict=True):
        out += hand + pouch
    return out


def hand_value(state: State, seat: int) -> int:
    return sum(value_of(state, t) for t in state.hands[seat] + state.pouches[seat])
