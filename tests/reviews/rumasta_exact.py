"""An exhaustive search for the most card points a Rumasta seat can meld this turn, written
apart from the bots' search (games/bots/rumasta/best.py) to check it on small positions.

The same objective and model, stated here on their own: only the cards the seat knows
(its hand and the piles' top cards); the openings C (draw, then meld from the hand),
A (one pickable pile) and B (both); new melds and additions to the side's open melds,
wilds wherever the engine's meld rules accept them; never black threes (they meld only
when going out, which is left out) and never switches; the hand keeps at least three
cards, counting the unseen cards the opening brings (the rest of a pile, the draw);
a side that has not melded must reach its minimum with everything it melds; a top card
that starts a meld, comes off a frozen pile or is taken with B needs two natural proof
cards from the hand in the same meld (the engine's ``proof_pair``), and B's two top
cards go into two different melds.

How: every way to share the known cards out among "kept", new melds and the side's
open melds is tried (``Search``), each meld judged by the engine's own
``melds.why_not`` and each top card's proof by its ``proof_pair``; the best total wins.
No bound, no heuristic: exponential, so only for small hands (about ten known cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from games.engine.rumasta import melds
from games.engine.rumasta.cards import FACES

KEEP = 3


@dataclass
class Position:
    """What the seat knows at the start of its turn, read from its view."""

    hand: list[int]
    own: list[list[int]]  # the side's melds
    melded: bool
    need: int  # the first meld's minimum (0 once melded)


@dataclass
class Opening:
    tops: list[tuple[int, bool]]  # (top card, needs its proof even onto a side meld)
    left: int  # cards in hand after the opening, before melding
    both: bool = False


def best_points(position: Position, opening: Opening) -> int | None:
    """The most card points this opening can meld (None when it cannot be played)."""
    cards = [c for c in position.hand if not FACES[c].black_three]
    tops = [t for t, _ in opening.tops]
    order = sorted(cards + tops, key=lambda c: (FACES[c].wild, c))
    open_own = [i for i, m in enumerate(position.own) if not melds.closed(m)]
    search = Search(position, opening, open_own)
    search.assign(order, set(), [], {}, set(tops))
    return search.best


class Search:
    """Every way to share the known cards out: the first card not yet placed is kept, or
    starts a new meld with some of the cards after it, or goes with some of them onto one
    of the side's open melds (each side meld takes one batch: all it gets this turn).
    A meld or a batch is kept only if the engine's ``melds.why_not`` accepts it."""

    def __init__(self, position: Position, opening: Opening, open_own: list[int]) -> None:
        self.position, self.opening, self.open_own = position, opening, open_own
        self.best: int | None = None

    def assign(
        self,
        order: list[int],
        used: set[int],
        groups: list[list[int]],
        adds: dict[int, list[int]],
        tops: set[int],
    ) -> None:
        free = [c for c in order if c not in used]
        if not free:
            self.judge(groups, adds)
            return
        first, rest = free[0], free[1:]
        if first not in tops:
            self.assign(order, used | {first}, groups, adds, tops)
        for size in range(2, melds.CLOSED):
            for more in combinations(rest, size):
                group = [first, *more]
                if melds.why_not(group) is None and melds.kind(group) in ("set", "run"):
                    self.assign(order, used | set(group), [*groups, group], adds, tops)
        for j in self.open_own:
            if j in adds:
                continue
            room = melds.CLOSED - len(self.position.own[j])
            for size in range(0, room):
                for more in combinations(rest, size):
                    batch = [first, *more]
                    if melds.why_not(self.position.own[j] + batch) is None:
                        self.assign(order, used | set(batch), groups, {**adds, j: batch}, tops)

    def judge(self, groups: list[list[int]], adds: dict[int, list[int]]) -> None:
        if not self.proved(groups, adds):
            return
        laid = [c for g in groups for c in g] + [c for a in adds.values() for c in a]
        top_cards = {t for t, _ in self.opening.tops}
        from_hand = [c for c in laid if c not in top_cards]
        if self.opening.left - len(from_hand) < KEEP:
            return
        points = sum(FACES[c].value for c in laid)
        if not self.position.melded and 0 < points < self.position.need:
            return
        if self.best is None or points > self.best:
            self.best = points

    def proved(self, groups: list[list[int]], adds: dict[int, list[int]]) -> bool:
        """Each top card proved where the rules ask; B's two top cards in two melds."""
        places = []
        for top, needs in self.opening.tops:
            group = next((g for g in groups if top in g), None)
            if group is not None:
                places.append(("new", id(group)))
                if melds.proof_pair(top, [c for c in group if c != top]) is None:
                    return False
                continue
            j = next(j for j, a in adds.items() if top in a)
            places.append(("own", j))
            hand = [c for c in adds[j] if c != top]
            if (needs or self.opening.both) and melds.proof_pair(top, hand) is None:
                return False
        return len(set(places)) == len(places)


def best_of_turn(position: Position, openings: list[Opening]) -> int:
    """The best over every opening (the draw, with nothing melded, is always there)."""
    found = [best_points(position, o) for o in openings]
    return max(p for p in found if p is not None)
