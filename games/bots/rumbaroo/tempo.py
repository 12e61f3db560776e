"""Big Red's tempo: going out before the opponent can, by the review's own search.

The expert's rules plan one turn at a time with greedy melds; ``best_play`` (the
hint's search) finds every line of moves the seat can make before the opponent
acts (Hops and Boomerangs that give another turn at two players, one meld laid
with any table rearrangement, a last discard). When such a line empties the hand
the round is won on the spot, so the expert plays that line's first move instead
of its own rules. The search is bounded by steps (``OUT_STEPS``), never a clock,
and only run when the hand is small enough that a line could empty it.
"""

from __future__ import annotations

from typing import Any

from . import Seat, _discard_action
from .best import best_play
from .placement import Steps

# Search steps for the going-out look (the hint's own ``PLAY_STEPS``).
OUT_STEPS = 40_000
# Hands (hand and pouch) above this many tiles are not searched for a way out.
OUT_TILES = 9


def out_move(me: Seat) -> dict[str, Any] | None:
    """The first move of a line that empties hand and pouch this turn, as an action; None
    when no line within the steps does (or the hand is too large for one to)."""
    if len(me.mine) > OUT_TILES:
        return None
    line = best_play(me.view, Steps(OUT_STEPS))
    if not line.out or not line.moves or line.moves[0]["type"] == "draw":
        return None
    return as_action(me, line.moves[0])


def as_action(me: Seat, move: dict[str, Any]) -> dict[str, Any]:
    """A move of ``best_play``'s line as the engine's action, with the expert's own choices
    for what the line leaves open (a Wild's colour, a free action's target)."""
    if move["type"] == "discard":
        return _discard_action(me, move["tile"])
    action: dict[str, Any] = {"type": "meld", "table": move["table"]}
    if move.get("free"):
        action["free"] = {"target": me.opponents_by_danger()[0], "kind": move["free"]}
    if move.get("call"):
        action["call"] = True
    return action
