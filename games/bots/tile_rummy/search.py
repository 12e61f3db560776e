"""Exact table search for Tile Rummy bots: pure Python, no Django.

``best_arrangement`` partitions every table tile plus the best subset of rack
tiles into valid sets (runs and groups, jokers anywhere). It is the dynamic
programme over numbers from van Rijn, Takes & Vis, "The Complexity of
Rummikub Problems" (2015), with table tiles made compulsory:

* the numbers 1..13 are swept in order, one colour at a time;
* each colour keeps two run "slots" (there are two copies of each tile), each
  remembering how long its run is so far: 0, 1, 2 or "3 or more";
* a slot of length 1 or 2 must grow at the next number, one of 3+ may end;
* tiles not extending a run go to this number's groups (1 or 2 groups of
  distinct colours, topped up with jokers), resolved once all four colours
  of the number are decided;
* jokers are a counter: how many have been placed so far.

States are merged by key, so a crowded mid-game table costs from a few
hundred to a few tens of thousands of states per step. Four prunings keep it
there: a run that can no longer reach three tiles is dropped as soon as it is
made; a state is dropped when its twin with a run of three or more still
open in place of an empty slot or a shorter run scores as much (dominance:
the open run can end whenever the other could, or grow); a ``floor`` (the
value of a move already in hand) cuts states that cannot reach it; and the
``lean`` mode places jokers only where they carry a set, adding spare ones
to finished sets afterwards. Exact within its model (at most two runs of one
colour alive at any number, which the two copies of each tile make natural;
lean mode only drops joker placements that have an equivalent elsewhere):
checked against brute force and against an integer program (HiGHS) in the
tests.

``anytime_arrangement`` is what players call: passes with a beam (only the
best ``width`` states kept a step: quick, nearly always optimal) of growing
width, then the exact pass, each looking only for better than the last (an
iterative deepening over the beam). A ``Budget`` of steps counts each pass
alone, so it stops only a pass whose layers keep growing past the limit (not
converging), never one a few steps from its end because earlier passes spent
the steps (a CPU-time deadline only as a safety net); the best arrangement of
the passes that finished is kept. Given the same inputs and step limit, the
answer is always the same: iteration order depends only on the input.

Out of scope: choosing *which* arrangement is strategically best beyond the
objective weights below (tiles placed, then their value, jokers kept).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from games.engine.melds import Face, read
from games.engine.tile_rummy import COLOURS as COLOUR_LETTERS
from games.engine.tile_rummy import RULES

COLOURS = 4
TOP = 13

# A slot's length: 0 = no run, 1, 2, 3 = "three or more" (may end here).
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(4) for b in range(a, 4))
PAIR_INDEX: dict[tuple[int, ...], int] = {p: i for i, p in enumerate(PAIRS)}  # sorted pairs
CLOSED = frozenset(PAIR_INDEX[p] for p in ((0, 0), (0, 3), (3, 3)))
NONE, REAL, JOKER = 0, 1, 2
CLOCK_EVERY = 512  # states between two looks at the clock inside a layer
# One way to treat a colour at a number: (key delta, score gain, reals to groups, decision);
# per slot pair, per jokers left. A layer's back pointers: key -> (earlier key, decision).
StageOption = tuple[int, int, int, tuple[Any, ...]]
StageOptions = list[list[tuple[StageOption, ...]]]
BackPointers = dict[int, tuple[int, Any]]
# Per colour and number the tiles held, their ids by (colour, number), and the jokers.
FaceCounts = tuple[list[list[int]], dict[tuple[int, int], list[int]], list[int]]
# Beam widths of the anytime search's passes; the last, None, is the exact search.
WIDTHS: tuple[int | None, ...] = (32, 256, 2048, None)


def cpu_seconds() -> float:
    """This thread's CPU time, the safety net's clock: unlike the wall clock it stands
    still while other processes have the CPU, so a busy server never trips the net."""
    return time.thread_time()


class SearchAborted(Exception):
    """The node budget or the deadline ran out before the search finished."""


@dataclass
class Budget:
    """Counts search steps (states expanded) against ``node_limit``, the amount of
    search that decides a move: checked once per layer, so a search stops at the
    same place on any machine, busy or idle. As in iterative deepening, the limit
    is on the steps of one pass (``stale``): ``progressed``, called as a pass of
    the anytime search ends, starts the count again. Counting all the passes'
    steps (``per_pass=False``, the old rule, kept for ``tile_rummy_budgets``)
    stopped wide passes a few thousand steps short of their end: tiles lost, and
    more steps than unlimited once the second look that follows a stop had run.

    ``deadline`` (a ``cpu_seconds()`` value or None; ``capped`` sets it) is only a
    safety net far above the usual cost, counted in this thread's CPU time and
    read every ``CLOCK_EVERY`` states inside a layer so a crowded layer cannot
    overrun it by much; ``timed_out`` says it was hit
    (the move then depends on the machine, which the callers log).

    A budget made by ``fresh`` (one more search under the same limits) reports
    its steps and a timeout to the budget it came from, so ``total`` on the
    first one is all the steps a move spent."""

    node_limit: int | None = None
    deadline: float | None = None
    nodes: int = 0
    total: int = 0
    timed_out: bool = False
    root: Budget | None = field(default=None, repr=False, compare=False)
    per_pass: bool = True
    stale: int = 0

    def spend(self, n: int) -> None:
        self.nodes += n
        self.stale += n
        self.total += n
        if self.root is not None:
            self.root.total += n
        if self.node_limit is not None and self.stale > self.node_limit:
            raise SearchAborted
        self.check_clock()

    def progressed(self) -> None:
        """A pass of the deepening ended: the search is converging, count afresh."""
        if self.per_pass:
            self.stale = 0

    def check_clock(self) -> None:
        if self.deadline is not None and cpu_seconds() > self.deadline:
            self.timed_out = True
            if self.root is not None:
                self.root.timed_out = True
            raise SearchAborted

    @classmethod
    def capped(cls, node_limit: int | None, cap_s: float | None) -> Budget:
        """``node_limit`` steps, with a safety net of ``cap_s`` CPU seconds (None: none)."""
        return cls(node_limit, None if cap_s is None else cpu_seconds() + cap_s)

    def fresh(self) -> Budget:
        """A budget for one more search: the same step limit and safety net, counted
        into the first budget's ``total``."""
        return Budget(
            self.node_limit, self.deadline, root=self.root or self, per_pass=self.per_pass
        )


@dataclass(frozen=True)
class Weights:
    """What the search maximises.

    ``real(colour, number)``: a rack tile of that face placed; ``joker_at(n)``:
    any joker placed standing for number ``n`` (used for opening values);
    ``rack_joker``: each rack joker placed (negative = prefer to keep it).
    """

    real: Callable[[int, int], int]
    joker_at: Callable[[int], int]
    rack_joker: int


def count_weights(keep_jokers: bool = True) -> Weights:
    """Most rack tiles first, then the most valuable ones; jokers kept unless they help."""
    return Weights(lambda c, n: 1000 + n, lambda n: 0, -5 if keep_jokers else 1000)


PLACEMENT_WEIGHTS = Weights(lambda c, n: 1000 + n, lambda n: 0, 1000 + 30)
"""The most rack tiles laid this turn (jokers too), then the most points shed from
the rack (a joker 30, what it costs left there): the placement optimum."""

VALUE_WEIGHTS = Weights(lambda c, n: n, lambda n: n, 0)
"""The value of the sets laid (jokers at the number they stand for): for an opening."""


@dataclass
class Arrangement:
    sets: list[list[int]]
    placed: list[int]  # rack tiles the arrangement uses
    score: int
    nodes: int
    exact: bool = True  # False: a beam dropped states, better may exist


def _next_len(length: int, act: int) -> int:
    return 0 if act == NONE else min(length + 1, 3)


@cache
def _colour_options(
    pair: int,
    table: int,
    rack: int,
    jokers_left: int,
    lean: bool = False,
    lead_ok: bool = True,
    ahead: tuple[int, int] = (0, 0),
) -> tuple:
    """Ways to treat one colour at one number.

    Returns tuples (new pair, reals used, reals to groups, jokers used, (act a, act b)).
    ``table`` tiles of this face must be used, ``rack`` ones may be.

    ``lean`` drops joker moves that only decorate a set that stands without
    them (see ``best_arrangement``): a joker may start a run only where the run
    cannot put it at its end instead (``lead_ok``, the number 11), and may
    follow three or more tiles only to bridge a gap to a tile ``ahead``.
    """
    a, b = PAIRS[pair]
    seen: dict[tuple[int, int, int, int], tuple[int, int]] = {}
    for act_a in (REAL, JOKER) if a in (1, 2) else (NONE, REAL, JOKER):
        for act_b in (REAL, JOKER) if b in (1, 2) else (NONE, REAL, JOKER):
            jokers = (act_a == JOKER) + (act_b == JOKER)
            if jokers > jokers_left:
                continue
            if lean and not all(
                _joker_useful(length, lead_ok, ahead, jokers_left - jokers)
                for length, act in ((a, act_a), (b, act_b))
                if act == JOKER
            ):
                continue
            reals_to_runs = (act_a == REAL) + (act_b == REAL)
            new = PAIR_INDEX[tuple(sorted((_next_len(a, act_a), _next_len(b, act_b))))]
            for to_groups in range(3):
                used = reals_to_runs + to_groups
                if table <= used <= table + rack:
                    seen.setdefault((new, used, to_groups, jokers), (act_a, act_b))
    return tuple((*key, acts) for key, acts in seen.items())


def _joker_useful(length: int, lead_ok: bool, ahead: tuple[int, int], spare: int) -> bool:
    if length == 0:
        return lead_ok
    if length == 3:
        return ahead[0] > 0 or (ahead[1] > 0 and spare > 0)
    return True


@cache
def _group_options(
    reals: int, widest: int, jokers_left: int, lean: bool = False
) -> tuple[tuple[int, int], ...]:
    """(groups, jokers) ways to make groups from ``reals`` tiles of one number.

    ``widest`` is the most copies of one colour among them (each copy needs its
    own group). Reals are spread evenly; jokers top groups up to 3, or 4
    (``lean``: only up to 3, the jokers a group needs).
    """
    if reals == 0:
        return ((0, 0),)
    out = []
    for groups in range(max(widest, 1), 3):
        if reals > 4 * groups or reals < groups:
            continue
        sizes = [reals // groups + (1 if i < reals % groups else 0) for i in range(groups)]
        need = sum(max(0, 3 - s) for s in sizes)
        most = need if lean else 4 * groups - reals
        for jokers in range(need, min(most, jokers_left) + 1):
            out.append((groups, jokers))
    return tuple(out)


_DIGIT = (1, 10, 100, 1000)
_J_M = 10_000  # jokers used: 0..2
_G_M = 30_000  # reals waiting for this number's groups: 0..8
_W_M = 270_000  # most copies of one colour among them: 0..2
_NEVER = -(10**12)


@lru_cache(maxsize=65536)
def _stage_options(
    mult: int,
    table: int,
    rack: int,
    jokers: int,
    real: int,
    joker: int,
    ahead: tuple[int, int],
    lean: bool,
    lead_ok: bool,
) -> StageOptions:
    """Per slot pair and jokers left: (key delta, score gain, reals to groups, decision)."""
    return [
        [
            tuple(
                (
                    (new - pair) * mult + used_j * _J_M + to_groups * _G_M,
                    (used - table) * real + used_j * joker,
                    to_groups,
                    (acts, used, to_groups, used_j),
                )
                for new, used, to_groups, used_j, acts in shapes
            )
            for shapes in per_left
        ]
        for pair, per_left in enumerate(_stage_shapes(table, rack, jokers, ahead, lean, lead_ok))
    ]


@cache
def _stage_shapes(
    table: int, rack: int, jokers: int, ahead: tuple[int, int], lean: bool, lead_ok: bool
) -> tuple:
    """The colour options for each slot pair and jokers left, without the ones that
    leave a run which cannot be finished: ``ahead`` holds the tiles of this colour
    at the next two numbers (-1: past the top), so dead states never enter a layer."""
    return tuple(
        tuple(
            tuple(
                option
                for option in _colour_options(pair, table, rack, left, lean, lead_ok, ahead)
                if _can_finish(option[0], ahead, left - option[3])
            )
            for left in range(jokers + 1)
        )
        for pair in range(len(PAIRS))
    )


def _can_finish(pair: int, ahead: tuple[int, int], jokers: int) -> bool:
    """Can the runs of length 1 or 2 in ``pair`` still reach three tiles?"""
    lengths = PAIRS[pair]
    next_one = sum(1 for x in lengths if x in (1, 2))  # need a tile at n+1
    next_two = sum(1 for x in lengths if x == 1)  # and at n+2
    missing = 0
    for need, have in ((next_one, ahead[0]), (next_two, ahead[1])):
        if need and have < 0:
            return False
        missing += max(0, need - max(have, 0))
    return missing <= jokers


def _potentials(
    r_count: list[list[int]], weights: Weights, rack_jokers: int, jokers: int
) -> list[int]:
    """potential[i]: the most the stages from colour stage i on could still add."""
    best_joker = max(0, *(weights.joker_at(n) for n in range(1, TOP + 1)))
    tail = rack_jokers * max(0, weights.rack_joker) + jokers * best_joker
    gains = [
        r_count[c][n] * max(0, weights.real(c, n))
        for n in range(1, TOP + 1)
        for c in range(COLOURS)
    ]
    out = [0] * (len(gains) + 1)
    out[-1] = tail
    for i in range(len(gains) - 1, -1, -1):
        out[i] = out[i + 1] + gains[i]
    return out


def _face_counts(tiles: Sequence[int], face_of: Callable[[int], Face]) -> FaceCounts:
    counts = [[0] * (TOP + 2) for _ in range(COLOURS)]
    ids: dict[tuple[int, int], list[int]] = {}
    jokers: list[int] = []
    for tile in tiles:
        face = face_of(tile)
        if face.wild:
            jokers.append(tile)
            continue
        c = COLOUR_LETTERS.index(face.colour or "")
        counts[c][face.number or 0] += 1
        ids.setdefault((c, face.number or 0), []).append(tile)
    return counts, ids, jokers


def best_arrangement(
    table: Sequence[Sequence[int]],
    rack: Sequence[int],
    face_of: Callable[[int], Face],
    weights: Weights,
    budget: Budget | None = None,
    floor: int | None = None,
    *,
    lean: bool = False,
    beam: int | None = None,
) -> Arrangement:
    """The best valid table holding every table tile and a subset of the rack.

    ``lean`` makes crowded tables much cheaper: jokers are only placed where
    they carry a set (fill a gap, make up a short run or group); any left over
    are added afterwards to sets that stand without them. Should that ever
    fail, the full search runs instead.

    ``floor`` is the objective value of an arrangement already known to be
    possible (e.g. a simpler bot's move): states that cannot reach it are cut,
    and if none does the answer places nothing.
    Raises ``SearchAborted`` when the budget runs out.
    """
    budget = budget or Budget()
    table_tiles = [t for s in table for t in s]
    t_count, t_ids, t_jokers = _face_counts(table_tiles, face_of)
    r_count, r_ids, r_jokers = _face_counts(rack, face_of)
    total_jokers = len(t_jokers) + len(r_jokers)
    table_jokers = len(t_jokers)

    # A state is one int: the four colours' slot pairs as decimal digits (0-9 each),
    # then jokers used, then this number's group tiles so far and their widest colour.
    floor_ = floor if floor is not None else -(10**9)
    potential = _potentials(r_count, weights, len(r_jokers), total_jokers)
    layer: dict[int, int] = {0: 0}
    back: list[dict[int, tuple]] = []
    exact = True
    stage = 0
    for n in range(1, TOP + 1):
        joker_value = weights.joker_at(n)
        for c in range(COLOURS):
            tc, rc = t_count[c][n], r_count[c][n]
            mult = _DIGIT[c]
            ahead = tuple(t_count[c][m] + r_count[c][m] if m <= TOP else -1 for m in (n + 1, n + 2))
            options = _stage_options(
                mult, tc, rc, total_jokers, weights.real(c, n), joker_value, ahead, lean, n == 11
            )
            budget.spend(len(layer))
            stage += 1
            cut = floor_ - potential[stage]  # what a new state must score to stay useful
            if c < COLOURS - 1:
                layer, bp = _colour_step(layer, options, mult, total_jokers, cut, budget)
            else:  # the last colour, then this number's groups, in one step
                layer, bp = _closing_step(
                    layer, options, mult, total_jokers, cut, joker_value, lean, budget
                )
            if lean and total_jokers:
                _drop_joker_heavy(layer)
            _drop_ended_runs(layer, mult)
            if beam is not None and len(layer) > beam:
                layer = _narrow(layer, beam)
                exact = False
            back.append(bp)

    best_key = None
    best_value = 0
    for state, score in layer.items():
        if not all((state // d) % 10 in CLOSED for d in _DIGIT):
            continue
        used_j = state // _J_M
        if lean:  # jokers left over are added to finished sets afterwards
            rack_jokers = len(r_jokers) if weights.rack_joker > 0 else max(0, used_j - table_jokers)
        elif used_j >= table_jokers:
            rack_jokers = used_j - table_jokers
        else:
            continue
        value = score + rack_jokers * weights.rack_joker
        if best_key is None or value > best_value:
            best_key, best_value = state, value
    if best_key is None:
        if floor is not None or not exact:  # nothing reached the floor (or survived the beam)
            return Arrangement([list(s) for s in table], [], _NEVER, budget.nodes, exact)
        raise AssertionError("the table as it stands is always a solution")

    decisions = []
    key = best_key
    for bp in reversed(back):
        key, decision = bp[key]
        decisions.append(decision)
    decisions.reverse()
    sets = _rebuild(decisions)
    if lean:
        used_j = best_key // _J_M
        spare = max(0, table_jokers - used_j)
        if weights.rack_joker > 0:
            spare = total_jokers - used_j
        if spare and not _add_spare_jokers(sets, spare):
            return best_arrangement(
                table, rack, face_of, weights, budget, floor, lean=False, beam=beam
            )

    # faces -> ids: table copies first (they must all be used), then rack copies
    pools = {
        face: list(t_ids.get(face, [])) + list(r_ids.get(face, []))
        for face in set(t_ids) | set(r_ids)
    }
    joker_pool = list(t_jokers) + list(r_jokers)
    out: list[list[int]] = []
    for s in sets:
        tiles = [joker_pool.pop(0) if tok is None else pools[tok].pop(0) for tok in s]
        out.append(tiles)
    rack_set = set(rack)
    placed = sorted(t for s in out for t in s if t in rack_set)
    return Arrangement(out, placed, best_value, budget.nodes, exact)


# A slot's run that may end (3+) can do all that an empty slot or a shorter run can.
_GROWN = {
    i: tuple(sorted({PAIR_INDEX[tuple(sorted((3, b)))] - i for a, b in (p, p[::-1]) if a < 3}))
    for i, p in enumerate(PAIRS)
    if min(p) < 3
}
_GROWN = {i: deltas for i, deltas in _GROWN.items() if deltas}


def anytime_arrangement(
    table: Sequence[Sequence[int]],
    rack: Sequence[int],
    face_of: Callable[[int], Face],
    weights: Weights,
    budget: Budget | None = None,
    floor: int | None = None,
    widths: tuple[int | None, ...] = WIDTHS,
) -> Arrangement:
    """The best arrangement the budget allows, never worse than one found on the way.

    Passes of ``best_arrangement`` with widening beams (``widths``), each told
    to look only for better than the best so far (its ``floor``), the last one
    exact. A pass stopped by the budget (more than ``node_limit`` steps on its
    own) is dropped and ends the deepening; what the earlier passes found is kept.
    ``exact`` on the answer says whether the exact pass finished (the answer
    is then the optimum). With a ``floor`` (a move already in hand) and
    nothing better found, the answer places nothing.
    """
    budget = budget or Budget()
    best: Arrangement | None = None
    exact = False
    for width in widths:
        known = best.score if best is not None else floor
        try:
            found = best_arrangement(
                table, rack, face_of, weights, budget, known, lean=True, beam=width
            )
        except SearchAborted:
            break
        if found.placed and (best is None or found.score > best.score):
            best = found
        budget.progressed()
        if found.exact:
            exact = True
            break
    if best is None:
        best = Arrangement([list(s) for s in table], [], _NEVER if floor is not None else 0, 0)
    best.nodes, best.exact = budget.nodes, exact
    return best


def _drop_ended_runs(layer: dict[int, int], mult: int) -> None:
    """Drop a state whose twin, with a run of three or more still open where this
    state has an empty slot or a shorter run, scores at least as much: the twin's
    future includes this state's. Only the colour just decided (``mult``) is
    compared, which finds most such pairs at a quarter of the cost."""
    get = layer.get
    grown = _GROWN
    dominated = []
    for key, score in layer.items():
        deltas = grown.get((key // mult) % 10)
        if deltas is None:
            continue
        for d in deltas:
            if get(key + d * mult, _NEVER) >= score:
                dominated.append(key)
                break
    for key in dominated:
        del layer[key]


def _narrow(layer: dict[int, int], width: int) -> dict[int, int]:
    """The ``width`` best states of a layer (ties: the smaller key, so runs repeat)."""
    return dict(heapq.nlargest(width, layer.items(), key=lambda item: (item[1], -item[0])))


def _add_spare_jokers(sets: list[list], spare: int) -> bool:
    """Put jokers the search left over onto sets that take one more tile (a run
    short of 13, a group of three). False if some joker finds no room."""
    joker = Face(None, None)
    for tokens in sets:
        faces = [joker if t is None else Face(COLOUR_LETTERS[t[0]], t[1]) for t in tokens]
        while spare and read([*faces, joker], RULES) is not None:
            tokens.append(None)
            faces.append(joker)
            spare -= 1
    return spare == 0


def _drop_joker_heavy(layer: dict[int, int]) -> None:
    """Lean search only: a state that used more jokers for no more score is dominated.

    Left-over jokers cost nothing there (they are added to finished sets
    afterwards), so whatever the heavier state can still do, the lighter can too.
    """
    get = layer.get
    heavy = []
    for key, score in layer.items():
        used = (key // _J_M) % 3
        if used and (
            get(key - _J_M, _NEVER) >= score or (used == 2 and get(key - 2 * _J_M, _NEVER) >= score)
        ):
            heavy.append(key)
    for key in heavy:
        del layer[key]


def _colour_step(
    layer: dict[int, int], options: StageOptions, mult: int, jokers: int, cut: int, budget: Budget
) -> tuple[dict[int, int], BackPointers]:
    """One colour at one number: every state times every way to treat that colour."""
    new: dict[int, int] = {}
    bp: BackPointers = {}
    get = new.get
    timed = budget.deadline is not None
    for i, (state, score) in enumerate(layer.items()):
        if timed and not i % CLOCK_EVERY:
            budget.check_clock()
        widest = state // _W_M
        for delta, gain, to_groups, info in options[(state // mult) % 10][
            jokers - (state // _J_M) % 3
        ]:
            value = score + gain
            if value < cut:
                continue
            key = state + delta
            if to_groups > widest:
                key += (to_groups - widest) * _W_M
            if value > get(key, _NEVER):
                new[key] = value
                bp[key] = (state, info)
    return new, bp


def _closing_step(
    layer: dict[int, int],
    options: StageOptions,
    mult: int,
    jokers: int,
    cut: int,
    joker_value: int,
    lean: bool,
    budget: Budget,
) -> tuple[dict[int, int], BackPointers]:
    """The last colour of a number, then its groups: states leave without group counters."""
    new: dict[int, int] = {}
    bp: BackPointers = {}
    get = new.get
    timed = budget.deadline is not None
    for i, (state, score) in enumerate(layer.items()):
        if timed and not i % CLOCK_EVERY:
            budget.check_clock()
        widest = state // _W_M
        used_j = (state // _J_M) % 3
        for delta, gain, to_groups, info in options[(state // mult) % 10][jokers - used_j]:
            value = score + gain
            if value < cut:
                continue
            key0 = state + delta  # pairs, jokers used and group reals updated
            base = key0 % _J_M
            j_now = (key0 // _J_M) % 3
            g_now = (key0 // _G_M) % 9
            w_now = widest if widest >= to_groups else to_groups
            for groups, extra in _group_options(g_now, w_now, jokers - j_now, lean):
                key = base + (j_now + extra) * _J_M
                total = value + extra * joker_value
                if total > get(key, _NEVER):
                    new[key] = total
                    bp[key] = (state, (info, (groups, extra)))
    return new, bp


def _rebuild(decisions: list[tuple]) -> list[list]:
    """Replay the chosen decisions into sets of tokens: (colour, number) or None (joker)."""
    runs: list[list[list]] = [[[], []] for _ in range(COLOURS)]
    sets: list[list] = []
    step = 0
    for n in range(1, TOP + 1):
        group_colours: list[int] = []
        for c in range(COLOURS):
            decision = decisions[step]
            step += 1
            if c == COLOURS - 1:
                decision, (groups, jokers) = decision
            acts, _used, to_groups, _jokers = decision
            slots = runs[c]
            for i, act in enumerate(acts):
                if act == NONE:
                    if slots[i]:
                        sets.append(slots[i])
                        slots[i] = []
                else:
                    slots[i].append((c, n) if act == REAL else None)
            slots.sort(key=lambda run: min(len(run), 3))  # stable: matches the state's pair
            group_colours += [c] * to_groups
        if groups:
            made: list[list] = [[] for _ in range(groups)]
            doubles = [c for c in dict.fromkeys(group_colours) if group_colours.count(c) == 2]
            singles = [c for c in dict.fromkeys(group_colours) if group_colours.count(c) == 1]
            for c in doubles:
                for g in made:
                    g.append((c, n))
            for c in singles:
                min(made, key=len).append((c, n))
            for cap in (3, 4):
                for g in made:
                    while jokers and len(g) < cap:
                        g.append(None)
                        jokers -= 1
            sets.extend(made)
    for slots in runs:
        sets.extend(run for run in slots if run)
    return sets
