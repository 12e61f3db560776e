"""Rumbaroo (rules/rumbaroo.md, RULINGS.md "Rumbaroo"): the site's own shedding game.

Ruleset: match the discard pile (colour or number; an action on its colour or
the same action; Wild and Billabong on anything with a colour choice), meld
runs (3+ in one colour, no wrap) and groups (3-4 of a number in different
colours) on one shared table, and be first to empty hand and pouch. Each
turn is exactly one of: discard, meld (rearranging the table, Wild swaps
included, at least one tile from the hand, never an action tile) or draw
(a drawn tile that fits may be played at once). Melding 3+ tiles from the
hand earns a free action (an opponent misses a turn or draws 2). Action
tiles per difficulty: Joey Hop, Boomerang, Pouch; Wallaby adds Dingo,
Billabong, Mob; Big Red adds Outback Swap, Dust Storm, Croc Snap,
Didgeridoo. Party tables (5-8 players) use the bigger box, smaller hands,
Snap Stack answers, Hop Pairs, Stampede, Didgeridoo's draw 2, the stash
restriction and the lap cap. The Rumbaroo! call is a flag on the move
(``"call": true``).

Options (config) and defaults:
  difficulty "joey" | "wallaby" | "big_red"   (default "joey")
  players    2      (2-4; 5-8 is a Party table)
  target     50     (50-5000: rounds are played until a total reaches it)
  max_rounds 200    (safety cap: the game ends after that many rounds)
  move_cap   2000   (safety cap: a round that reaches this many moves goes
                     to the lowest hand, no bonus, like a blocked round)

Actions (``"call": true`` may be added to any of them):
  {"type": "discard", "tile": id, "colour": "R"|"B"|"G"|"Y" (Wild, Billabong),
   "pair": id (Party Hop Pair), "stash": id (Pouch), "steal": id (Dingo),
   "give": id (Mob), "target": seat (Outback Swap), "number": 1-13
   (Didgeridoo), "stampede": true (Party Big Red Croc Snap)}
  {"type": "meld", "swaps": [[tile, wild], ...] (applied first: the tile takes
   the Wild's place, the Wild goes to the hand), "table": [[ids], ...] (then
   the whole new table; left out = the table after the swaps),
   "free": {"target": seat, "kind": "skip"|"draw"} (when 3+ tiles come from the hand)}
  {"type": "draw"}; {"type": "pass"} (keep the tile just drawn)
  {"type": "snap", "tile": id} / {"type": "take"} while a Croc Snap waits
  {"type": "timeout"} (draw 1 and pass, or take the Snap); {"type": "next_round"}

Rulings made here (beyond RULINGS.md; say so on the How to play page):
  * The Rumbaroo! call is owed when a turn *drops* a player to one tile
    (hand + pouch): ending on one tile without the call draws 2. A player
    who began the turn on one tile and drew nothing owes no new call.
  * Emptying hand and pouch ends the round at once; an action tile played
    as the last tile has no effect. A Didgeridoo that forces out another
    player's last tile makes that player the winner.
  * Dingo's steal and Pouch's stash are optional; the free action defaults to
    "the next player draws 2" when the move names none.
  * Snap Stack: a meld answer needs 3+ tiles from the hand and earns no free
    action; a Boomerang answer only reverses play and sends the waiting
    tiles back (nothing flies back). Stampede needs the Croc Snap to fit the
    pile like any discard.
  * Party stash rule: no stash on the turn played right after another
    player's stash (the next turn taken, whoever takes it).
  * Passes for a blocked round: turns that end without a tile played or
    drawn while the pool is empty (missed turns included); the lap cap
    counts every turn, missed ones included, since a tile last reached the
    pile or the table.
  * Mob, Outback Swap, Dust Storm and Didgeridoo details: see ``actions``.
  * The Party box's extra action copies: see ``boxes``.

Out of scope here: rooms, lobbies, the online clock itself (a clock sends
``timeout``), pausing, names and reports; they sit on top of this contract.
"""

from __future__ import annotations

from ..base import events_for, gettext_noop, hidden_from_seat
from ..contract import ActionFields
from .actions import can_discard, least_useful
from .boxes import COLOURS, DIFFICULTIES, RULES, TileFace, box, tile_value
from .clock import same_decision
from .scoring import result
from .state import (
    KIND,
    Config,
    State,
    all_tiles,
    face_of,
    faces,
    from_json,
    holding,
    new_game,
    to_json,
)
from .turn import apply, to_act
from .view import view
from .view_types import RumbarooSeatView, RumbarooView, is_seated

# Legal for any seat in to_act: draw 1 and pass, take a waiting Snap, or deal on.
TIMEOUT_ACTION = {"type": "timeout"}
# The online clock (the site enforces it): 20 s a turn, 10 s more once you start
# melding, 5 s to answer a Croc Snap (``clock_seconds``).
CLOCK_SECONDS = 20
CLOCK_MELD_BONUS = 10
CLOCK_ANSWER_SECONDS = 5  # answering a Croc Snap


def clock_seconds(state: State) -> int:
    """The clock for whoever acts now: a Croc Snap answer is quick, a turn is not."""
    return CLOCK_ANSWER_SECONDS if state.phase == "croc" else CLOCK_SECONDS


# Besides {"id": …} tile dicts, view keys whose ints are tile ids.
VIEW_ID_FIELDS = ("table_ids", "drawn", "playable")
# The shape of every action (games.action_schema reads it before apply): pure data.
# Ids stay below the biggest box (Party Big Red, 270 tiles); seats below 8.
_ID = ("int", 0, 299)
_SEAT = ("int", 0, 7)
ACTION_FIELDS: ActionFields = {
    "*": {"call": ("bool",)},
    "discard": {
        "tile": _ID,
        "colour": ("choice", COLOURS, gettext_noop("Choose the next colour: R, B, G or Y.")),
        "pair": _ID,
        "stash": _ID,
        "steal": _ID,
        "give": _ID,
        "target": _SEAT,
        "number": ("int", 1, 13),
        "stampede": ("bool",),
    },
    "meld": {
        "table": ("table", 0, 299, 300),
        "swaps": ("pairs", 0, 299, 300),
        "free": (
            "object",
            {
                "target": _SEAT,
                "kind": (
                    "choice",
                    ("skip", "draw"),
                    gettext_noop("The free action is 'skip' or 'draw'."),
                ),
            },
        ),
    },
    "snap": {"tile": _ID},
    "draw": {},
    "pass": {},
    "take": {},
    "timeout": {},
    "next_round": {},
}


def all_ids(state: State) -> list[int]:
    """Every tile wherever it sits (the contract's name for ``all_tiles``)."""
    return all_tiles(state)


def hidden_from(state: State, seat: int | None) -> set[int]:
    """What ``seat`` may not see: the pool, and others' hands and pouches until the round ends."""
    held = [hand + pouch for hand, pouch in zip(state.hands, state.pouches, strict=True)]
    scored = state.phase in ("round_over", "game_over")
    return hidden_from_seat(state.pool, held, seat, scored)


__all__ = [
    "RumbarooSeatView",
    "RumbarooView",
    "is_seated",
    "same_decision",
    "COLOURS",
    "DIFFICULTIES",
    "KIND",
    "RULES",
    "Config",
    "State",
    "TIMEOUT_ACTION",
    "VIEW_ID_FIELDS",
    "ACTION_FIELDS",
    "all_ids",
    "TileFace",
    "all_tiles",
    "apply",
    "box",
    "can_discard",
    "events_for",
    "face_of",
    "faces",
    "from_json",
    "hidden_from",
    "holding",
    "least_useful",
    "new_game",
    "result",
    "tile_value",
    "to_act",
    "to_json",
    "view",
]
