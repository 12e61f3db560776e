"""Romanian Tile Rummy (rules/romanian-tile-rummy.md, RULINGS.md "Romanian Tile Rummy").

Ruleset: the Rummikub set (106 tiles: 1-13 in red R, blue B, yellow Y and
black K, two of each, and two jolys) dealt from a wall of fifteen stacks of
seven and a turned spare (see ``deal``); the fifteen-tile player (the
dealer's right) first discards one tile that never returns to play; then
every turn takes exactly one tile (a face-down draw, the last discard, or an
older discard with every discard after it) and ends with exactly one
discard. Combinations: runs of 3+ in one colour (1-2-3 or 12-13-1, never
13-1-2, never a number twice) and sets of 3-4 of a number in different
colours, at least twice as many real tiles as jolys. Melds belong to the
player who laid them; after opening others may add to them. Seats are
numbered counterclockwise: play passes from seat s to seat s+1.

Options (config) and defaults:
  players         2          (2-4)
  rounds          4          (1-20; highest total after the last round wins)
  threshold       50         (50 | 45: the opening meld's minimum)
  penalty         "flat200"  ("flat200": -200 | "rack100": -(100 + rack value)),
                             for a player who melded nothing in the round
  discard_counts  False      (True: a player who has not opened may take the
                             last discard to open with it that turn; it counts
                             toward the threshold. False: before opening the
                             only draw is the compulsory face-down draw)
  turn_cap        400        (safety cap: a round reaching this many turns
                             ends and is scored as if the wall ran out)
A bad config raises IllegalAction("bad_config", ...).

Actions (seat from the caller):
  {"type": "doubla", "pair": [id, id]}     declare a doubla (doubla prompt)
  {"type": "decline"}                      no doubla / no swap
  {"type": "swap", "with": seat}           offer a blind swap to another
                                           declarer; mutual offers swap pairs
  {"type": "discard", "tile": id}          the first discard, or end a turn
  {"type": "draw"}                         the face-down draw (wall empty:
                                           the round ends, no winner)
  {"type": "take", "index": i, ["melds": [[ids]...], "add": ..., "replace": ...]}
      take discard row[i] and every discard after it. After opening, the
      last discard needs nothing more; an older one needs "melds" holding it
      in a new combination with two tiles of the rack as it was. Before
      opening (discard_counts only) the last discard with "melds" that open.
  {"type": "meld", "melds": [[ids]...], "add": [[owner, meld_index, [ids]]...],
   "replace": [[owner, meld_index, joly_id, tile_id]...]}
      lay new combinations, add to melds, replace a joly; any number per
      turn. Not opened yet: only "melds", the opening (a run, the threshold).
  {"type": "timeout"}                      TIMEOUT_ACTION, see below
  {"type": "next_round"}                   any seat, between rounds

Events (apply returns a list; ``events_for(events, seat)`` drops the
"private" part for every other seat): doubla {seat, height}, no_doubla,
doubla_swap_prompt {seats}, swap_offer {seat, with}, no_swap,
doubla_swapped {seats}, doubla_received {seat, private: {tiles}},
first_discard_due {seat}, first_discard {seat, tile}, draw {seat,
private: {tile}}, take {seat, index, faces}, open {seat}, meld {seat,
melds, changed: [[owner, index, tiles after]]}, announce {seat, tiles},
discard {seat, tile}, turn {seat}, wall_empty {seat}, timeout {seat},
round_over {winner, reason, scores}, game_over {winners, totals},
new_round {round, dealer}.

Rulings made here (beyond RULINGS.md; say so on the How to play page):
  * Doubla: every seat answers the prompt (so no one learns who holds a
    pair); declarations are shown (high/low) once all have answered; each
    declarer then names one other declarer or declines; two who named each
    other swap their pairs. A pair of jolys is not a doubla.
  * Deal: "two per player" means two consecutive stacks to each player.
  * A joly is replaced by any real tile that keeps the combination valid
    (the tile it stands for in any reading). The freed joly must go, in the
    same move, into a new combination with two tiles from the rack.
  * The combination taken with an older discard is laid in the same move
    (the take); it may hold more than two rack tiles.
  * Taking the last discard after opening has no condition and the tile may
    be discarded again; jolys may be discarded.
  * "All fourteen at once" = going out on the turn one opens.
  * With an empty wall a player who may take from the row (opened, or
    discard_counts; 3+ tiles; a row) is still asked to move; "draw" then
    ends the round. Otherwise the round ends at once.
  * The announcement is made whenever a rack drops to 3 tiles or fewer.

TIMEOUT_ACTION = {"type": "timeout"}: doubla prompts: decline; the first
discard: the highest non-joly tile; a turn: the compulsory draw, then the
tile drawn is discarded (if a tile was already taken, the drawn tile if held,
else the highest non-joly); between rounds: next round.

Out of scope: rooms, clocks, names, the web pages (they sit on this contract).
"""

from __future__ import annotations

from ..base import IllegalAction, events_for, hidden_from_seat
from ..contract import ActionFields
from .clock import same_decision
from .deal import deal, first_dealer
from .melding import lay
from .scoring import breakdown, melded_values, result
from .state import KIND, Config, State, all_tiles, conserved, from_json, to_json
from .tiles import COLOURS, JOLYS, RULES, TILE_COUNT, face_of, rack_value, sort_tiles
from .turn import apply, may_take, to_act
from .view import view
from .view_types import RomanianSeatView, RomanianView, is_seated

TIMEOUT_ACTION = {"type": "timeout"}
# The online clock (the site enforces it): seconds a turn, plus a bonus once melding starts.
CLOCK_SECONDS = 45
CLOCK_MELD_BONUS = 20
# The shapes games.action_schema lets through to ``apply`` (unknown keys are dropped).
_IDS = ("nested", 0, TILE_COUNT - 1, TILE_COUNT)  # [[ids], ...]
_ROWS = ("nested", 0, TILE_COUNT - 1, 4 * TILE_COUNT)  # [[owner, meld, [ids] or ids], ...]
ACTION_FIELDS: ActionFields = {
    "doubla": {"pair": _IDS},
    "decline": {},
    "swap": {"with": ("int", 0, 3)},
    "discard": {"tile": ("int", 0, TILE_COUNT - 1)},
    "draw": {},
    "take": {"index": ("int", 0, TILE_COUNT - 1), "melds": _IDS, "add": _ROWS, "replace": _ROWS},
    "meld": {"melds": _IDS, "add": _ROWS, "replace": _ROWS},
    "timeout": {},
    "next_round": {},
}
# View keys holding bare tile ids (besides {"id": ...} dicts), for the contract tests.
VIEW_ID_FIELDS = ("drawn",)


def all_ids(state: State) -> list[int]:
    """Every tile wherever it lies (the contract's name for ``all_tiles``)."""
    return all_tiles(state)


def hidden_from(state: State, seat: int | None) -> set[int]:
    """What ``seat`` may not see: the wall, and the other racks until the round is scored."""
    scored = state.phase in ("round_over", "game_over")
    return hidden_from_seat(state.wall, state.racks, seat, scored)


def new_game(config: dict | Config, seed: int) -> State:
    """Deal round one; the first dealer comes from the seed and moves on each round."""
    cfg = config if isinstance(config, Config) else Config.from_dict(config)
    if isinstance(config, Config):
        cfg.check()
    state = State(config=cfg, seed=seed, totals=[0] * cfg.players)
    state.dealer = first_dealer(seed, cfg.players)
    deal(state)
    return state


__all__ = [
    "same_decision",
    "COLOURS",
    "JOLYS",
    "KIND",
    "RULES",
    "TILE_COUNT",
    "ACTION_FIELDS",
    "TIMEOUT_ACTION",
    "VIEW_ID_FIELDS",
    "Config",
    "RomanianSeatView",
    "RomanianView",
    "is_seated",
    "IllegalAction",
    "State",
    "all_ids",
    "all_tiles",
    "apply",
    "breakdown",
    "conserved",
    "events_for",
    "face_of",
    "from_json",
    "hidden_from",
    "lay",
    "may_take",
    "melded_values",
    "new_game",
    "rack_value",
    "result",
    "sort_tiles",
    "to_act",
    "to_json",
    "view",
]
