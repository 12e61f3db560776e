"""The stated greedy a Rumasta first-meld puzzle must beat (issue 40, item 1).

What a player in a hurry does with the hand, written down so the bank can say
that every puzzle is missed by it. Two passes, *sets first* and *runs first*;
each one:

1. lays natural melds: every rank with three or more naturals as one set (at
   most seven), and every stretch of three or more consecutive places of one
   colour as a run (one card a place, the longest stretch first, at most
   seven) — in the pass's order, sets then runs or runs then sets;
2. makes a set of each natural pair still in hand (two of a rank) with one
   wild, while wilds last;
3. adds the wilds left, one at a time, to the meld with the fewest cards where
   naturals still outnumber wilds and fewer than seven cards lie;

never melding a card that would leave fewer than three in hand. A pass counts
only if its melds reach the minimum. The greedy's answer is the better of the
two passes (most cards, then points); (0, 0) when neither reaches the minimum.
It never bridges a gap in a run with a wild, never splits a rank or a run, and
never weighs one meld against another: the puzzles are where that matters.
"""

from __future__ import annotations

from collections import defaultdict

from games.engine.rumasta.cards import FACES

KEEP = 3
CLOSED = 7


def greedy(hand: list[int], minimum: int) -> tuple[int, int, list[list[int]]]:
    """(cards, points, melds) of the better pass; (0, 0, []) when neither reaches it."""
    best: tuple[int, int, list[list[int]]] = (0, 0, [])
    for sets_first in (True, False):
        melds = _pass(hand, sets_first)
        cards = sum(map(len, melds))
        points = sum(FACES[c].value for m in melds for c in m)
        if points >= minimum and (cards, points) > best[:2]:
            best = (cards, points, melds)
    return best


def _pass(hand: list[int], sets_first: bool) -> list[list[int]]:
    room = len(hand) - KEEP
    free = sorted(hand)
    melds: list[list[int]] = []
    steps = (_sets, _runs) if sets_first else (_runs, _sets)
    for step in steps:
        for meld in step(free):
            if sum(map(len, melds)) + len(meld) <= room:
                melds.append(meld)
                free = [c for c in free if c not in meld]
    wilds = [c for c in free if FACES[c].wild]
    wilds.sort(key=lambda c: (-FACES[c].value, c))
    for pair in _pairs(free):
        if wilds and sum(map(len, melds)) + 3 <= room:
            melds.append([*pair, wilds.pop(0)])
    for wild in wilds:
        if sum(map(len, melds)) + 1 > room:
            break
        open_melds = [m for m in melds if len(m) < CLOSED and _naturals(m) > _wilds(m) + 1]
        if open_melds:
            min(open_melds, key=len).append(wild)
    return melds


def _naturals(meld: list[int]) -> int:
    return sum(1 for c in meld if FACES[c].natural)


def _wilds(meld: list[int]) -> int:
    return len(meld) - _naturals(meld)


def _by_rank(cards: list[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = defaultdict(list)
    for c in cards:
        if FACES[c].run_pos is not None:
            out[FACES[c].rank].append(c)
    return out


def _sets(cards: list[int]) -> list[list[int]]:
    return [group[:CLOSED] for group in _by_rank(cards).values() if len(group) >= 3]


def _pairs(cards: list[int]) -> list[list[int]]:
    return [group[:2] for group in _by_rank(cards).values() if len(group) == 2]


def _runs(cards: list[int]) -> list[list[int]]:
    """Longest stretches of consecutive places in one colour, one card a place."""
    out: list[list[int]] = []
    free = list(cards)
    while True:
        stretch = _longest(free)
        if len(stretch) < 3:
            return out
        out.append(stretch)
        free = [c for c in free if c not in stretch]


def _longest(cards: list[int]) -> list[int]:
    best: list[int] = []
    for red in (True, False):
        by_place: dict[int, int] = {}
        for c in cards:
            face = FACES[c]
            if face.run_pos is not None and face.red == red:
                by_place.setdefault(face.run_pos, c)
        run: list[int] = []
        for place in range(12):
            if place in by_place and len(run) < CLOSED:
                run.append(by_place[place])
                continue
            if len(run) > len(best):
                best = run
            run = [by_place[place]] if place in by_place else []
    return best
