"""A puzzle's first rating, from measured difficulty; and the measure that checks it.

The players' results move the rating afterwards (Glicko-2, ``puzzles.rating``);
this is where a puzzle starts: a small additive formula over what the build
measured for each puzzle (``measures`` in the bank file), its weights fitted.

Tile Rummy
    ``nodes``: steps the exact search needed to prove the optimum (log2);
    ``rebuilt``: table sets the answer takes apart; ``tiles`` laid; ``short``:
    tiles beyond the easy computer; ``gain`` over the best of the medium computer
    and the stated greedy (both miss every kept puzzle).
Romanian opening
    combinations in the answer, ``steps`` of the exact search (log2),
    ``options`` (combinations the rack offers: distractions), ``slack`` (points
    above the threshold), ``gain`` over the best of the three greedies.

How the weights were set: least squares of log2(``find``) on the measures, with
only the weights that came out at zero or above kept (a monotone model: more of a
measure never lowers the rating), scaled so the ratings spread about 350 points
each side of 1500, clamped to 800-2600. ``find`` is the **search effort needed to
find the answer**: the smallest per-pass step budget on a doubling ladder with
which the anytime search (Tile Rummy ``best_play_for``, Romanian
``search_opening``) reaches the optimum without proving it. The formula does not
read it, so it can check the rating: a search given a fixed step budget solves
fewer puzzles as the rating rises. ``tests/puzzles/test_bank_quality`` asks for
Spearman's rho of rating and ``find`` at least 0.5 on each shipped bank.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.bots.romanian.opening import search_opening
from games.bots.tile_rummy.best import best_play_for
from games.bots.tile_rummy.search import Budget

Table = list[list[int]]
# Step budgets tried by ``find_budget``, each per pass (as the site's searches count).
LADDER = tuple(250 * 2**k for k in range(11))  # 250 ... 256,000
LOW, HIGH = 800, 2600


def find_budget(table: Table, rack: list[int], optimum: tuple[int, int]) -> int:
    """The smallest step budget on ``LADDER`` with which the placement search reaches the
    optimum (it need not prove it): how much search the answer hides behind."""
    for steps in LADDER:
        found = best_play_for(table, rack, True, Budget(steps))
        if found is not None and (found.tiles, found.points) >= optimum:
            return steps
    return LADDER[-1] * 2


def romanian_find(rack: Counter[str], threshold: int, keep: int, optimum: tuple[int, int]) -> int:
    """The same for an opening: the smallest step budget whose search reaches the optimum."""
    for steps in (10 * 2**k for k in range(16)):
        best, _ = search_opening(rack, threshold, keep, steps)
        if (best.tiles, best.value) >= optimum:
            return steps
    return 10 * 2**16


def _clamp(score: float) -> int:
    return int(max(LOW, min(HIGH, round(score))))


def tile_rummy_rating(puzzle: dict[str, Any]) -> int:
    """The first rating of a Tile Rummy puzzle (see the module's text).

    A least-squares fit of log2(``find``) on the measures, over the 468 candidates of
    the first 150 games of seed 31, scaled to 365 rating points a doubling of ``find``
    and centred on 1500: 230 a doubling of the proof's steps, 72 a table set taken apart,
    40 a tile laid, 10 a tile beyond the easy computer. The gain over the medium computer
    and the greedy got a weight below zero (it does not make the answer harder to find),
    so it has none.
    """
    m = puzzle["measures"]
    short = puzzle["tiles"] - m["easy"][0]
    nodes = math.log2(max(m["nodes"], 1))
    score = -1304 + 10 * min(short, 8) + 72 * min(m["rebuilt"], 6)
    score += 40 * min(puzzle["tiles"], 12) + 230 * nodes
    return _clamp(score)


def romanian_rating(puzzle: dict[str, Any]) -> int:
    """The first rating of a Romanian opening puzzle (see the module's text).

    The same kind of fit over the 1,000 puzzles of seed 31 (545 rating points a doubling
    of ``find``, centred on 1500), the weights that came out below zero (tiles laid,
    jolys laid) left out: 304 a combination in the answer, 175 a doubling of the exact
    search's steps, 4 a combination the rack offers (up to 60), 4 a point above the
    threshold (up to 40), 10 a tile beyond the best greedy.
    """
    m = puzzle["measures"]
    score = -463 + 304 * len(puzzle["solution"]) + 175 * math.log2(max(m["steps"], 1))
    score += 4 * min(m["options"], 60) + 4 * min(max(m["slack"], 0), 40)
    score += 10 * min(puzzle["gain"][0], 13)
    return _clamp(score)


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties get their mean rank)."""
    rx, ry = _ranks(xs), _ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / math.sqrt(vx * vy) if vx and vy else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks
