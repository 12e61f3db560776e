"""Check every shipped Rumasta first-meld puzzle: ``python -m research.puzzles.rumasta_check``.

For each puzzle: the stored answer is a first meld the engine's own rules accept
(``rumasta_position.judge``: the one ``meld`` action, on a table with that hand
and the side's score for that minimum) laying exactly the stored (cards, points);
an integer program written apart from the builder's search and from the bots
(``reference``, below: its own card faces, values and meld rules, read from the
rules text) finds that same optimum; the stated greedy lays less. Across the
file: no two hands equal by faces, at most three puzzles from one game, ids
distinct. Prints a count and every problem; exits 1 on any.

The integer program, for one hand and minimum:

* a set: ``x[r, n, w]``, how many sets of ``n`` naturals of rank ``r`` (aces, 4 …
  kings) and ``w`` wilds, for 2 ≤ n, n + w between 3 and 7, w < n; the naturals'
  colours are ``y[r, colour]``, summing to the naturals those sets hold;
* a run: ``x[colour, places, w]`` for each set of two or more places (4 … K, A)
  of one colour no more than seven apart, ``w`` wilds at least its gaps, n + w
  between 3 and 7, w < n;
* per (place, colour): the runs through it plus ``y`` at most the hand's copies;
* ``J`` jokers and ``T`` 2s used, at most those held, as many as the melds' wilds;
* cards melded (naturals + J + T) at most the hand less three;
* points (naturals' values + 50 J + 20 T) at least the minimum; at least one meld;
* maximise 1000 × cards + points (a hand is worth far less than 1000).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import highspy
import numpy as np

from games.engine.base import IllegalAction

from .rumasta_greedy import greedy
from .rumasta_position import judge

DEFAULT_OUT = Path(__file__).resolve().parents[2] / "puzzles" / "data" / "rumasta_bank.json"
GAME = "rumasta"
PER_GAME = 3
CARD_WEIGHT = 1000
JOKER, TWO = 50, 20
SUITS = "SHDC"


def face(card: int) -> tuple[int, str]:
    """(rank, suit) from an id, as the three decks are ordered: rank 0 is a joker."""
    inner = card % 54
    return (0, "") if inner >= 52 else (inner % 13 + 1, SUITS[inner // 13])


def value(card: int) -> int:
    """The rules' card values: ace 20, 2 20, joker 50, K-8 10, 7-4 and black 3 5, red 3 100."""
    rank, suit = face(card)
    if rank == 3:
        return 100 if suit in "HD" else 5
    return {0: JOKER, 1: 20, 2: TWO}.get(rank, 10 if rank >= 8 else 5)


def place(rank: int) -> int | None:
    """A rank's place in the run order 4 … K, A (0 … 10); None for 2s, 3s and jokers."""
    if rank == 1:
        return 10
    return rank - 4 if 4 <= rank <= 13 else None


def _patterns(held: Counter[tuple[int, int]]) -> list[tuple[str, Any, int, int, int]]:
    """(kind, key, naturals, wilds, natural points) for every meld shape the hand could
    hold: sets by rank, runs by colour and places."""
    out: list[tuple[str, Any, int, int, int]] = []
    for p in range(11):
        have = held[(p, 0)] + held[(p, 1)]
        worth = 20 if p == 10 else 10 if p >= 4 else 5
        for n in range(2, min(have, 7) + 1):
            for w in range(0, min(n - 1, 7 - n) + 1):
                if n + w >= 3:
                    out.append(("set", p, n, w, n * worth))
    for colour in (0, 1):
        spots = [p for p in range(11) if held[(p, colour)]]
        for size in range(2, 8):
            for places in combinations(spots, size):
                gaps = places[-1] - places[0] + 1 - size
                if places[-1] - places[0] >= 7:
                    continue
                worth = sum(20 if p == 10 else 10 if p >= 4 else 5 for p in places)
                for w in range(gaps, min(size - 1, 7 - size) + 1):
                    if size + w >= 3:
                        out.append(("run", (colour, places), size, w, worth))
    return out


def reference(hand: list[int], minimum: int, time_limit: float = 60.0) -> tuple[int, int] | None:
    """(cards, points) of the best first meld, or None when none reaches the minimum."""
    held: Counter[tuple[int, int]] = Counter()
    jokers = twos = 0
    for card in hand:
        rank, suit = face(card)
        jokers += rank == 0
        twos += rank == 2
        if (p := place(rank)) is not None:
            held[(p, 1 if suit in "SC" else 0)] += 1
    shapes = _patterns(held)
    if not shapes:
        return None
    n = len(shapes)
    y = {(p, c): n + 2 * p + c for p in range(11) for c in (0, 1)}  # set naturals by colour
    j, t = n + 22, n + 23
    count = n + 24
    h = _highs(time_limit)
    upper = np.array([7.0] * n + [float(held[k]) for k in sorted(y)] + [jokers, twos])
    h.addVars(count, np.zeros(count), upper)
    # A shape's cost holds its naturals; the wilds' cards and points are counted on J and T.
    cost = np.zeros(count)
    for i, (_kind, _key, naturals, _wilds, worth) in enumerate(shapes):
        cost[i] = -(CARD_WEIGHT * naturals + worth)
    cost[j], cost[t] = -(CARD_WEIGHT + JOKER), -(CARD_WEIGHT + TWO)
    every = np.arange(count, dtype=np.int32)
    h.changeColsCost(count, every, cost)
    h.changeColsIntegrality(count, every, np.full(count, highspy.HighsVarType.kInteger))
    _rows(h, shapes, held, y, j, t, len(hand), minimum)
    h.run()
    status = h.getModelStatus()
    if status == highspy.HighsModelStatus.kInfeasible:
        return None
    if status != highspy.HighsModelStatus.kOptimal:
        raise RuntimeError(f"the reference solver did not finish: {status}")
    x = [round(v) for v in h.getSolution().col_value]
    cards = sum(x[i] * (s[2] + s[3]) for i, s in enumerate(shapes))
    points = sum(x[i] * s[4] for i, s in enumerate(shapes)) + JOKER * x[j] + TWO * x[t]
    return cards, points


def _rows(h, shapes, held, y, j, t, hand_size: int, minimum: int) -> None:
    n = len(shapes)

    def row(lo: float, hi: float, cols: dict[int, float]) -> None:
        index = np.array(list(cols), dtype=np.int32)
        h.addRow(lo, hi, len(index), index, np.array(list(cols.values()), dtype=float))

    inf = highspy.kHighsInf
    for key in held:  # copies of each (place, colour)
        cols = {i: 1.0 for i, s in enumerate(shapes) if _through(s, key)}
        cols[y[key]] = 1.0
        row(-inf, float(held[key]), cols)
    for p in range(11):  # the sets' naturals of rank p, by colour
        cols = {i: float(s[2]) for i, s in enumerate(shapes) if s[0] == "set" and s[1] == p}
        cols[y[(p, 0)]] = cols.get(y[(p, 0)], 0.0) - 1.0
        cols[y[(p, 1)]] = -1.0
        row(0.0, 0.0, cols)
    wilds = {i: float(s[3]) for i, s in enumerate(shapes) if s[3]}
    row(0.0, 0.0, {**wilds, j: -1.0, t: -1.0})
    naturals = {i: float(s[2]) for i, s in enumerate(shapes)}
    row(-inf, float(hand_size - 3), naturals | {j: 1.0, t: 1.0})
    row(float(minimum), inf, {i: float(s[4]) for i, s in enumerate(shapes)} | {j: JOKER, t: TWO})
    row(1.0, inf, dict.fromkeys(range(n), 1.0))


def _through(shape: tuple[str, Any, int, int, int], key: tuple[int, int]) -> bool:
    """A run shape holding a natural at ``key`` (place, colour)."""
    return shape[0] == "run" and shape[1][0] == key[1] and key[0] in shape[1][1]


def _highs(time_limit: float) -> highspy.Highs:
    """A silent, single-thread HiGHS that proves optimality exactly (no gap allowed)."""
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("time_limit", time_limit)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.0)
    return h


def problems_of(puzzle: dict[str, Any]) -> list[str]:
    """What is wrong with one puzzle (empty: nothing)."""
    found: list[str] = []
    hand, minimum = puzzle["rack"], puzzle["threshold"]
    want = (puzzle["tiles"], puzzle["value"])
    if puzzle["game"] != GAME or puzzle["kind"] != "open" or puzzle["table"] != []:
        found.append("not a Rumasta first-meld puzzle with an empty table")
    if len(set(hand)) != len(hand) or not all(0 <= c < 162 for c in hand):
        return [*found, "the hand's card ids are not distinct Rumasta cards"]
    try:
        laid = judge(hand, minimum, puzzle["solution"])
    except IllegalAction as refused:
        found.append(f"stored answer refused: {refused}")
    else:
        if laid != want:
            found.append(f"stored answer lays {laid}, not {want}")
    if (check := reference(hand, minimum)) != want:
        found.append(f"the integer program finds {check}")
    if greedy(hand, minimum)[:2] >= want:
        found.append("the stated greedy lays as much")
    if tuple(puzzle["measures"]["medium"]) >= want:
        found.append("the medium computer laid as much")
    return found


def faces_key(hand: list[int]) -> str:
    """A hand as the eye sees it: faces only, sorted (twins are one)."""
    return " ".join(sorted(f"{rank}{suit}" for rank, suit in map(face, hand)))


def file_problems(puzzles: list[dict[str, Any]]) -> list[str]:
    found = []
    hands = Counter(faces_key(p["rack"]) for p in puzzles)
    found += [f"{n} puzzles hold the hand {k}" for k, n in hands.items() if n > 1]
    games = Counter(p["source"].split(":")[0] for p in puzzles)
    found += [f"{n} puzzles from game {g}" for g, n in games.items() if n > PER_GAME]
    ids = Counter(p["id"] for p in puzzles)
    found += [f"id {i} used {n} times" for i, n in ids.items() if n > 1]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bank", type=Path, default=DEFAULT_OUT)
    puzzles = json.loads(parser.parse_args(argv).bank.read_text())["puzzles"]
    started = time.perf_counter()
    bad = 0
    for puzzle in puzzles:
        for problem in problems_of(puzzle):
            bad += 1
            print(f"puzzle {puzzle['id']}: {problem}")
    for problem in file_problems(puzzles):
        bad += 1
        print(f"bank: {problem}")
    spent = time.perf_counter() - started
    print(f"checked {len(puzzles)} puzzles in {spent:.1f} s: {bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
