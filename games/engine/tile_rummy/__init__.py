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

from ..contract import ActionFields
from .state import (
    DEFAULT_TARGET,
    KIND,
    RACK_SIZE,
    TARGETS,
    Config,
    State,
    from_json,
    new_game,
    to_json,
)
from .tiles import (
    COLOUR_NAMES,
    COLOURS,
    JOKER_PENALTY,
    JOKERS,
    RULES,
    TILE_COUNT,
    face_of,
    set_view,
    sort_key,
    tile_value,
    tile_view,
)
from .turn import (
    OPENING_MINIMUM,
    all_ids,
    apply,
    hidden_from,
    may_touch_table,
    result,
    to_act,
)
from .view import view
from .view_types import TileRummySeatView, TileRummyView, is_seated

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
ACTION_FIELDS: ActionFields = {
    "play": {"table": ("table", 0, TILE_COUNT - 1, TILE_COUNT)},
    "draw": {},
    "next_round": {},
    "timeout": {},
}

__all__ = [
    "ACTION_FIELDS",
    "CLOCK_MELD_BONUS",
    "CLOCK_SECONDS",
    "COLOUR_NAMES",
    "COLOURS",
    "DEFAULT_TARGET",
    "JOKER_PENALTY",
    "JOKERS",
    "KIND",
    "OPENING_MINIMUM",
    "RACK_SIZE",
    "RULES",
    "TARGETS",
    "TILE_COUNT",
    "TIMEOUT_ACTION",
    "VIEW_ID_FIELDS",
    "Config",
    "State",
    "TileRummySeatView",
    "TileRummyView",
    "is_seated",
    "all_ids",
    "apply",
    "face_of",
    "from_json",
    "hidden_from",
    "may_touch_table",
    "new_game",
    "result",
    "set_view",
    "sort_key",
    "tile_value",
    "tile_view",
    "to_act",
    "to_json",
    "view",
]
