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

The state space is small (a few thousand states per step in a crowded
mid-game), so the answer is exact and needs no randomness. A node budget and
an optional deadline stop pathological searches; the caller then falls back
to a simpler move. Given the same inputs, a search that finishes always
returns the same arrangement: iteration order depends only on the input.

Out of scope: choosing *which* arrangement is strategically best beyond the
objective weights below (tiles placed, then their value, jokers kept).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from games.engine.melds import Face
from games.engine.tile_rummy import COLOURS as COLOUR_LETTERS

COLOURS = 4
TOP = 13

# A slot's length: 0 = no run, 1, 2, 3 = "three or more" (may end here).
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(4) for b in range(a, 4))
PAIR_INDEX = {p: i for i, p in enumerate(PAIRS)}
CLOSED = frozenset(PAIR_INDEX[p] for p in ((0, 0), (0, 3), (3, 3)))
NONE, REAL, JOKER = 0, 1, 2


class SearchAborted(Exception):
    """The node budget or the deadline ran out before the search finished."""


@dataclass
class Budget:
    """Counts search steps; ``deadline`` is a ``time.perf_counter()`` value or None."""

    node_limit: int | None = None
    deadline: float | None = None
    nodes: int = 0
    _next_clock: int = 2048

    def spend(self, n: int) -> None:
        self.nodes += n
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchAborted
        if self.deadline is not None and self.nodes >= self._next_clock:
            self._next_clock = self.nodes + 2048
            if time.perf_counter() > self.deadline:
                raise SearchAborted


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


VALUE_WEIGHTS = Weights(lambda c, n: n, lambda n: n, 0)
"""The value of the sets laid (jokers at the number they stand for): for an opening."""


@dataclass
class Arrangement:
    sets: list[list[int]]
    placed: list[int]  # rack tiles the arrangement uses
    score: int
    nodes: int


def _next_len(length: int, act: int) -> int:
    return 0 if act == NONE else min(length + 1, 3)


@cache
def _colour_options(pair: int, table: int, rack: int, jokers_left: int) -> tuple:
    """Ways to treat one colour at one number.

    Returns tuples (new pair, reals used, reals to groups, jokers used, (act a, act b)).
    ``table`` tiles of this face must be used, ``rack`` ones may be.
    """
    a, b = PAIRS[pair]
    seen: dict[tuple[int, int, int, int], tuple[int, int]] = {}
    for act_a in (REAL, JOKER) if a in (1, 2) else (NONE, REAL, JOKER):
        for act_b in (REAL, JOKER) if b in (1, 2) else (NONE, REAL, JOKER):
            jokers = (act_a == JOKER) + (act_b == JOKER)
            if jokers > jokers_left:
                continue
            reals_to_runs = (act_a == REAL) + (act_b == REAL)
            new = PAIR_INDEX[tuple(sorted((_next_len(a, act_a), _next_len(b, act_b))))]
            for to_groups in range(3):
                used = reals_to_runs + to_groups
                if table <= used <= table + rack:
                    seen.setdefault((new, used, to_groups, jokers), (act_a, act_b))
    return tuple((*key, acts) for key, acts in seen.items())


@cache
def _group_options(reals: int, widest: int, jokers_left: int) -> tuple[tuple[int, int], ...]:
    """(groups, jokers) ways to make groups from ``reals`` tiles of one number.

    ``widest`` is the most copies of one colour among them (each copy needs its
    own group). Reals are spread evenly; jokers top groups up to 3, or 4.
    """
    if reals == 0:
        return ((0, 0),)
    out = []
    for groups in range(max(widest, 1), 3):
        if reals > 4 * groups or reals < groups:
            continue
        sizes = [reals // groups + (1 if i < reals % groups else 0) for i in range(groups)]
        need = sum(max(0, 3 - s) for s in sizes)
        for jokers in range(need, min(4 * groups - reals, jokers_left) + 1):
            out.append((groups, jokers))
    return tuple(out)


_DIGIT = (1, 10, 100, 1000)
_J_M = 10_000  # jokers used: 0..2
_G_M = 30_000  # reals waiting for this number's groups: 0..8
_W_M = 270_000  # most copies of one colour among them: 0..2
_NEVER = -(10**12)


def _stage_options(mult: int, table: int, rack: int, jokers: int, real: int, joker: int):
    """Per slot pair and jokers left: (key delta, score gain, reals to groups, decision)."""
    out = []
    for pair in range(len(PAIRS)):
        per_left = []
        for left in range(jokers + 1):
            per_left.append(
                tuple(
                    (
                        (new - pair) * mult + used_j * _J_M + to_groups * _G_M,
                        (used - table) * real + used_j * joker,
                        to_groups,
                        (acts, used, to_groups, used_j),
                    )
                    for new, used, to_groups, used_j, acts in _colour_options(
                        pair, table, rack, left
                    )
                )
            )
        out.append(per_left)
    return out


def _potentials(r_count, weights: Weights, rack_jokers: int, jokers: int) -> list[int]:
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


def _face_counts(tiles: Sequence[int], face_of: Callable[[int], Face]):
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
) -> Arrangement:
    """The best valid table holding every table tile and a subset of the rack.

    ``floor`` is the objective value of an arrangement already known to be
    possible (e.g. a simpler bot's move): states that cannot beat it are cut.
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
    stage = 0
    for n in range(1, TOP + 1):
        joker_value = weights.joker_at(n)
        for c in range(COLOURS):
            tc, rc = t_count[c][n], r_count[c][n]
            mult = _DIGIT[c]
            options = _stage_options(mult, tc, rc, total_jokers, weights.real(c, n), joker_value)
            new: dict[int, int] = {}
            bp: dict[int, tuple] = {}
            budget.spend(len(layer))
            cut = floor_ - potential[stage]
            stage += 1
            for state, score in layer.items():
                if score < cut:
                    continue
                widest = state // _W_M
                opts = options[(state // mult) % 10][total_jokers - (state // _J_M) % 3]
                for delta, gain, to_groups, info in opts:
                    key = state + delta
                    if to_groups > widest:
                        key += (to_groups - widest) * _W_M
                    value = score + gain
                    if value > new.get(key, _NEVER):
                        new[key] = value
                        bp[key] = (state, info)
            back.append(bp)
            layer = new
        # this number's groups
        new = {}
        bp = {}
        budget.spend(len(layer))
        for state, score in layer.items():
            used_j = (state // _J_M) % 3
            g_reals = (state // _G_M) % 9
            base = state % _J_M
            for groups, jokers in _group_options(g_reals, state // _W_M, total_jokers - used_j):
                key = base + (used_j + jokers) * _J_M
                value = score + jokers * joker_value
                if value > new.get(key, _NEVER):
                    new[key] = value
                    bp[key] = (state, (groups, jokers))
        back.append(bp)
        layer = new

    best_key = None
    best_value = 0
    for state, score in layer.items():
        used_j = state // _J_M
        if used_j >= table_jokers and all(
            (state // d) % 10 in CLOSED for d in _DIGIT
        ):
            value = score + (used_j - table_jokers) * weights.rack_joker
            if best_key is None or value > best_value:
                best_key, best_value = state, value
    if best_key is None:
        if floor is not None:  # the floor was not reachable after all: search in full
            return best_arrangement(table, rack, face_of, weights, budget)
        raise AssertionError("the table as it stands is always a solution")

    decisions = []
    key = best_key
    for bp in reversed(back):
        key, decision = bp[key]
        decisions.append(decision)
    decisions.reverse()
    sets = _rebuild(decisions)

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
    return Arrangement(out, placed, best_value, budget.nodes)


def _rebuild(decisions: list[tuple]) -> list[list]:
    """Replay the chosen decisions into sets of tokens: (colour, number) or None (joker)."""
    runs: list[list[list]] = [[[], []] for _ in range(COLOURS)]
    sets: list[list] = []
    step = 0
    for n in range(1, TOP + 1):
        group_colours: list[int] = []
        for c in range(COLOURS):
            acts, _used, to_groups, _jokers = decisions[step]
            step += 1
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
        groups, jokers = decisions[step]
        step += 1
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
