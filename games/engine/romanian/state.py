"""Romanian Tile Rummy's setup and state: Config, State, JSON, copies and small helpers.

Everything is plain data (lists of ints, bools, small dicts) so a state
round-trips through JSON exactly; ``turn.apply`` copies before it changes.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ..base import IllegalAction, gettext_noop
from ..snapshot import codec, known_fields
from .tiles import TILE_COUNT, sort_tiles
from .view_types import ScoreRow

KIND = "romanian_tile_rummy"
THRESHOLDS = (50, 45)
PENALTIES = ("flat200", "rack100")
MAX_ROUNDS = 20


@dataclass
class Config:
    """Setup, fixed once the game starts (RULINGS: house options shown on the table)."""

    players: int = 2
    rounds: int = 4
    threshold: int = 50
    penalty: str = "flat200"  # flat200: -200 | rack100: -(100 + rack value)
    discard_counts: bool = False  # a taken last discard may open (and count) before opening
    turn_cap: int = 400  # safety cap: turns in one round before it ends as if the wall ran out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        if not isinstance(data, dict):
            raise IllegalAction(
                "bad_config", gettext_noop("The game setup must be a set of options.")
            )
        config = cls(**known_fields(cls, data))
        config.check()
        return config

    def check(self) -> None:
        def bad(message: str, **params: object) -> IllegalAction:
            return IllegalAction("bad_config", message, **params)

        if type(self.players) is not int or not 2 <= self.players <= 4:
            raise bad(gettext_noop("Romanian Tile Rummy is for 2 to 4 players."))
        if type(self.rounds) is not int or not 1 <= self.rounds <= MAX_ROUNDS:
            raise bad(gettext_noop("A game is 1 to %(most)s rounds."), most=MAX_ROUNDS)
        if self.threshold not in THRESHOLDS or type(self.threshold) is not int:
            raise bad(gettext_noop("The opening threshold is 50 or 45."))
        if self.penalty not in PENALTIES:
            raise bad(gettext_noop("The nothing-melded penalty is flat200 or rack100."))
        if type(self.discard_counts) is not bool:
            raise bad(
                gettext_noop("Whether a taken discard counts toward the threshold is yes or no.")
            )
        if type(self.turn_cap) is not int or self.turn_cap < 50:
            raise bad(gettext_noop("The turn cap must be at least 50."))


@dataclass
class State:
    config: Config
    seed: int
    round_no: int = 1
    dealer: int = 0
    first_player: int = 1  # the dealer's right: fifteen tiles, discards first
    turn: int = 0
    # doubla | doubla_swap | first_discard | draw | play | round_over | game_over
    phase: str = "doubla"
    racks: list[list[int]] = field(default_factory=list)
    wall: list[int] = field(default_factory=list)  # draw order: index 0 is drawn next
    discards: list[int] = field(default_factory=list)  # the row, oldest first
    discarded_by: list[int] = field(default_factory=list)
    first_discard: int | None = None  # the fifteen-tile player's discard: out of play
    melds: list[list[list[int]]] = field(default_factory=list)  # per seat, in display order
    laid_by: list[int] = field(default_factory=list)  # per tile: first seat to meld it, or -1
    opened: list[bool] = field(default_factory=list)
    opened_this_turn: bool = False
    drawn: int | None = None  # the tile drawn or taken this turn
    took_discard: bool = False
    announced: list[bool] = field(default_factory=list)
    spare: int = 0  # the tile turned face up (its face is public)
    spare_stack: int = 1  # the stack it was counted to, 1-15
    joly_spares: int = 0  # jolys turned as the spare and shuffled back this round
    doubla_pairs: list[list[int] | None] = field(default_factory=list)  # private: pair held
    doubla_heights: list[str | None] = field(default_factory=list)  # public once all answered
    doubla_answered: list[bool] = field(default_factory=list)
    swap_with: list[int | None] = field(default_factory=list)
    swap_answered: list[bool] = field(default_factory=list)
    swaps: list[list[int]] = field(default_factory=list)  # pairs of seats that swapped
    takes: list[list[Any]] = field(default_factory=list)  # public: [seat, [ids taken]]
    turns: int = 0  # turns taken this round (the safety cap)
    move_no: int = 0
    totals: list[int] = field(default_factory=list)
    round_scores: list[int] | None = None
    round_history: list[list[int]] = field(default_factory=list)
    breakdown: list[ScoreRow[int]] | None = None
    round_winner: int | None = None
    all_at_once: bool = False
    end_reason: str | None = None  # out | wall | turn_cap
    winners: list[int] = field(default_factory=list)


to_json, from_json = codec(State, Config.from_dict, deep=True)


def clone(state: State) -> State:
    """A deep copy: apply never changes the state it was given."""
    new = copy.copy(state)
    for name, value in vars(state).items():
        if isinstance(value, list):
            setattr(new, name, copy.deepcopy(value))
    return new


def next_seat(state: State, seat: int) -> int:
    """Play passes counterclockwise; seat numbers run counterclockwise too."""
    return (seat + 1) % state.config.players


def all_tiles(state: State) -> list[int]:
    """Every id wherever it lies; conservation means each appears exactly once."""
    out = list(state.wall) + list(state.discards)
    if state.first_discard is not None:
        out.append(state.first_discard)
    for rack in state.racks:
        out += rack
    for seat_melds in state.melds:
        for meld in seat_melds:
            out += meld
    return out


def conserved(state: State) -> bool:
    return sorted(all_tiles(state)) == list(range(TILE_COUNT))


def give(state: State, seat: int, tiles: list[int]) -> None:
    state.racks[seat] = sort_tiles(state.racks[seat] + tiles)


def remove(state: State, seat: int, tiles: list[int]) -> None:
    gone = set(tiles)
    state.racks[seat] = [t for t in state.racks[seat] if t not in gone]
