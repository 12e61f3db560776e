"""The Tile Rummy expert's choice of move once it is on the table: play beyond the turn.

The placement optimum (``tile_rummy_best``) answers "what can I lay now?";
this module answers "what should I lay now?":

* **go out in one turn** whenever the whole rack fits the table, jokers too
  (a search that keeps only states able to place every tile: quick to say no);
* **keep jokers** on the rack (the most flexible tile next turn) unless they
  let more tiles down or take it out;
* **among moves laying as many tiles, keep the tiles with partners** (a pair
  waits for its third) and lay the loners, then the most points;
* **dump points when in danger**: a tile held when an opponent goes out
  costs its face (a joker 30), so once an opponent is down to
  ``DANGER_TILES`` or the pool is nearly dry it lays the most tiles and
  points it can, jokers first.

Measured and left out (``manage.py benchmark --game tile_rummy`` and the
unit tests' short matches): keeping back sets made from the rack alone (a
*reserve*, laid one a turn instead of drawing) and drawing instead when the
tiles not yet seen promised a useful draw. Against easy the reserve lost
short games it used to win (12-8 instead of at least 17-3 over 20), and
against the every-turn optimum it changed the score per round by less than
the noise; held points are what a round lost costs.

Every search has its own step budget, the same as the baseline's single
search. Pure Python, deterministic for a view and a step limit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.tile_rummy import COLOURS, face_of, tile_value

from .tile_rummy_search import (
    PLACEMENT_WEIGHTS,
    Budget,
    Weights,
    anytime_arrangement,
)

Table = list[list[int]]
LayDown = Callable[[Table, list[int]], Table | None]

# An opponent with this many tiles or fewer may go out on its next turn:
# holding points back then risks paying for them.
DANGER_TILES = 4
# With this few tiles left to draw the round may be thrown in, where every
# tile held is points lost: lay what it can.
LOW_POOL = 6

# A rack joker laid counts this much (negative: kept unless it lets tiles down).
KEEP_JOKER = -5
# Among moves laying as many tiles, how much less a tile is worth laying for each
# rack tile it could make a set with (at most three counted).
PARTNER_WEIGHT = 12


@dataclass(frozen=True)
class Situation:
    """What the expert knows beyond the table and its rack, from the view."""

    opponent_tiles: int  # the fewest tiles any opponent holds
    pool: int  # tiles left to draw


def fresh(budget: Budget) -> Budget:
    """A budget for one more search: the same step limit and the same deadline."""
    return Budget(budget.node_limit, budget.deadline)


def choose(
    table: Table,
    rack: Sequence[int],
    situation: Situation,
    budget: Budget,
    lay_down: LayDown,
    report: dict[str, Any] | None = None,
) -> tuple[Table | None, str]:
    """The new table to play (None: draw) and why, for a seat that may touch the table.

    ``lay_down(table, tiles)`` is a quick legal move laying some of ``tiles``
    (rack sets and lay-offs) or None: each search starts from it and only
    looks for better, so a search starved of budget still plays it. ``report``,
    if given, gets ``finished``: the main search ran to the end (exact)."""
    out = go_out(table, rack, budget)
    if out is not None:
        return out, "out"
    if in_danger(situation):
        return improve(table, rack, PLACEMENT_WEIGHTS, budget, lay_down, report), "danger"
    return improve(table, rack, keeping_weights(rack), budget, lay_down, report), "search"


def improve(
    table: Table,
    tiles: Sequence[int],
    weights: Weights,
    budget: Budget,
    lay_down: LayDown,
    report: dict[str, Any] | None = None,
) -> Table | None:
    """The best table laying some of ``tiles`` under ``weights`` that the budget finds,
    never worse than the quick lay-down; None if nothing can be laid."""
    known = lay_down(table, list(tiles))
    floor = objective(table, known, weights) if known is not None else None
    found = anytime_arrangement(table, tiles, face_of, weights, fresh(budget), floor)
    if report is not None:
        report["finished"] = found.exact
    if found.placed and (floor is None or found.score > floor):
        return found.sets
    return known


def keeping_weights(rack: Sequence[int]) -> Weights:
    """Most tiles first; among moves laying as many, keep the tiles with the most
    partners on the rack (a pair waits for its third), lay the loners."""
    keys = [_key(t) for t in rack if not face_of(t).wild]
    partners: Counter[tuple[str, int]] = Counter()
    for i, (c1, n1) in enumerate(keys):
        for c2, n2 in keys[i + 1 :]:
            if (n1 == n2 and c1 != c2) or (c1 == c2 and 0 < abs(n1 - n2) <= 2):
                partners[(c1, n1)] += 1
                partners[(c2, n2)] += 1
    return Weights(
        lambda c, n: 1000 + PARTNER_WEIGHT * (3 - min(partners[(COLOURS[c], n)], 3)) + n,
        lambda n: 0,
        KEEP_JOKER,
    )


def objective(table: Table, new_table: Table, weights: Weights) -> int:
    """The search's objective for a new table (count weights: no per-position joker value)."""
    before = {t for s in table for t in s}
    total = 0
    for t in (t for s in new_table for t in s if t not in before):
        face = face_of(t)
        if face.wild:
            total += weights.rack_joker
        else:
            total += weights.real(COLOURS.index(face.colour or ""), face.number or 0)
    return total


def go_out(table: Table, rack: Sequence[int], budget: Budget) -> Table | None:
    """The whole rack laid, if the table takes it: a search that keeps only states
    able to place every tile, so it is quick to say no."""
    everything = len(rack) * 1000 + sum(min(tile_value(t), 30) for t in rack) - 1
    found = anytime_arrangement(
        table, rack, face_of, PLACEMENT_WEIGHTS, fresh(budget), floor=everything
    )
    return found.sets if len(found.placed) == len(rack) else None


def in_danger(situation: Situation) -> bool:
    return situation.opponent_tiles <= DANGER_TILES or situation.pool <= LOW_POOL


def _key(tile: int) -> tuple[str, int]:
    face = face_of(tile)
    return (face.colour or "", face.number or 0)
