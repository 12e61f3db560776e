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
* ``expert`` rearranges the whole table: an exact search (``tile_rummy_search``)
  for the arrangement of every table tile plus the most rack tiles (then the
  most valuable ones), moving table jokers wherever they help and keeping its
  own jokers unless they let more tiles down or finish the rack. It starts
  from the medium move and a quick search that leaves the sets holding jokers
  alone; if the full search runs out of budget, the best of those is played.

Every move is checked against the same rules the engine applies (melds.check_table
and the opening rule) before it is returned; anything doubtful becomes a draw.
Bots are deterministic: the same view gives the same action. The expert's
budget is counted in search steps, not seconds (see ``choose_action``).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from games.engine.melds import check_table, read
from games.engine.tile_rummy import OPENING_MINIMUM, RULES, TILE_COUNT, face_of

from .tile_rummy_search import (
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
# The expert's search is bounded by a count of search steps, so that its move
# depends on the view alone, not on how busy the machine is. This rate turns
# a budget in seconds into steps (measured with `manage.py benchmark`); the
# clock only stops a search that runs far past its budget on a slow machine.
NODES_PER_SECOND = 150_000
SAFETY_FACTOR = 4

Table = list[list[int]]


def choose_action(
    view: dict[str, Any],
    level: str,
    budget_s: float | None = DEFAULT_BUDGET_S,
    *,
    node_limit: int | None = None,
) -> dict[str, Any] | None:
    """The bot's action for the seat ``view`` was made for, or None if it may not play now.

    ``budget_s`` bounds the expert's thinking: ``budget_s * NODES_PER_SECOND``
    search steps (or ``node_limit`` if given), with a wall-clock stop at
    ``SAFETY_FACTOR * budget_s``. ``budget_s=None`` removes the clock
    altogether (tests do this: the answer then depends only on the view and
    ``node_limit``). A search that does not finish falls back to the best
    move found so far, itself deterministic.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    if view.get("phase") != "play" or view.get("turn") != view.get("seat"):
        return None
    if view.get("rack") is None:
        return None
    table, rack, touch = _read_view(view)
    new_table = propose(view, level, budget_s, node_limit=node_limit)
    if new_table is not None and is_legal_play(table, rack, touch, new_table):
        return {"type": "play", "table": _keep_order(table, new_table)}
    return {"type": "draw"}


def propose(
    view: dict[str, Any],
    level: str,
    budget_s: float | None = DEFAULT_BUDGET_S,
    *,
    node_limit: int | None = None,
    report: dict[str, Any] | None = None,
) -> Table | None:
    """The new table the bot would like to play, unchecked; None = it would rather draw.

    ``report`` (expert only), if given, is filled with how the move was found:
    ``source`` (opening / medium / quick / full), ``finished`` (the search ran
    to the end) and ``nodes`` (search steps spent).
    """
    table, rack, touch = _read_view(view)
    if level == "easy":
        return _easy(table, rack, touch)
    if level == "medium":
        return _medium(table, rack, touch)
    deadline = None
    if budget_s is not None:
        deadline = time.perf_counter() + SAFETY_FACTOR * budget_s
        if node_limit is None:
            node_limit = max(1, int(budget_s * NODES_PER_SECOND))
    budget = Budget(node_limit, deadline)
    info: dict[str, Any] = report if report is not None else {}
    move = _expert(table, rack, touch, budget, info)
    info["nodes"] = budget.nodes
    return move


def _read_view(view: dict[str, Any]) -> tuple[Table, list[int], bool]:
    rack = [t["id"] for t in view["rack"] or []]
    table = [[t["id"] for t in s["tiles"]] for s in view["table"]]
    return table, rack, bool(view.get("may_touch_table"))


# --- rule checks (the engine's, from the view's side) -------------------------------------


def set_value(tiles: Sequence[int]) -> int:
    reading = read([face_of(t) for t in tiles], RULES)
    return reading.value if reading else 0


def is_legal_play(table: Table, rack: Sequence[int], touch: bool, new_table: Table) -> bool:
    """Would the engine accept ``new_table`` from this rack? (check_table + the opening rule)."""
    new_table = [s for s in new_table if s]
    placed, problems = check_table([t for s in table for t in s], new_table, rack, face_of, RULES)
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
    """Sets stay where they were (people read the table by position): an untouched
    set, or one that only grew, keeps its place; the others follow, in order."""
    remaining = [list(s) for s in new_table]
    places: list[list[int] | None] = [None] * len(table)
    for same in (True, False):
        for i, old in enumerate(table):
            if places[i] is not None:
                continue
            for j, candidate in enumerate(remaining):
                if set(old) == set(candidate) if same else set(old) <= set(candidate):
                    places[i] = list(old) if same else candidate
                    del remaining[j]
                    break
    return [s for s in places if s is not None] + remaining


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
    table: Table,
    rack: Sequence[int],
    weights: Weights,
    budget: Budget,
    floor: int | None = None,
    lean: bool = False,
) -> Arrangement:
    return best_arrangement(table, rack, face_of, weights, budget, floor, lean=lean)


def _most_tiles(
    table: Table,
    rack: Sequence[int],
    budget: Budget,
    known: Table | None = None,
    lean: bool = False,
) -> Arrangement:
    """Most rack tiles (then value), keeping jokers unless all of them go and the rack empties.

    ``known``: a legal new table already in hand; the search only looks for
    better (``placed`` is empty if it finds nothing better).
    """
    weights = count_weights(keep_jokers=True)
    floor = _objective(table, known, weights) if known is not None else None
    best = _search(table, rack, weights, budget, floor, lean)
    left = set(rack) - set(best.placed)
    if left and all(_is_joker(t) for t in left):
        out = _search(table, rack, count_weights(keep_jokers=False), budget, lean=lean)
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


_FACES = tuple(face_of(t) for t in range(TILE_COUNT))


def _fits(tiles: list[int], tile: int) -> bool:
    """Does ``tile`` join the set ``tiles``? Plain sets by their faces; with jokers melds.read."""
    faces = [_FACES[t] for t in tiles]
    face = _FACES[tile]
    if face.wild or any(f.wild for f in faces):
        return read([*faces, face], RULES) is not None
    numbers = {f.number for f in faces}
    if len(numbers) == 1:  # a group
        return (
            face.number in numbers
            and all(f.colour != face.colour for f in faces)
            and len(faces) < RULES.max_group
        )
    if faces[0].colour != face.colour or face.number is None:
        return False
    ends = (min(numbers) - 1, max(numbers) + 1)
    return face.number in ends and RULES.low <= face.number <= RULES.high


def _lay_off(table: Table, left: list[int]) -> tuple[Table, list[int]]:
    """Add single tiles to sets while any fits; jokers only once every natural tile is down."""
    table = [list(s) for s in table]
    left = list(left)
    changed = True
    while changed:
        changed = False
        naturals = [t for t in left if not _is_joker(t)]
        for tile in sorted(naturals or left, key=lambda t: (-(face_of(t).number or 0), t)):
            for s in table:
                if _fits(s, tile):
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


def _expert(
    table: Table, rack: Sequence[int], touch: bool, budget: Budget, info: dict[str, Any]
) -> Table | None:
    """The best rearrangement the budget allows, in three steps, each only looking for better:

    1. the medium move (cheap; on equal terms it wins, as it disturbs the table least);
    2. a quick search over the sets without jokers, rack jokers held back;
    3. the full search, every table tile and joker free to move.
    """
    info["finished"] = True
    if not touch:
        info["source"] = "opening"
        try:
            return _opening(table, rack, budget)
        except SearchAborted:
            info["finished"] = False
            return _medium(table, rack, touch)
    best = _medium(table, rack, touch)
    info["source"] = "medium"
    try:
        held = [s for s in table if any(map(_is_joker, s))]
        loose = [s for s in table if not any(map(_is_joker, s))]
        naturals = [t for t in rack if not _is_joker(t)]
        weights = count_weights(keep_jokers=True)
        floor = _objective(table, best, weights) if best is not None else None
        quick = _search(loose, naturals, weights, budget, floor, lean=True)
        if quick.placed and _better(table, rack, best, [*held, *quick.sets]) is not best:
            best = [*held, *quick.sets]
            info["source"] = "quick"
        if best is None or not _gain(table, rack, best)[0]:  # the rack is not emptied yet
            full = _most_tiles(table, rack, budget, best, lean=True)
            if full.placed and _better(table, rack, best, full.sets) is not best:
                best = full.sets
                info["source"] = "full"
    except SearchAborted:
        info["finished"] = False
    return best


def _better(table: Table, rack: Sequence[int], old: Table | None, new: Table) -> Table:
    if old is not None and _gain(table, rack, old) >= _gain(table, rack, new):
        return old
    return new


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
