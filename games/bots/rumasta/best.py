"""The most card points a Rumasta seat can meld this turn, from its own view: a bounded search.

What it maximises (the post-game review's and the Hint's measure, issue 41): the card
points that go from the seat's hand and the piles' top cards onto its side's melds
this turn (on a tie the first found stands, in the openings' order below). Only what
the seat sees counts: its hand, the piles' top cards (with their frozen marks), the
melds on the table, its side's minimum. Cards it cannot see yet — a draw, the rest
of a pile it takes — are left out, so the answer is "the most you could meld from
what you held".

The turn's openings it weighs (``best_turn`` at the start of a turn):

* C, draw: then melds from the hand (``roll`` melds the same known cards);
* A, each pile that may be picked up: its top card onto a new meld with two natural
  proof cards from the hand, or onto one of the side's open melds (no proof needed
  once the side has melded, unless the pile is frozen: then the proof joins it too);
* B, both piles, each top proved by its own pair, into two different melds;

then, for each, new melds from the hand and additions (naturals and wilds) to the
side's open melds. On the side's first meld all of it must reach the minimum (the
top card, its proof and the other melds go down in the one action that counts).
``best_melds`` answers the same once the turn has taken or drawn (the ``play`` step).

Left out on purpose: wild switches (they move points, they add none), going out
and sets of black threes (they need the drawn cards; the search always keeps three
cards in hand, which is always legal), and what the melds are worth later.

How: a depth-first search over the natural cards in run order (4 … K, A); each card
is kept, joins a meld being built (one of the side's open melds or a new one), or
starts a new set or run. Wilds are a pool shared out at each leaf: every meld has
a least number of wilds (gaps, three cards) and a most (naturals outnumber wilds,
seven cards), and the best wilds (jokers first) fill what the hand may give.
Identical cards are placed in one canonical order and a bound (what is melded so far
plus the best cards still open, no more of the hand's than it may give while keeping
three) cuts branches that cannot beat the best found. A new meld that can no longer
become one (a set with no second natural to come, a run with none in the wilds' reach)
ends its branch at once, and the wilds a short set will need count at once; a position
reached before with as many points is not searched again, and new melds past their
place in the run order count there only by the wilds they take (issue 41, item 5: over
the 8,217 turns of ``bench/benchmarks/rumasta_budgets.py``'s seeded games it visits
a third of the nodes it did; 24 searches stop at the Hint's limit instead of 173,
and 11 fall short of the reference search, by 165 points in all, instead of 96 by
1,185: all in hands of 18 cards or more, where proving the best play is what costs).
Wilds run short first in big hands, so a card tries first the melds it leaves
needing the fewest more wilds (new melds before those it would leave needing two or
more), a run of one natural owes the wilds between it and its nearest partner, and
the bound is worked out again with the wilds the cards to come need (``demand.py``:
a card no meld without a wild can hold takes one, a wild for every four such cards).

Bounded by steps, never by time (``Budget``): an opening's search stops once it has
gone ``node_limit`` nodes without improving its best (the count restarts at each
better play found), or at ``CAP_FACTOR`` times that in all. A search still finding
better plays runs on; one that only proves what it holds stops: over the benchmark's
positions the best found late came in steps, rarely after a long silence. A stopped
search keeps the best found so far and the answer is marked inexact ("at least"). A
CPU-time cap, when given, is only a safety net. The same view and limits always give
the same answer. (Issue 41, item 5: on the benchmark's 8,217 positions 15 searches stop
at the Hint's limit instead of 24, none at the cap; 5 fall short of the reference, by
80 points, instead of 11 by 165, and the review's 5 by 70 instead of 6 by 80; the most
nodes one Hint visits in a turn is 65,786 instead of 58,305. Those 5 find their best
only after a silence of 40,000 to 250,000 nodes, rearranging the low cards to free a
wild. With the wilds counted and tried first, as above: 2 searches stop at the
Hint's limit, none falls short of the reference, the Hint's or the review's; the
searches visit a third of the nodes they did (771,000 instead of 2,311,000), the most
in a turn 20,731; Hint CPU p99 14 ms instead of 50, max 503 ms instead of 566 (that
max is the benchmark's own garbage collection: alone, the dearest turn now takes
0.25 s, where 65,786 nodes took 0.57 s), though a node costs half as much again.)
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from typing import Any

from games.engine.rumasta import RumastaSeatView, melds
from games.engine.rumasta.cards import FACES

from . import sure_draw
from .build import CLOSED, RUN, SET, Build, colour_of, own_build, pos_of
from .demand import demand_bound, needy_split

# The amount of search decides a hint and a review (the same on a busy server): nodes per
# opening of the turn. The review gets twice the hint's. The CPU-time caps are only
# safety nets, far above the usual cost; hitting one is logged by the caller.
HINT_NODES = 20_000
REVIEW_NODES = 2 * HINT_NODES
HINT_SECONDS = 5.0
TURN_SECONDS = 30.0
KEEP_IN_HAND = 3  # the search never melds the hand below three cards (never going out)
DEAR = 1  # a meld the card leaves needing more wilds than this is tried after new ones
KEEP = 1 << 30  # the canonical-order code of "kept in hand"
CAP_FACTOR = 10  # an opening's nodes in all, as a multiple of the nodes without improving
CLOCK_EVERY = 1024  # nodes between two looks at the safety net's clock


class SearchAborted(Exception):
    """The node limit (or the safety net) stopped a search."""


@dataclass
class Budget:
    """Nodes one opening's search may visit without improving its best (``node_limit``;
    ``improved`` restarts the count) and in all (``node_cap``, by default
    ``CAP_FACTOR`` times the limit): a search that keeps finding better plays is not
    cut off, one that has stopped converging is. ``cpu_cap`` seconds of this thread's
    CPU time is only a safety net (``timed_out`` says it was hit; callers log it)."""

    node_limit: int
    cpu_cap: float | None = None
    node_cap: int | None = None
    nodes: int = 0
    last_better: int = 0  # the node of this opening's last improvement
    total: int = 0
    stopped: bool = False  # the current opening's search was cut short
    aborted: bool = False  # some opening's was
    capped: bool = False  # some opening's reached the absolute cap
    timed_out: bool = False
    deadline: float | None = None

    def __post_init__(self) -> None:
        if self.node_cap is None:
            self.node_cap = CAP_FACTOR * self.node_limit

    def start(self) -> None:
        """A fresh count for the next opening (the safety net runs for the whole turn)."""
        self.nodes, self.last_better, self.stopped = 0, 0, False
        if self.deadline is None and self.cpu_cap is not None:
            self.deadline = time.thread_time() + self.cpu_cap

    def improved(self) -> None:
        """The search found a better play: the nodes without improvement count anew."""
        self.last_better = self.nodes

    def spend(self) -> None:
        self.nodes += 1
        self.total += 1
        if self.nodes - self.last_better > self.node_limit:
            self._stop()
        if self.node_cap is not None and self.nodes > self.node_cap:
            self.capped = True
            self._stop()
        looks = self.nodes == 1 or self.total % CLOCK_EVERY == 0
        if looks and self.deadline is not None and time.thread_time() > self.deadline:
            self.timed_out = True
            self._stop()

    def _stop(self) -> None:
        self.stopped = self.aborted = True
        raise SearchAborted


@dataclass
class TopTake:
    """One pile's top card in the best play: the hand cards that go with it, and where."""

    pile: int
    top: int
    cards: list[int]  # from the hand (the proof among them), wilds included
    meld: int | None  # one of the side's melds, or None for a new meld


@dataclass
class BestTurn:
    """The best play found: how the turn opens, what goes down, and what it is worth."""

    option: str  # take | take_both | draw | meld (the play step)
    takes: list[TopTake] = field(default_factory=list)
    melds: list[list[int]] = field(default_factory=list)  # new melds from the hand
    adds: list[tuple[int, list[int]]] = field(default_factory=list)  # (side meld, cards)
    points: int = 0
    cards: int = 0
    exact: bool = True
    frozen: bool = False  # it takes a frozen pile

    @property
    def piles(self) -> list[int]:
        return [t.pile for t in self.takes]

    def proof(self, pile: int) -> list[int]:
        """The natural cards from the hand that prove ``pile``'s top card."""
        take = next(t for t in self.takes if t.pile == pile)
        pair = melds.proof_pair(take.top, take.cards)
        return list(pair) if pair is not None else []

    def as_json(self) -> dict[str, Any]:
        """The play as ids from the seat's own view (its hand, the top cards): what the
        review keeps of each turn and the hint caches (beside its draft)."""
        return {
            "option": self.option,
            "piles": self.piles,
            "proofs": {str(p): self.proof(p) for p in self.piles},
            "tops": [[t.pile, t.top, t.cards, t.meld] for t in self.takes],
            "melds": self.melds,
            "adds": [[i, cards] for i, cards in self.adds],
            "points": self.points,
            "cards": self.cards,
            "exact": self.exact,
            "frozen": self.frozen,
        }

    def actions(self) -> list[dict[str, Any]]:
        """The engine actions of this play, in order (a draw's new cards stay in hand)."""
        out: list[dict[str, Any]] = []
        extra = [list(m) for m in self.melds]
        if self.option == "take":
            out.append({"type": "take", **_take_spec(self.takes[0]), "extra": extra})
        elif self.option == "take_both":
            specs = [_take_spec(t) for t in sorted(self.takes, key=lambda t: t.pile)]
            takes = [{k: v for k, v in s.items() if k != "pile"} for s in specs]
            out.append({"type": "take_both", "takes": takes, "extra": extra})
        else:
            if self.option == "draw":
                out.append({"type": "draw"})
            if extra:
                out.append({"type": "meld", "melds": extra})
        out += [{"type": "add", "meld": i, "cards": list(c)} for i, c in self.adds]
        return out


def _take_spec(take: TopTake) -> dict[str, Any]:
    spec: dict[str, Any] = {"pile": take.pile, "cards": list(take.cards), "meld": take.meld}
    return spec


# --- one opening's search -------------------------------------------------------------------


@dataclass
class Opening:
    """What one way of opening the turn brings to the search."""

    option: str
    tops: list[tuple[int, int, bool]]  # (pile, top card, needs its proof even onto a side meld)
    left: int  # cards in hand after the opening, before melding (unknown ones included)
    frozen: list[int] = field(default_factory=list)  # the frozen piles among the tops


@dataclass
class Found:
    points: int
    cards: int
    builds: list[tuple[int | None, list[int], list[int], int, int]]  # own, added, tops, lo, hi
    wilds: int


class Search:
    """Depth-first search of one opening (see the module's docstring)."""

    def __init__(
        self,
        hand: list[int],
        own: list[list[int]],
        opening: Opening,
        need: int,
        budget: Budget,
        floor: int,
    ) -> None:
        self.opening, self.need, self.budget = opening, need, budget
        self.wilds = sorted((c for c in hand if FACES[c].wild), key=lambda c: (-FACES[c].value, c))
        self.wild_sums = [0]
        for card in self.wilds:
            self.wild_sums.append(self.wild_sums[-1] + FACES[card].value)
        tops = {card: pile for pile, card, _ in opening.tops}
        naturals = [c for c in hand if FACES[c].run_pos is not None] + list(tops)
        self.builds = [b for i, m in enumerate(own) if (b := own_build(i, m)) is not None]
        self.cards = sorted(
            self._candidates(naturals, set(tops)),
            key=lambda c: (pos_of(c), colour_of(c), c in tops, FACES[c].suit, c),
        )
        self.top_of = tops
        self.top_card = {pile: card for card, pile in tops.items()}
        self.hopeless = not all(self._top_fits(c, n, naturals) for _, c, n in opening.tops)
        self.proof_needed = {pile: needs for pile, _, needs in opening.tops}
        self.tops_rest, self.hand_rest = _suffix_values(self.cards, tops)
        self.info = [(pos_of(c), colour_of(c), FACES[c].value, c in tops) for c in self.cards]
        self.best: Found | None = None
        self.memo: dict[tuple[Any, ...], int] = {}
        self.floor = floor
        self.value = self.hand_used = 0

    def _candidates(self, naturals: list[int], tops: set[int]) -> list[int]:
        """The naturals that could be melded at all; the others are kept without branching.

        A card needs a partner: two more of its rank (one, with a wild), a natural of its
        colour no further off than the wilds could bridge, or a side meld that takes it.
        Dropping a card can leave another without its only partner, so this repeats."""
        pool = list(naturals)
        while True:
            kept = [c for c in pool if c in tops or self._could_meld(c, pool)]
            if len(kept) == len(pool):
                return kept
            pool = kept

    def _could_meld(self, card: int, pool: list[int]) -> bool:
        pos, colour = pos_of(card), colour_of(card)
        same = sum(1 for c in pool if pos_of(c) == pos)
        if same >= 3 or (same == 2 and self.wilds):
            return True
        reach = 1 + len(self.wilds)  # two naturals this far apart need the wilds between
        if any(
            colour_of(c) == colour and 0 < abs(pos_of(c) - pos) <= reach for c in pool if c != card
        ):
            return True
        return any(b.accepts(card, pos, colour, len(self.wilds)) for b in self.builds)

    def _top_fits(self, top: int, needs: bool, naturals: list[int]) -> bool:
        """A top card has somewhere to go: a new meld with a proof from the hand, or a side
        meld that takes it (with the proof when the rules ask for one)."""
        hand = [c for c in naturals if c not in self.top_of]
        proved = melds.proof_pair(top, hand) is not None
        at, colour = pos_of(top), colour_of(top)
        fits = any(b.accepts(top, at, colour, len(self.wilds)) for b in self.builds)
        return proved or (fits and not needs)

    def run(self) -> Found | None:
        if self.hopeless:
            return None
        with contextlib.suppress(SearchAborted):
            self._visit(0, None)
        return self.best

    def _visit(self, i: int, prev_code: int | None) -> None:
        self.budget.spend()
        if i == len(self.cards):
            self._leaf()
            return
        if self.value + self._bound(i) <= max(self._target(), self.need - 1):
            return  # cannot beat the best so far (a tie keeps the one found first) or the minimum
        card = self.cards[i]
        pos, colour = pos_of(card), colour_of(card)
        owed = self._feasible(i, pos)
        if owed is None or not self._demand_allows(i, owed):
            return
        top = self.top_of.get(card)
        same = i > 0 and top is None and self._identical(self.cards[i - 1], card)
        least = prev_code if same and prev_code is not None else -1
        if self._seen_with_more(i, pos, least):
            return
        self._place(i, card, pos, colour, top, least)

    def _bound(self, i: int) -> int:
        """The most the cards still to place can add: every top card, and of the hand's
        naturals and wilds no more than the hand may give (it keeps three), the best
        first; each meld takes fewer wilds than naturals, so no more wilds than the melds'
        room now plus one per natural still to place."""
        room = sum(max(0, b.naturals - 1 - b.wilds) for b in self.builds) + len(self.cards) - i
        keep = max(0, self.opening.left - KEEP_IN_HAND - self.hand_used)
        naturals = self.hand_rest[i]
        most = max(
            naturals[min(keep - w, len(naturals) - 1)] + self.wild_sums[w]
            for w in range(min(len(self.wilds), room, keep) + 1)
        )
        return self.tops_rest[i] + most

    def _seen_with_more(self, i: int, pos: int, least: int) -> bool:
        """This very position of the search (the same melds in the making, the same cards
        used) was reached before with at least as many points: whatever follows adds the
        same, so it cannot do better. (Cards of one rank in a set differ only by colour, so
        this folds the sets' many orders into one.) New melds that can take no more cards
        count only by the wilds they take (least, most, the bound's room): which cards
        made them changes nothing to come, so the search converges far sooner."""
        key = (i, self.hand_used, *self._shape(pos, least))
        before = self.memo.get(key)
        if before is not None and before >= self.value:
            return True
        self.memo[key] = self.value
        return False

    def _shape(self, pos: int, least: int) -> tuple[Any, ...]:
        """The builds as the rest of the search sees them (see ``_seen_with_more``); the
        canonical-order code ``least`` is read as the open builds it skips."""
        shape, low, high, room, skipped = [], 0, 0, 0, 0
        for index, build in enumerate(self.builds):
            span = build.wild_range() if build.own is None and not build.tops else None
            if span is not None and self._done(build, pos):
                low, high, room = low + span[0], high + span[1], room + build.naturals - 1
                continue
            shape.append(build.state())
            skipped += index < least
        code = (skipped, len(self.builds) >= least) if least >= 0 else None
        return tuple(shape), low, high, room, code

    def _place(self, i: int, card: int, pos: int, colour: int, top: int | None, least: int) -> None:
        """The card's ways, best first: the melds it joins needing the fewest more wilds
        (wilds run short in big hands, so the first plays found keep them free), new melds,
        the melds it would leave needing two wilds more or over, then kept in hand."""
        seen: set[tuple[Any, ...]] = set()
        value = FACES[card].value
        joins = []
        for index, build in enumerate(self.builds):
            if index < least or not build.accepts(card, pos, colour, len(self.wilds)):
                continue
            if top is not None and build.tops:
                continue  # B's two top cards go into two different melds
            if build.own is None:
                sig = build.signature()
                if sig in seen:
                    continue
                seen.add(sig)
            joins.append((self._wild_cost(build, card, pos, top), index, build))
        joins.sort(key=lambda j: (j[0], j[1]))
        for cost, index, build in joins:
            if cost <= DEAR:
                self._descend(i, build, card, pos, top, value, index)
        new = len(self.builds)
        if new >= least:
            for kind, key in ((SET, pos), (RUN, colour)):
                build = Build(kind, key)
                self.builds.append(build)
                self._descend(i, build, card, pos, top, value, new)
                self.builds.pop()
        for cost, index, build in joins:
            if cost > DEAR:
                self._descend(i, build, card, pos, top, value, index)
        if top is None:
            self._visit(i + 1, KEEP)

    def _descend(
        self, i: int, build: Build, card: int, pos: int, top: int | None, value: int, code: int
    ) -> None:
        undo = build.put(card, pos, top)
        self.value += value
        self.hand_used += top is None
        self._visit(i + 1, code)
        self.value -= value
        self.hand_used -= top is None
        build.take_back(pos, top, undo)

    @staticmethod
    def _wild_cost(build: Build, card: int, pos: int, top: int | None) -> int:
        """The wilds ``build`` needs at least once ``card`` joins it, less what it needs now."""
        before = build.wild_range()
        undo = build.put(card, pos, top)
        after = build.wild_range()
        build.take_back(pos, top, undo)
        low = before[0] if before is not None else 1
        return (after[0] if after is not None else 1) - low

    @staticmethod
    def _identical(a: int, b: int) -> bool:
        return pos_of(a) == pos_of(b) and colour_of(a) == colour_of(b)

    def _demand_allows(self, i: int, owed: int) -> bool:
        """The bound again, counting the wilds the needy cards to come would take
        (``demand.py``): False when even that cannot beat the best so far."""
        free, needy = needy_split(self.info[i:], self.builds, len(self.wilds))
        if not needy:
            return True
        room = sum(max(0, b.naturals - 1 - b.wilds) for b in self.builds) + len(self.cards) - i
        keep = max(0, self.opening.left - KEEP_IN_HAND - self.hand_used)
        most = min(len(self.wilds), room, keep)
        extra = demand_bound(free, needy, self.wild_sums, most, keep, owed)
        if extra is None:
            return False
        return self.value + self.tops_rest[i] + extra > max(self._target(), self.need - 1)

    def _feasible(self, i: int, pos: int) -> int | None:
        """New melds that can take no more cards (their place in the run order is past)
        must be melds already, and the wilds every meld will need at least (its gaps, or
        its third card) must be in the hand, with three cards still kept: those wilds
        (owed), or None."""
        least = 0
        for build in self.builds:
            if not self._proof_may_come(build, pos):
                return None
            if build.own is None and self._done(build, pos):
                span = build.wild_range()
                if span is None:
                    return None
                least += span[0]
                continue
            if build.own is None:
                needs = self._wilds_to_come(build, i)
                if needs is None:
                    return None
                least += needs
            if build.kind == RUN:  # its gaps below the cards to come stay gaps
                least += max(0, build.gaps_below(pos) - build.wilds)
        room = self.opening.left - KEEP_IN_HAND - self.hand_used
        return least if least <= len(self.wilds) and least <= room else None

    def _wilds_to_come(self, build: Build, i: int) -> int | None:
        """The wilds a new meld still being built needs at least, or None when it can
        never be a meld: a set short of three takes the cards of its rank still to come
        first; a run with one natural needs another of its colour within the wilds'
        reach above it, and the wilds between them (``demand.py`` lets the cards just
        above that partner share them)."""
        if build.kind == RUN and build.naturals >= 2:
            return 0
        reach, more = build.hi + 1 + len(self.wilds), 0
        for card in self.cards[i:]:
            at = pos_of(card)
            if at > max(build.key if build.kind == SET else 0, reach):
                break
            if build.kind == SET and at == build.key:
                more += 1
            elif build.kind == RUN and colour_of(card) == build.key and build.hi < at <= reach:
                return at - build.hi - 1  # the wilds between it and its nearest partner
        if build.kind == RUN or build.naturals + more < 2:
            return None
        return max(0, 3 - build.naturals - more)

    def _done(self, build: Build, pos: int) -> bool:
        """A new meld that can take no more cards: a set once its rank is past; a run once
        it would span more than seven places, or the places up to ``pos`` are more than
        all the wilds could bridge."""
        if build.kind == SET:
            return build.key < pos
        return build.lo + CLOSED - 1 < pos or pos - build.hi - 1 > len(self.wilds)

    def _proof_may_come(self, build: Build, pos: int) -> bool:
        """A top card's proof is settled once the run order is past its places (its rank
        for a set, two places above it for a run): then it must be there."""
        for pile in build.tops:
            if build.own is not None and not self.proof_needed[pile]:
                continue
            top = self.top_card[pile]
            settled = build.key < pos if build.kind == SET else pos_of(top) + 2 < pos
            if settled and not build.proves(top):
                return False
        return True

    def _target(self) -> int:
        return self.best.points if self.best is not None else self.floor

    def _leaf(self) -> None:
        least = most = 0
        for build in self.builds:
            span = build.wild_range()
            if span is None:
                return
            least, most = least + span[0], most + span[1]
        if not self._proofs_ok():
            return
        room = self.opening.left - self.hand_used - KEEP_IN_HAND
        wilds = min(len(self.wilds), most, room)
        if wilds < least:
            return
        points = self.value + self.wild_sums[wilds]
        if points < self.need and points > 0:
            return
        cards = self.hand_used + wilds + len(self.opening.tops)
        if points == 0 and self.opening.tops:
            return
        if points <= self._target():
            return
        self.best = Found(points, cards, self._snapshot(), wilds)
        self.budget.improved()

    def _proofs_ok(self) -> bool:
        """Each top card proved where the rules ask, and B's two tops in two melds."""
        holders = []
        for build in self.builds:
            for pile in build.tops:
                holders.append(id(build))
                needs = build.own is None or self.proof_needed[pile]
                top = next(c for c, p in self.top_of.items() if p == pile)
                if needs and not build.proves(top):
                    return False
        return len(set(holders)) == len(holders)

    def _snapshot(self) -> list[tuple[int | None, list[int], list[int], int, int]]:
        out = []
        for build in self.builds:
            span = build.wild_range()
            assert span is not None
            out.append((build.own, list(build.added), list(build.tops), span[0], span[1]))
        return out


def _suffix_values(cards: list[int], tops: dict[int, int]) -> tuple[list[int], list[list[int]]]:
    """For each place ``i`` in the search's card order: the top cards' points from ``i``
    on, and the hand's naturals from ``i`` on as sums of the best 0, 1, 2, … of them."""
    tops_rest, hand_rest = [], []
    for i in range(len(cards) + 1):
        tops_rest.append(sum(FACES[c].value for c in cards[i:] if c in tops))
        values = sorted((FACES[c].value for c in cards[i:] if c not in tops), reverse=True)
        sums = [0]
        for value in values:
            sums.append(sums[-1] + value)
        hand_rest.append(sums)
    return tops_rest, hand_rest


# --- the answer ------------------------------------------------------------------------


def _share_wilds(found: Found, wilds: list[int]) -> list[list[int]]:
    """Give each meld its least wilds, then more (best wilds first) up to each one's most."""
    pool = list(wilds[: found.wilds])
    given: list[list[int]] = [[] for _ in found.builds]
    for index, (_own, _added, _tops, least, _most) in enumerate(found.builds):
        given[index] = [pool.pop(0) for _ in range(least)]
    for index, (_own, _added, _tops, _least, most) in enumerate(found.builds):
        while pool and len(given[index]) < most:
            given[index].append(pool.pop(0))
    return given


def _answer(opening: Opening, found: Found, wilds: list[int], exact: bool) -> BestTurn:
    given = _share_wilds(found, wilds)
    tops = {pile: card for pile, card, _ in opening.tops}
    answer = BestTurn(opening.option, points=found.points, cards=found.cards, exact=exact)
    for (own, added, piles, _least, _most), extra in zip(found.builds, given, strict=True):
        hand_cards = [c for c in added if c not in tops.values()] + extra
        if piles:
            (pile,) = piles
            answer.takes.append(TopTake(pile, tops[pile], hand_cards, own))
        elif own is None:
            answer.melds.append(hand_cards)
        elif hand_cards:
            answer.adds.append((own, hand_cards))
    answer.takes.sort(key=lambda t: t.pile)
    answer.frozen = bool(set(opening.frozen) & set(answer.piles))
    return answer


def _search(
    hand: list[int],
    own: list[list[int]],
    opening: Opening,
    need: int,
    budget: Budget,
    floor: int,
) -> tuple[BestTurn | None, bool]:
    """One opening's best (None when it cannot beat ``floor``) and whether it finished."""
    budget.start()
    search = Search(hand, own, opening, need, budget, floor)
    found = search.run()
    finished = not budget.stopped
    if found is None:
        return None, finished
    return _answer(opening, found, search.wilds, finished), finished


class SeatTable:
    """The parts of a seat's view the search reads."""

    def __init__(self, view: RumastaSeatView) -> None:
        me = view["me"]
        self.view = view
        self.locked = set(me.get("locked", []))
        self.hand = [c["id"] for c in view["hand"]]
        self.free = [c for c in self.hand if c not in self.locked]
        side = view["sides_melds"][view["my_side"]]
        self.own = [[c["id"] for c in m["cards"]] for m in side["melds"]]
        self.melded = bool(me["melded"])
        self.need = 0 if self.melded else int(me["minimum"])


def best_melds(view: RumastaSeatView, budget: Budget) -> BestTurn:
    """The play step: the most the free hand can meld now (new melds and additions)."""
    table = SeatTable(view)
    opening = Opening("meld", [], len(table.hand))
    found, finished = _search(table.free, table.own, opening, table.need, budget, -1)
    return found or BestTurn("meld", exact=finished)


def openings(view: RumastaSeatView) -> list[Opening]:
    """The ways to open this turn, in order of preference when they tie: both piles, one
    pile (the bigger first), then the draw."""
    table = SeatTable(view)
    piles = view["piles"]
    top = {p: shown["id"] for p in (0, 1) if (shown := piles[p]["top"]) is not None}
    pickable = [p for p in top if piles[p]["pickable"]]
    hand = len(table.hand)
    frozen = [p for p in pickable if piles[p]["frozen"]]
    out = []
    if len(pickable) == 2:
        rest = sum(piles[p]["count"] - 1 for p in (0, 1))
        tops = [(p, top[p], True) for p in (0, 1)]
        out.append(Opening("take_both", tops, hand + rest, frozen))
    for p in sorted(pickable, key=lambda p: (-piles[p]["count"], p)):
        rest = piles[p]["count"] - 1 + sure_draw(view, 2)
        out.append(Opening("take", [(p, top[p], p in frozen)], hand + rest, frozen))
    out.append(Opening("draw", [], hand + sure_draw(view, int(view["me"]["draw_size"]))))
    return out


def best_turn(view: RumastaSeatView, budget: Budget) -> BestTurn:
    """The start of a turn: the best of every opening (ties to the earlier, see ``openings``)."""
    table = SeatTable(view)
    best: BestTurn | None = None
    exact = True
    for opening in openings(view):
        floor = best.points if best is not None else -1
        found, finished = _search(table.hand, table.own, opening, table.need, budget, floor)
        exact = exact and finished
        if found is not None:
            best = found
    if best is None:  # every search stopped before its first leaf: draw, meld nothing
        best = BestTurn("draw")
    best.exact = exact
    return best
