"""Computer players for Tile Rummy (rules/tile-rummy.md, RULINGS.md "Tile Rummy").

A bot sees only ``view(state, seat)`` (its own rack, the table and public
counts) and answers with an action for the engine, or None when it is not
its turn to play (the round-over screen is advanced by the people/harness).

Levels:

* ``easy`` opens with plain sets found in its own rack (enough for 30
  points; a joker only when no plain set exists), then plays a near-greedy
  table search (``EASY_WIDTH`` states a step): it lays and rearranges what
  it sees at once, plays its jokers as soon as they add a tile, misses deeper
  rearrangements, and never looks at the score.
* ``medium`` lays every set its rack can make (an exact search of the rack)
  and adds single tiles to the table's sets, or plays a wider one-pass table
  search (``MEDIUM_WIDTH``) when that lays more; it sheds the most points
  it can when an opponent is about to go out.

Easy and medium both touch the table because a bot that cannot rearrange it
rarely goes out: rounds end thrown in and games at the default target run
to the round cap (issue 12).
* ``expert`` rearranges the whole table. It opens with the most tiles among
  openings worth 30 (``opening``, exact), then plays beyond the
  turn (``expert``): out in one turn whenever the rack fits the
  table, else the most tiles the whole table allows, keeping its jokers for
  the go-out unless they bring three more tiles down and, among moves laying
  as many, the tiles with partners on its rack that a third may still join
  (it counts the tiles it has seen); everything it can, jokers first, once
  an opponent is down to six tiles or the pool is nearly dry.

How the expert's search is exact, and why this means: the table search is
the polynomial dynamic programme over numbers of van Rijn, Takes & Vis ("The
Complexity of Rummikub Problems", 2015) in ``search``, made
faster by dominance (a state that an open run of three would do better is
dropped), dead-run pruning and a floor, and made *anytime* by running it in
passes with widening beams, each looking only for better than the best so
far, the last pass exact. Every finished pass leaves a legal arrangement,
so the search always holds its best move so far and stopping early costs
accuracy, never the move (the medium move is the first incumbent). We chose
our own pure-Python search over an integer-programming solver so the site
needs no native dependency; an independent integer program (HiGHS, in
``research/tile_rummy_ilp``) checks it in the tests and the
benchmark.

Budget: an amount of search per level, never a clock, so a level's move for
a view is the same on a busy server as on an idle one (issue 30). Easy and
medium need no limit: their searches are bounded by construction (beams of
``EASY_WIDTH`` and ``MEDIUM_WIDTH`` states a step, and an exact search of the
rack alone). The expert gives each pass of each of its searches
``EXPERT_NODES`` steps (a move runs two to eight searches; the limit stops a
pass that alone needs more, not one about to finish: ``search.Budget``); the
opening's exact search has the same limit, and one stopped by it falls back to
the exact rack search, so an opening worth 30 is never missed. ``budget_s``
(``SAFETY_CAP_S``, CPU seconds of the deciding thread, so other processes' load
never counts) is only a safety net for a pathological position: when it is
hit the best move found so far is played and a WARNING is logged (with the
level; the site's log filter adds the game). Tests and benchmarks may pass
``budget_s=None`` and another ``node_limit``.
Every move is checked against the rules the engine applies (melds.check_table
and the opening rule) before it is returned; anything doubtful becomes a draw.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

from games.engine.melds import check_table, read
from games.engine.tile_rummy import (
    OPENING_MINIMUM,
    RULES,
    TILE_COUNT,
    TileRummyView,
    face_of,
    is_seated,
)
from games.engine.tile_rummy.turn import opening_sets

from .best import read_view as _read_view
from .expert import choose, objective, situation_of
from .opening import best_opening
from .search import (
    PLACEMENT_WEIGHTS,
    VALUE_WEIGHTS,
    Arrangement,
    Budget,
    SearchAborted,
    Weights,
    best_arrangement,
    count_weights,
)

LEVELS = ("easy", "medium", "expert")
# Search steps per pass of each search of the expert's move: what decides it. Chosen
# so an expert move's p99 on an idle machine stays under 250 ms (``python -m
# bench.benchmark --game tile_rummy --move-times 200``; counted per pass since
# 2026-12-07: the same 200 moves, CPU p99 38 ms, and ``--budget-check 400``).
EXPERT_NODES = 20_000
# The safety net, in CPU seconds (never the wall clock): ten times the 250 ms p99
# target. Never hit in the benchmark; when it is, the move is logged.
SAFETY_CAP_S = 2.5
# States kept per step by the one-pass table searches of medium and easy: narrow
# enough to miss rearrangements the expert finds, wide enough to go out
# (measured with ``python -m bench.benchmark --game tile_rummy --level-games``).
MEDIUM_WIDTH = 32
EASY_WIDTH = 3

Table = list[list[int]]

log = logging.getLogger(__name__)


def choose_action(
    view: TileRummyView,
    level: str,
    budget_s: float | None = SAFETY_CAP_S,
    *,
    node_limit: int | None = None,
    report: dict[str, Any] | None = None,
) -> dict[str, Any] | None:
    """The bot's action for the seat ``view`` was made for, or None if it may not play now.

    ``node_limit`` (None: the level's own, ``EXPERT_NODES``) decides how much
    the expert searches, so the move depends on the view and the level alone;
    ``budget_s`` is a CPU-time safety net only (None: none), logged when hit.
    ``report``: as for ``propose`` (the benchmark reads the steps spent).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    if view.get("phase") != "play" or view.get("turn") != view.get("seat"):
        return None
    if not is_seated(view):
        return None
    table, rack, touch = _read_view(view)
    report = report if report is not None else {}
    new_table = propose(view, level, budget_s, node_limit=node_limit, report=report)
    if report.get("timed_out"):
        log.warning(
            "Tile Rummy %s move hit the %.1f s CPU safety cap after %d search steps; "
            "it played the best found so far",
            level,
            budget_s,
            report.get("nodes", 0),
            extra={"level": level},
        )
    if new_table is not None and is_legal_play(table, rack, touch, new_table):
        return {"type": "play", "table": _keep_order(table, new_table)}
    return {"type": "draw"}


def propose(
    view: TileRummyView,
    level: str,
    budget_s: float | None = SAFETY_CAP_S,
    *,
    node_limit: int | None = None,
    report: dict[str, Any] | None = None,
) -> Table | None:
    """The new table the bot would like to play, unchecked; None = it would rather draw.

    ``report`` (expert only), if given, is filled with how the move was found:
    ``source`` (opening / medium / search), ``finished`` (the exact search
    ran to the end), ``nodes`` (search steps spent, all searches together)
    and ``timed_out`` (the safety net stopped a search).
    """
    table, rack, touch = _read_view(view)
    if level == "easy":
        return _easy(table, rack, touch)
    if level == "medium":
        return _medium(table, rack, touch, _in_danger(view))
    budget = Budget.capped(EXPERT_NODES if node_limit is None else node_limit, budget_s)
    info: dict[str, Any] = report if report is not None else {}
    move = _expert(view, budget, info)
    info["nodes"] = budget.total
    info["timed_out"] = budget.timed_out
    return move


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
    new_sets = opening_sets(table, new_table, rack)
    return new_sets is not None and sum(set_value(s) for s in new_sets) >= OPENING_MINIMUM


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
    """Opens with plain sets only; once open, a near-greedy search of the table."""
    sets = _plain_sets(rack)
    if touch:
        return _narrow_search(table, rack, [*table, sets[0]] if sets else None, EASY_WIDTH)
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
    floor = objective(table, known, weights) if known is not None else None
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
    numbers = {f.number for f in faces if f.number is not None}  # no wilds here
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


def _medium(table: Table, rack: Sequence[int], touch: bool, shed: bool = False) -> Table | None:
    """Rack sets and lay-offs, or a narrow search of the whole table if it lays more."""
    simple = _lay_down(table, rack, touch)
    if not touch:
        return simple
    return _narrow_search(table, rack, simple, MEDIUM_WIDTH, shed)


def _narrow_search(
    table: Table, rack: Sequence[int], known: Table | None, width: int, shed: bool = False
) -> Table | None:
    """One beam pass of the table search (``width`` states a step): quick, often best,
    sometimes blind to a rearrangement; jokers go down whenever they add a tile
    (``shed``: the most points, jokers first)."""
    weights = PLACEMENT_WEIGHTS if shed else count_weights(keep_jokers=False)
    floor = objective(table, known, weights) if known is not None else None
    found = best_arrangement(table, rack, face_of, weights, Budget(), floor, lean=True, beam=width)
    if found.placed and (floor is None or found.score > floor):
        return found.sets
    return known


def _lay_down(table: Table, rack: Sequence[int], touch: bool) -> Table | None:
    """Every set the rack makes, then single tiles added to the table's sets."""
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

# An opponent this close to going out makes every tile kept a likely loss:
# medium then sheds the most points it can (the expert has its own threshold).
DANGER_TILES = 2


def _expert(view: TileRummyView, budget: Budget, info: dict[str, Any]) -> Table | None:
    """The opening, then play beyond the turn (``expert``): out when it
    can, jokers and paired tiles kept, points dumped when an opponent is close
    to going out."""
    table, rack, touch = _read_view(view)
    info["finished"] = True
    if not touch:
        info["source"] = "opening"
        return _expert_opening(table, rack, budget, info)
    move, why = choose(table, rack, situation_of(view), budget, _quick_lay_down, info)
    info["source"] = why
    return move


def _quick_lay_down(table: Table, tiles: list[int]) -> Table | None:
    """Rack sets and lay-offs, jokers kept back: the expert's searches' first incumbent."""
    naturals = [t for t in tiles if not _is_joker(t)]
    return _lay_down(table, naturals, True) if naturals else None


def _in_danger(view: TileRummyView) -> bool:
    counts = view.get("rack_counts") or []
    return any(n <= DANGER_TILES for i, n in enumerate(counts) if i != view.get("seat"))


def _expert_opening(
    table: Table, rack: Sequence[int], budget: Budget, info: dict[str, Any]
) -> Table | None:
    """The most tiles among openings worth 30, jokers kept unless they add natural tiles."""
    try:
        plain = best_opening(rack, face_of, budget, use_jokers=False)
        wild = best_opening(rack, face_of, budget) if any(map(_is_joker, rack)) else None
    except SearchAborted:
        info["finished"] = False
        return _opening(table, rack, Budget())
    chosen = plain
    if wild is not None and (plain is None or _naturals(wild.sets) > _naturals(plain.sets)):
        chosen = wild
    if wild is not None and wild.tiles == len(rack):  # it goes out
        chosen = wild
    return [*table, *chosen.sets] if chosen is not None else None


def _naturals(sets: Table) -> int:
    return sum(1 for s in sets for t in s if not _is_joker(t))
