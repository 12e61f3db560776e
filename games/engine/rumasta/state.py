"""Rumasta's setup and state: Config, State, sides (teams), cloning, JSON, small helpers.

Everything is plain data (ints, strings, lists, dicts) so ``to_json`` is
``asdict`` and ``apply`` can copy a state cheaply before changing the copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base import IllegalAction, gettext_noop
from ..snapshot import codec, known_fields
from .cards import CARD_COUNT, sort_cards
from .view_types import HeartResult, HeartWindow, SideSteps

KIND = "rumasta"
LAYOUTS = {2: ("none",), 3: ("none",), 4: ("none", "2v2"), 5: ("none",)}
LAYOUTS[6] = ("none", "3v3", "2v2v2")
STANDARD_TEAMS = {4: "2v2", 6: "3v3"}
MIN_TARGET, MAX_TARGET = 100, 20000


@dataclass
class Config:
    """Setup, fixed once the game starts (RULINGS "All games")."""

    players: int = 4
    teams: str = "none"  # none | 2v2 | 3v3 | 2v2v2 (normalised from true/false too)
    target: int = 5000
    max_rounds: int = 30  # safety cap: the game ends after that many rounds
    move_cap: int = 1500  # safety cap: actions in one round before it is scored as it stands

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        if not isinstance(data, dict):
            raise IllegalAction(
                "bad_config", gettext_noop("The setup must be a dictionary of options.")
            )
        config = cls(**known_fields(cls, data))
        config.teams = _layout(config.players, config.teams)
        _check_numbers(config)
        return config

    @property
    def sides(self) -> list[list[int]]:
        return sides_for(self.players, self.teams)

    @property
    def hand_size(self) -> int:
        """11 cards each in teams, 14 for individuals."""
        return 14 if self.teams == "none" else 11


def _layout(players: Any, teams: Any) -> str:
    if type(players) is not int or not 2 <= players <= 6:
        raise IllegalAction("bad_config", gettext_noop("Rumasta is for 2 to 6 players."))
    if teams in (None, False, "none", ""):
        return "none"
    if teams is True:
        if players not in STANDARD_TEAMS:
            raise IllegalAction(
                "bad_config",
                gettext_noop("Teams need 4 players (2 v 2) or 6 (3 v 3, 2 v 2 v 2)."),
            )
        return STANDARD_TEAMS[players]
    if teams not in LAYOUTS[players]:
        raise IllegalAction(
            "bad_config",
            gettext_noop("With %(players)s players the team layouts are: %(layouts)s."),
            players=players,
            layouts=", ".join(LAYOUTS[players]),
        )
    return str(teams)


def _check_numbers(config: Config) -> None:
    if type(config.target) is not int or not MIN_TARGET <= config.target <= MAX_TARGET:
        raise IllegalAction(
            "bad_config",
            gettext_noop("The target must be %(low)s to %(high)s points."),
            low=MIN_TARGET,
            high=MAX_TARGET,
        )
    if type(config.max_rounds) is not int or not 1 <= config.max_rounds <= 200:
        raise IllegalAction("bad_config", gettext_noop("The rounds cap must be 1 to 200."))
    if type(config.move_cap) is not int or not 100 <= config.move_cap <= 100000:
        raise IllegalAction("bad_config", gettext_noop("The move cap must be 100 to 100000."))


def sides_for(players: int, teams: str) -> list[list[int]]:
    """Seats of each side; partners sit apart (2v2: 0+2, 1+3; 2v2v2: 0+3, 1+4, 2+5)."""
    if teams == "none":
        return [[s] for s in range(players)]
    count = 3 if teams == "2v2v2" else 2
    return [list(range(first, players, count)) for first in range(count)]


@dataclass
class State:
    config: Config
    seed: int
    round_no: int = 1
    first_cutter: int = 0
    cutter: int = 0
    dealer: int = 0
    turn: int = 0
    direction: int = 1  # +1 = seat order (clockwise), -1 = counter-clockwise
    phase: str = "cut"  # cut | turn | heart | round_over | game_over
    step: str = "choose"  # inside a turn: choose | pick | play
    stock: list[int] = field(default_factory=list)  # the draw pile, face down; the end is the top
    piles: list[list[int]] = field(default_factory=lambda: [[], []])  # discard piles, end = top
    frozen: list[bool] = field(default_factory=lambda: [False, False])
    hands: list[list[int]] = field(default_factory=list)
    melds: list[list[list[int]]] = field(default_factory=list)  # per side, each a list of ids
    red3s: list[list[int]] = field(default_factory=list)  # per seat: red 3s laid in front of it
    aside: list[int] = field(default_factory=list)  # red 3s turned up as upcards: no one's
    cut_count: int | None = None
    perfect_cut: bool = False
    locked: list[int] = field(default_factory=list)  # taken this turn, may not be melded yet
    opened_this_turn: bool = False
    turn_choice: str | None = None  # take | take_both | draw | roll (this turn)
    dreidel: str | None = None  # the face last rolled this round
    dreidel_by: int | None = None
    exhausted: bool = False  # a required draw could not be made in full
    heart: HeartWindow | None = None  # the open window
    heart_result: HeartResult[int] | None = None  # the last window's outcome
    after_heart: str | None = None  # what the window holds back: turn | end:<reason>
    went_out: int | None = None  # the seat that went out
    end_reason: str | None = None  # out | stock | move_cap
    round_moves: int = 0
    move_no: int = 0
    totals: list[int] = field(default_factory=list)  # per side
    round_steps: list[SideSteps] | None = None  # per side, the three scoring steps
    winners: list[int] = field(default_factory=list)  # seats
    last_discards: list[int | None] = field(default_factory=lambda: [None, None])


to_json, from_json = codec(State, Config.from_dict)


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def clone(state: State) -> State:
    """A deep copy of the plain data (the Config is never changed)."""
    data = {name: _copy(value) for name, value in vars(state).items()}
    return State(**data)


def side_of(state: State, seat: int) -> int:
    for index, seats in enumerate(state.config.sides):
        if seat in seats:
            return index
    raise ValueError(seat)


def opponents(state: State, seat: int) -> list[int]:
    """Seats of other sides, in playing order from ``seat``."""
    mine = side_of(state, seat)
    n = state.config.players
    order = [(seat + state.direction * k) % n for k in range(1, n)]
    return [s for s in order if side_of(state, s) != mine]


def next_seat(state: State, seat: int, steps: int = 1) -> int:
    return (seat + steps * state.direction) % state.config.players


def side_melds(state: State, seat: int) -> list[list[int]]:
    return state.melds[side_of(state, seat)]


def all_cards(state: State) -> list[int]:
    """Every id wherever it sits; conservation means each appears exactly once."""
    out = list(state.stock) + list(state.aside)
    out += [c for pile in state.piles for c in pile]
    out += [c for hand in state.hands for c in hand]
    out += [c for side in state.melds for meld in side for c in meld]
    out += [c for laid in state.red3s for c in laid]
    return out


def conserved(state: State) -> bool:
    return sorted(all_cards(state)) == list(range(CARD_COUNT))


def give(state: State, seat: int, cards: list[int]) -> None:
    state.hands[seat] = sort_cards(state.hands[seat] + cards)


def remove(state: State, seat: int, cards: list[int]) -> None:
    drop = set(cards)
    state.hands[seat] = [c for c in state.hands[seat] if c not in drop]
