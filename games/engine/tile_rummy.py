"""Tile Rummy (rules/tile-rummy.md, RULINGS.md "Tile Rummy").

Ruleset: 106 tiles (1-13 in red, blue, yellow, black, two of each; 2 jokers),
racks of 14, a 30-point opening from the rack alone on a turn of its own,
then free rearrangement of the whole table. Drawing ends the turn. With the
pool empty a draw is a pass; a full lap of passes throws the round in.

Options (config) and defaults:
  players   2      (you + 1-3 computers: 2..4)
  meld_rule "standard" (each player opens for themselves) | "shared"
            (the first opening unlocks the table for everyone)
  target    200    (a round ends the game once a total reaches it: 50, 100,
                    150 or 200 as RULINGS allows, any other is refused; a saved
                    game from before the option has none, so it keeps 200)
  max_rounds 100   (safety cap: a game of thrown-in rounds still ends)

Actions: {"type": "play", "table": [[tile ids], ...]} (the whole new table),
{"type": "draw"}, {"type": "next_round"}, {"type": "timeout"} (a draw during
play, the next round between rounds).
Out of scope: timers and online seats (they sit on top of this contract).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from .base import Action, Event, IllegalAction, Result, derived_rng, require
from .melds import Face, MeldRules, check_table, read

KIND = "tile_rummy"
COLOURS = ("R", "B", "Y", "K")
COLOUR_NAMES = {"R": "red", "B": "blue", "Y": "yellow", "K": "black"}
TILE_COUNT = 106
JOKERS = (104, 105)
RACK_SIZE = 14
OPENING_MINIMUM = 30
JOKER_PENALTY = 30
# RULINGS: the game lengths a table may choose; 200 is the rules' own number.
TARGETS = (50, 100, 150, 200)
DEFAULT_TARGET = 200
RULES = MeldRules(colours=COLOURS)
# What the site plays for a seat that must move but cannot (a clock ran out, a bot failed):
# the draw during play, "next round" between rounds.
TIMEOUT_ACTION = {"type": "timeout"}
# The online clock (the site enforces it): seconds a turn, and once more when the
# player starts arranging tiles, since reworking the table takes longer than a draw.
CLOCK_SECONDS = 60
CLOCK_MELD_BONUS = 30
# Besides {"id": …} tile dicts, view keys whose ints are tile ids (none: every tile is a dict).
VIEW_ID_FIELDS: tuple[str, ...] = ()
# The shape of every action (games.action_schema reads it before apply): pure data.
ACTION_FIELDS = {
    "play": {"table": ("table", 0, TILE_COUNT - 1, TILE_COUNT)},
    "draw": {},
    "next_round": {},
    "timeout": {},
}


def face_of(tile: int) -> Face:
    """Ids 0-103 are numbered tiles, two per face; 104 and 105 are the jokers."""
    if tile >= 104:
        return Face(None, None)
    return Face(COLOURS[tile // 26], (tile % 26) // 2 + 1)


def tile_value(tile: int) -> int:
    """What a tile left on a rack costs at the end of a round."""
    face = face_of(tile)
    return JOKER_PENALTY if face.wild else face.number or 0


def sort_key(tile: int) -> tuple[int, int, int]:
    """Racks are kept sorted by colour, then number; jokers at the end."""
    face = face_of(tile)
    if face.wild:
        return (len(COLOURS), 0, tile)
    return (COLOURS.index(face.colour or ""), face.number or 0, tile)


@dataclass
class Config:
    players: int = 2
    meld_rule: str = "standard"
    target: int = DEFAULT_TARGET
    max_rounds: int = 100

    def __post_init__(self) -> None:
        """Checked on every construction, so no state (new, loaded or built) holds a bad setup."""
        if not 2 <= self.players <= 4:
            raise ValueError("Tile Rummy is for 2 to 4 players")
        if self.meld_rule not in ("standard", "shared"):
            raise ValueError("meld rule must be standard or shared")
        if type(self.target) is not int or self.target not in TARGETS:
            raise ValueError(f"target must be 50, 100, 150 or 200 points, not {self.target!r}")
        if self.max_rounds < 1:
            raise ValueError("a game needs at least one round")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


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


def to_json(state: State) -> dict[str, Any]:
    return asdict(state)


def from_json(data: dict[str, Any]) -> State:
    data = dict(data)
    data["config"] = Config.from_dict(data["config"])
    return State(**data)


def new_game(config: dict[str, Any] | Config, seed: int) -> State:
    """Deal round one; the dealer is drawn from the seed and moves on each round."""
    cfg = config if isinstance(config, Config) else Config.from_dict(config)
    rng = random.Random(seed)
    state = State(config=cfg, seed=seed, totals=[0] * cfg.players)
    state.dealer = rng.randrange(cfg.players)
    _deal(state, rng)
    return state


def _deal(state: State, rng: random.Random) -> None:
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


def to_act(state: State) -> set[int]:
    if state.phase == "play":
        return {state.turn}
    if state.phase == "round_over":
        return set(range(state.config.players))
    return set()


def may_touch_table(state: State, seat: int) -> bool:
    """Standard: a player who has opened; Shared: anyone once someone has opened."""
    if state.config.meld_rule == "shared":
        return any(state.opened)
    return state.opened[seat]


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    kind = action.get("type") if isinstance(action, dict) else None
    handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
    require(handler is not None, "unknown_action", "That isn't a move in Tile Rummy.")
    require(seat in to_act(state), "not_your_turn", "It isn't your turn.")
    new = copy.deepcopy(state)
    events = handler(new, seat, action)
    new.move_no += 1
    return new, events


def _play(state: State, seat: int, action: Action) -> list[Event]:
    require(state.phase == "play", "round_over", "The round is over.")
    table = _parse_table(action.get("table"))
    rack = state.racks[seat]
    placed, problems = check_table(_flat(state.table), table, rack, face_of, RULES)
    if problems:
        raise IllegalAction("invalid_table", "; ".join(p.message for p in problems))
    require(bool(placed), "nothing_placed", "Place at least one tile from your rack.")
    if not may_touch_table(state, seat):
        _check_opening(state.table, table, rack)
    state.opened[seat] = True
    placed_set = set(placed)
    state.racks[seat] = [t for t in rack if t not in placed_set]
    state.table = [_display(s) for s in table]
    state.passes = 0
    events: list[Event] = [{"type": "played", "seat": seat, "tiles": placed}]
    if not state.racks[seat]:
        events += _end_round(state, winner=seat)
    else:
        state.turn = (seat + 1) % state.config.players
    return events


def _check_opening(before: list[list[int]], after: list[list[int]], rack: list[int]) -> None:
    """Before opening, old sets stay exactly as they were; new sets come from the rack."""
    old = Counter(frozenset(s) for s in before)
    new_sets = []
    for tiles in after:
        key = frozenset(tiles)
        if old[key] > 0:
            old[key] -= 1
        else:
            new_sets.append(tiles)
    rack_set = set(rack)
    require(
        sum(old.values()) == 0 and all(t in rack_set for s in new_sets for t in s),
        "not_opened",
        "Until you have opened, you can only lay new sets from your own rack.",
    )
    value = sum(_reading(s).value for s in new_sets)
    require(
        value >= OPENING_MINIMUM,
        "opening_too_low",
        f"Your opening sets are worth {value}; you need at least {OPENING_MINIMUM}.",
    )


def _draw(state: State, seat: int, action: Action) -> list[Event]:
    require(state.phase == "play", "round_over", "The round is over.")
    n = state.config.players
    state.turn = (seat + 1) % n
    if state.pool:
        tile = state.pool.pop()
        state.racks[seat] = sorted([*state.racks[seat], tile], key=sort_key)
        return [{"type": "drew", "seat": seat, "private": {"tile": tile}}]
    state.passes += 1
    events: list[Event] = [{"type": "passed", "seat": seat}]
    if state.passes >= n:
        events += _end_round(state, winner=None)
    return events


def _next_round(state: State, seat: int, action: Action) -> list[Event]:
    require(state.phase == "round_over", "round_not_over", "The round is still being played.")
    state.round_no += 1
    state.dealer = (state.dealer + 1) % state.config.players
    _deal(state, derived_rng(state.seed, "round", state.round_no))
    return [{"type": "new_round", "round": state.round_no}]


def _end_round(state: State, winner: int | None) -> list[Event]:
    left = [sum(tile_value(t) for t in rack) for rack in state.racks]
    scores = [-v for v in left]
    if winner is not None:
        scores[winner] = sum(left)
    state.round_scores = scores
    state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    state.winners = [winner] if winner is not None else []
    over = max(state.totals) >= state.config.target or state.round_no >= state.config.max_rounds
    state.phase = "game_over" if over else "round_over"
    if over:
        best = max(state.totals)
        state.winners = [i for i, t in enumerate(state.totals) if t == best]
    return [{"type": "game_over" if over else "round_over", "scores": scores, "winner": winner}]


def _timeout(state: State, seat: int, action: Action) -> list[Event]:
    """A seat out of time (or a failed bot): draw in play, start the next round between rounds."""
    if state.phase == "play":
        return _draw(state, seat, action)
    return _next_round(state, seat, action)


_HANDLERS = {"play": _play, "draw": _draw, "next_round": _next_round, "timeout": _timeout}


def all_ids(state: State) -> list[int]:
    """Every tile wherever it lies; conservation means each id appears exactly once."""
    return [*state.pool, *(t for r in state.racks for t in r), *(t for s in state.table for t in s)]


def hidden_from(state: State, seat: int | None) -> set[int]:
    """What ``seat`` may not see: the pool, and the other racks until the round is scored."""
    hidden = set(state.pool)
    if state.phase == "play":
        hidden.update(t for i, r in enumerate(state.racks) if i != seat for t in r)
    return hidden


def _parse_table(raw: Any) -> list[list[int]]:
    ok = isinstance(raw, list) and all(
        isinstance(s, list) and all(type(t) is int and 0 <= t < TILE_COUNT for t in s) for s in raw
    )
    require(ok, "malformed", "The table you sent could not be read.")
    return [list(s) for s in raw if s]


def _flat(table: list[list[int]]) -> list[int]:
    return [t for s in table for t in s]


def _reading(tiles: list[int]):
    reading = read([face_of(t) for t in tiles], RULES)
    assert reading is not None, "validated before"
    return reading


def _display(tiles: list[int]) -> list[int]:
    """Store each set in reading order so every page shows it the same way."""
    reading = _reading(tiles)
    return [tiles[i] for i in reading.order]


def result(state: State) -> Result | None:
    if state.phase == "play" or state.round_scores is None:
        return None
    return Result(
        round_scores=list(state.round_scores),
        totals=list(state.totals),
        winners=list(state.winners),
        game_over=state.phase == "game_over",
    )


def tile_view(tile: int, stands_for: int | None = None) -> dict[str, Any]:
    face = face_of(tile)
    data: dict[str, Any] = {
        "id": tile,
        "face": str(face),
        "colour": face.colour,
        "number": face.number,
        "joker": face.wild,
    }
    if face.wild and stands_for is not None:
        data["stands_for"] = stands_for
    return data


def set_view(tiles: list[int]) -> dict[str, Any]:
    reading = read([face_of(t) for t in tiles], RULES)
    if reading is None:  # a draft may hold half-built sets
        return {"tiles": [tile_view(t) for t in tiles], "kind": None, "value": None}
    return {
        "tiles": [
            tile_view(tiles[i], n) for i, n in zip(reading.order, reading.numbers, strict=True)
        ],
        "kind": reading.kind,
        "value": reading.value,
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What one seat may see: its own rack, the table, counts; never the pool order."""
    n = state.config.players
    finished = state.phase != "play"
    data: dict[str, Any] = {
        "kind": KIND,
        "seat": seat,
        "players": n,
        "phase": state.phase,
        "turn": state.turn,
        "to_act": sorted(to_act(state)),
        "round_no": state.round_no,
        "dealer": state.dealer,
        "meld_rule": state.config.meld_rule,
        "target": state.config.target,
        "move_no": state.move_no,
        "table": [set_view(s) for s in state.table],
        "pool_count": len(state.pool),
        "rack_counts": [len(r) for r in state.racks],
        "opened": list(state.opened),
        "totals": list(state.totals),
        "round_scores": state.round_scores,
        "winners": list(state.winners),
        "rack": [tile_view(t) for t in state.racks[seat]] if seat is not None else None,
        "may_touch_table": may_touch_table(state, seat) if seat is not None else False,
        # At the end of a round every rack is laid open for scoring, as at a real table.
        "final_racks": [[tile_view(t) for t in r] for r in state.racks] if finished else None,
    }
    return data
