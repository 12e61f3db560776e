"""Computer players for Tile Rummy (rules/tile-rummy.md, RULINGS.md "Tile Rummy").

A bot sees only ``view(state, seat)`` — its own rack, the table and public
counts — and answers with an action for the engine, or None when it is not
its turn to play (the round-over screen is advanced by the people/harness).

Levels:

* ``easy`` lays plain sets found in its own rack (one set a turn once it has
  opened, enough for 30 points when opening) and never touches the table;
  it uses a joker only when no plain set exists.
* ``medium`` lays every set its rack can make (an exact search of the rack),
  then adds single rack tiles to sets on the table (ends of runs, the missing
  colour of a group), as often as they fit.
* ``expert`` rearranges the whole table: an exact search (``tile_search``)
  for the arrangement of every table tile plus the most rack tiles (then the
  most valuable ones), moving table jokers wherever they help and keeping its
  own jokers unless they let more tiles down or finish the rack. If the
  search runs out of budget it plays the medium move.

Every move is checked against the same rules the engine applies (melds.check_table
and the opening rule) before it is returned; anything doubtful becomes a draw.
Bots are deterministic: the same view gives the same action. The budget only
matters when the exact search cannot finish, and then the fallback is itself
deterministic.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from games.engine.melds import check_table, read
from games.engine.tile_rummy import OPENING_MINIMUM, RULES, face_of

from .tile_search import (
    VALUE_WEIGHTS,
    Arrangement,
    Budget,
    SearchAborted,
    Weights,
    best_arrangement,
    count_weights,
)

LEVELS = ("easy", "medium", "expert")
DEFAULT_BUDGET_S = 0.3

Table = list[list[int]]


def choose_action(
    view: dict[str, Any],
    level: str,
    budget_s: float | None = DEFAULT_BUDGET_S,
    *,
    node_limit: int | None = None,
) -> dict[str, Any] | None:
    """The bot's action for the seat ``view`` was made for, or None if it may not play now.

    ``budget_s`` (seconds) and ``node_limit`` bound the expert's search; None = no limit.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    if view.get("phase") != "play" or view.get("turn") != view.get("seat"):
        return None
    if view.get("rack") is None:
        return None
    rack = [t["id"] for t in view["rack"]]
    table = [[t["id"] for t in s["tiles"]] for s in view["table"]]
    touch = bool(view.get("may_touch_table"))
    if level == "easy":
        new_table = _easy(table, rack, touch)
    elif level == "medium":
        new_table = _medium(table, rack, touch)
    else:
        deadline = time.perf_counter() + budget_s if budget_s is not None else None
        new_table = _expert(table, rack, touch, Budget(node_limit, deadline))
    if new_table is not None and is_legal_play(table, rack, touch, new_table):
        return {"type": "play", "table": _keep_order(table, new_table)}
    return {"type": "draw"}


# --- rule checks (the engine's, from the view's side) -------------------------------------


def set_value(tiles: Sequence[int]) -> int:
    reading = read([face_of(t) for t in tiles], RULES)
    return reading.value if reading else 0


def is_legal_play(table: Table, rack: Sequence[int], touch: bool, new_table: Table) -> bool:
    """Would the engine accept ``new_table`` from this rack? (check_table + the opening rule)."""
    new_table = [s for s in new_table if s]
    placed, problems = check_table(
        [t for s in table for t in s], new_table, rack, face_of, RULES
    )
    if problems or not placed:
        return False
    if touch:
        return True
    old = Counter(frozenset(s) for s in table)
    new_sets = []
    for s in new_table:
        key = frozenset(s)
        if old[key] > 0:
            old[key] -= 1
        else:
            new_sets.append(s)
    rack_set = set(rack)
    if sum(old.values()) or not all(t in rack_set for s in new_sets for t in s):
        return False
    return sum(set_value(s) for s in new_sets) >= OPENING_MINIMUM


def _keep_order(table: Table, new_table: Table) -> Table:
    """Untouched sets stay where they were (people read the table by position); new ones follow."""
    remaining = [list(s) for s in new_table]
    out: Table = []
    for s in table:
        key = frozenset(s)
        for i, candidate in enumerate(remaining):
            if frozenset(candidate) == key:
                out.append(list(s))
                del remaining[i]
                break
    return out + remaining


def _is_joker(tile: int) -> bool:
    return face_of(tile).wild


# --- easy ----------------------------------------------------------------------------------


def _plain_sets(rack: Iterable[int]) -> list[list[int]]:
    """Disjoint sets picked greedily: the longest (then most valuable) set first.

    Only natural tiles, except that when no natural set is left a joker may
    complete a pair (two of a run, or two colours of a number).
    """
    left = sorted(rack)
    chosen: list[list[int]] = []
    while True:
        candidates = _natural_candidates(left)
        if not candidates:
            candidates = _joker_candidates(left)
        if not candidates:
            return chosen
        best = max(candidates, key=lambda s: (len(s), set_value(s), [-t for t in s]))
        chosen.append(best)
        left = [t for t in left if t not in best]


def _by_face(tiles: Iterable[int]) -> dict[tuple[str, int], int]:
    """One tile id per face (the lowest), naturals only."""
    faces: dict[tuple[str, int], int] = {}
    for t in sorted(tiles):
        f = face_of(t)
        if not f.wild:
            faces.setdefault((f.colour or "", f.number or 0), t)
    return faces


def _natural_candidates(tiles: Sequence[int]) -> list[list[int]]:
    faces = _by_face(tiles)
    out: list[list[int]] = []
    for n in range(1, 14):
        group = [faces[(c, n)] for c in RULES.colours if (c, n) in faces]
        if len(group) >= 3:
            out.append(group)
    for c in RULES.colours:
        run: list[int] = []
        for n in range(1, 15):
            if (c, n) in faces:
                run.append(faces[(c, n)])
                continue
            if len(run) >= 3:
                out.append(run)
            run = []
    return out


def _joker_candidates(tiles: Sequence[int]) -> list[list[int]]:
    jokers = [t for t in tiles if _is_joker(t)]
    if not jokers:
        return []
    faces = _by_face(tiles)
    out = []
    for (c, n), t in faces.items():
        for other in ((c, n + 1), (c, n + 2)):
            if other in faces:
                out.append([t, faces[other], jokers[0]])
        for c2 in RULES.colours:
            if c2 > c and (c2, n) in faces:
                out.append([t, faces[(c2, n)], jokers[0]])
    return [s for s in out if read([face_of(t) for t in s], RULES)]


def _easy(table: Table, rack: Sequence[int], touch: bool) -> Table | None:
    sets = _plain_sets(rack)
    if not sets:
        return None
    if touch:
        return [*table, sets[0]]  # one set a turn: easy's weakness
    chosen: Table = []
    total = 0
    for s in sorted(sets, key=set_value, reverse=True):
        chosen.append(s)
        total += set_value(s)
        if total >= OPENING_MINIMUM:
            return [*table, *chosen]
    return None


# --- medium --------------------------------------------------------------------------------


def _search(
    table: Table, rack: Sequence[int], weights: Weights, budget: Budget, floor: int | None = None
) -> Arrangement:
    return best_arrangement(table, rack, face_of, weights, budget, floor)


def _most_tiles(
    table: Table, rack: Sequence[int], budget: Budget, known: Table | None = None
) -> Arrangement:
    """Most rack tiles (then value), keeping jokers unless all of them go and the rack empties.

    ``known``: a legal new table already in hand; the search only looks for better.
    """
    weights = count_weights(keep_jokers=True)
    floor = _objective(table, known, weights) if known is not None else None
    best = _search(table, rack, weights, budget, floor)
    left = set(rack) - set(best.placed)
    if left and all(_is_joker(t) for t in left):
        out = _search(table, rack, count_weights(keep_jokers=False), budget)
        if len(out.placed) == len(rack):
            return out
    return best


def _opening(table: Table, rack: Sequence[int], budget: Budget) -> Table | None:
    """New sets from the rack alone worth 30+: most tiles if that is enough, else most points."""
    for weights in (None, VALUE_WEIGHTS):
        if weights is None:
            found = _most_tiles([], rack, budget)
        else:
            found = _search([], rack, weights, budget)
        if found.placed and sum(set_value(s) for s in found.sets) >= OPENING_MINIMUM:
            return [*table, *found.sets]
    return None


def _lay_off(table: Table, left: list[int]) -> tuple[Table, list[int]]:
    """Add single tiles to sets while any fits; jokers only if that empties the rack."""
    table = [list(s) for s in table]
    left = list(left)
    changed = True
    while changed:
        changed = False
        naturals = [t for t in left if not _is_joker(t)]
        pool = naturals or left  # jokers only once every natural is gone
        for tile in sorted(pool, key=lambda t: (-(face_of(t).number or 0), t)):
            for s in table:
                if read([face_of(x) for x in (*s, tile)], RULES):
                    s.append(tile)
                    left.remove(tile)
                    changed = True
                    break
    return table, left


def _medium(table: Table, rack: Sequence[int], touch: bool) -> Table | None:
    if not touch:
        return _opening(table, rack, Budget())
    found = _most_tiles([], rack, Budget())
    new_table = [list(s) for s in table] + found.sets
    placed = set(found.placed)
    left = [t for t in rack if t not in placed]
    new_table, left = _lay_off(new_table, left)
    if len(left) == len(rack):
        return None
    return new_table


# --- expert --------------------------------------------------------------------------------


def _expert(table: Table, rack: Sequence[int], touch: bool, budget: Budget) -> Table | None:
    if not touch:
        try:
            return _opening(table, rack, budget)
        except SearchAborted:
            return _medium(table, rack, touch)
    simple = _medium(table, rack, touch)
    try:
        found = _most_tiles(table, rack, budget, simple)
    except SearchAborted:
        return simple
    if not found.placed:
        return None
    # When the medium move does just as well, prefer it: it leaves the table as people left it.
    if simple is not None and _gain(table, rack, simple) >= _gain(table, rack, found.sets):
        return simple
    return found.sets


def _gain(table: Table, rack: Sequence[int], new_table: Table) -> tuple[bool, int, int, int]:
    """How good a play is: rack emptied, natural tiles placed, their value, jokers kept."""
    before = {t for s in table for t in s}
    placed = [t for s in new_table for t in s if t not in before]
    reals = [t for t in placed if not _is_joker(t)]
    jokers = len(placed) - len(reals)
    return len(placed) == len(rack), len(reals), sum(face_of(t).number or 0 for t in reals), -jokers


def _objective(table: Table, new_table: Table, weights: Weights) -> int:
    """The search's objective for a new table (count weights: no per-position joker value)."""
    before = {t for s in table for t in s}
    total = 0
    for t in (t for s in new_table for t in s if t not in before):
        face = face_of(t)
        if face.wild:
            total += weights.rack_joker
        else:
            total += weights.real(RULES.colours.index(face.colour or ""), face.number or 0)
    return total
