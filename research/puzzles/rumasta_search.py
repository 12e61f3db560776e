"""The builder's exact search for Rumasta first-meld puzzles: the most cards, then points.

The question (``docs/puzzles.md``, "Rumasta first melds"): from the hand alone,
lay the side's first meld — one or more melds in one go — that reaches the
side's minimum (card values only: 50, 90 or 120), melding the most cards, then
the most card points, and keeping at least three cards (the engine refuses a
meld that leaves fewer, short of going out, which a first meld never is).

Why it can be searched by *cores*: a meld is its naturals (the core) plus some
wilds. A core fixes how many wilds its meld may take, the least (a run's gaps,
or filling up to three cards) and the most (naturals outnumber wilds, seven at
most). A set's core is naturals of one rank (any colours, 2-7 of them); a run's
core is one natural at each of two or more places of one colour no more than
seven places apart (4 … K, A; 3s and 2s never natural in a run). Given the
cores laid, the best use of the wilds is as many as fit (each one adds a card
and points), the most valuable first (jokers 50, then 2s 20), so a collection
of cores has one value: ``w = min(wilds held, most they take, room left)``
wilds, and it is a legal first meld when ``w`` reaches the least they need and
the points reach the minimum. The search enumerates every collection of cores
(each core may repeat while the hand has the cards), in a fixed order, with a
bound (what is laid so far plus every natural and wild still free) that cuts
branches that cannot beat the best; ``steps`` counts the collections visited.

Cards are read by face only (rank and colour decide what melds; the suit never
does), so a hand is counts per (place, colour), the jokers and the 2s. This is
the builder's own code; the check (``rumasta_check``) is an integer program
written apart from it, and the engine's own meld check judges the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from games.engine.rumasta.cards import FACES

KEEP = 3  # cards the hand keeps (two discards and one more: not going out)
CLOSED = 7
PLACES = 11  # 4 … K, A
RED, BLACK = 0, 1
JOKER_VALUE = 50
STEP_LIMIT = 2_000_000


def place_value(place: int) -> int:
    """A natural's points by its place in the run order: 4-7 five, 8-K ten, the ace 20."""
    return 20 if place == PLACES - 1 else 10 if place >= 4 else 5


@dataclass(frozen=True)
class Core:
    """The naturals of one meld: a set (``key`` its place; ``use`` red and black counts)
    or a run (``key`` its colour; ``use`` its places). ``lo``/``hi``: the wilds it may take."""

    kind: str  # "set" | "run"
    key: int
    use: tuple[int, ...]
    lo: int
    hi: int

    def needs(self) -> dict[tuple[int, int], int]:
        """How many naturals of each (place, colour) the core takes."""
        if self.kind == "set":
            red, black = self.use
            return {k: n for k, n in (((self.key, RED), red), ((self.key, BLACK), black)) if n}
        return {(place, self.key): 1 for place in self.use}

    @property
    def naturals(self) -> int:
        return sum(self.use) if self.kind == "set" else len(self.use)

    @property
    def points(self) -> int:
        if self.kind == "set":
            return self.naturals * place_value(self.key)
        return sum(place_value(p) for p in self.use)


@dataclass
class Hand:
    """A hand by faces: naturals per (place, colour), the wilds, every id."""

    ids: list[int]
    counts: dict[tuple[int, int], int] = field(default_factory=dict)
    jokers: int = 0
    twos: int = 0

    @classmethod
    def of(cls, ids: Iterable[int]) -> Hand:
        hand = cls(sorted(ids))
        for card in hand.ids:
            face = FACES[card]
            if face.rank == 0:
                hand.jokers += 1
            elif face.rank == 2:
                hand.twos += 1
            elif face.run_pos is not None:
                key = (face.run_pos, RED if face.red else BLACK)
                hand.counts[key] = hand.counts.get(key, 0) + 1
        return hand

    @property
    def wilds(self) -> int:
        return self.jokers + self.twos

    def wild_points(self, count: int) -> int:
        """The points of the ``count`` most valuable wilds (jokers first)."""
        jokers = min(count, self.jokers)
        return JOKER_VALUE * jokers + 20 * (count - jokers)


def set_cores(hand: Hand) -> list[Core]:
    out = []
    for place in range(PLACES):
        for red in range(hand.counts.get((place, RED), 0) + 1):
            for black in range(hand.counts.get((place, BLACK), 0) + 1):
                n = red + black
                if 2 <= n <= CLOSED:
                    out.append(Core("set", place, (red, black), max(0, 3 - n), min(n - 1, 7 - n)))
    return out


def run_cores(hand: Hand) -> list[Core]:
    out = []
    for colour in (RED, BLACK):
        held = [p for p in range(PLACES) if hand.counts.get((p, colour), 0)]
        for low in held:
            window = [p for p in held if low < p <= low + CLOSED - 1]
            for mask in range(1, 1 << len(window)):
                places = (low, *(p for i, p in enumerate(window) if mask >> i & 1))
                n = len(places)
                gaps = places[-1] - low + 1 - n
                lo, hi = max(gaps, 3 - n), min(n - 1, CLOSED - n)
                if lo <= hi:
                    out.append(Core("run", colour, places, lo, hi))
    return out


@dataclass
class Best:
    cards: int = 0
    points: int = 0
    cores: tuple[Core, ...] = ()
    wilds: int = 0
    steps: int = 0
    found_at: int = 0  # the step at which the best was first held
    complete: bool = True


class Search:
    """Depth-first over collections of cores (see the module's docstring)."""

    def __init__(
        self,
        hand: Hand,
        need: int,
        step_limit: int = STEP_LIMIT,
        floor: tuple[int, int] = (0, 0),
        allow: Callable[[Core], bool] | None = None,
    ) -> None:
        self.hand, self.need, self.step_limit = hand, need, step_limit
        self.room = len(hand.ids) - KEEP
        every = [c for c in set_cores(hand) + run_cores(hand) if c.lo <= hand.wilds]
        self.cores = sorted((c for c in every if allow is None or allow(c)), key=_order)
        self.left = dict(hand.counts)
        self.chosen: list[Core] = []
        self.best = Best(*floor)
        self.meldable = {k for core in self.cores for k in core.needs()}

    def run(self) -> Best:
        try:
            self._visit(0, 0, 0, 0, 0)
        except _Stop:
            self.best.complete = False
        return self.best

    def _visit(self, start: int, naturals: int, points: int, lo: int, hi: int) -> None:
        self.best.steps += 1
        if self.best.steps > self.step_limit:
            raise _Stop
        if self.chosen:
            self._score(naturals, points, lo, hi)
        if self._hopeless(naturals, points):
            return
        for index in range(start, len(self.cores)):
            core = self.cores[index]
            needs = core.needs()
            if any(self.left.get(k, 0) < n for k, n in needs.items()):
                continue
            least = lo + core.lo  # every collection holding this one needs that many wilds
            if least > self.hand.wilds or naturals + core.naturals + least > self.room:
                continue
            for k, n in needs.items():
                self.left[k] -= n
            self.chosen.append(core)
            self._visit(
                index, naturals + core.naturals, points + core.points, lo + core.lo, hi + core.hi
            )
            self.chosen.pop()
            for k, n in needs.items():
                self.left[k] += n

    def _score(self, naturals: int, points: int, lo: int, hi: int) -> None:
        wilds = min(self.hand.wilds, hi, self.room - naturals)
        if wilds < lo:
            return
        cards, total = naturals + wilds, points + self.hand.wild_points(wilds)
        if total < self.need or (cards, total) <= (self.best.cards, self.best.points):
            return
        self.best.cards, self.best.points, self.best.wilds = cards, total, wilds
        self.best.cores = tuple(self.chosen)
        self.best.found_at = self.best.steps

    def _hopeless(self, naturals: int, points: int) -> bool:
        """Even melding every free natural and wild cannot beat the best found."""
        free = {k: n for k, n in self.left.items() if k in self.meldable}
        cards = min(self.room, naturals + sum(free.values()) + self.hand.wilds)
        if cards != self.best.cards:
            return cards < self.best.cards
        spare = sum(n * place_value(p) for (p, _), n in free.items())
        return points + spare + self.hand.wild_points(self.hand.wilds) <= self.best.points


class _Stop(Exception):
    pass


def _order(core: Core) -> tuple[int, int]:
    """Big cores first: a good answer early makes the bound cut sooner."""
    return (-core.naturals, -core.points)


def solve(
    hand_ids: list[int], need: int, step_limit: int = STEP_LIMIT, floor: tuple[int, int] = (0, 0)
) -> Best:
    """The most cards, then points, the hand can lay as a first meld of at least ``need``.

    With a ``floor`` (cards, points) only a strictly better answer is looked for (the
    builder passes what the greedy and the medium computer lay: a puzzle must beat
    both); ``cores`` stays empty when there is none."""
    return Search(Hand.of(hand_ids), need, step_limit, floor).run()


def reachable_without(
    hand_ids: list[int], need: int, optimum: tuple[int, int], allow: Callable[[Core], bool]
) -> bool | None:
    """Whether the optimum is still reached with only the cores ``allow`` lets through
    (None when the search ran out of steps): what the answer cannot do without."""
    cards, points = optimum
    best = Search(Hand.of(hand_ids), need, STEP_LIMIT // 4, (cards, points - 1), allow).run()
    return bool(best.cores) if best.complete else None


def melds_of(hand_ids: list[int], best: Best) -> list[list[int]]:
    """The answer as card ids: each core's naturals, then its wilds (its least first, then
    as many more as it takes), jokers before 2s."""
    pool: dict[tuple[int, int], list[int]] = {}
    wilds: list[int] = []
    for card in sorted(hand_ids):
        face = FACES[card]
        if face.wild:
            wilds.append(card)
        elif face.run_pos is not None:
            pool.setdefault((face.run_pos, RED if face.red else BLACK), []).append(card)
    wilds.sort(key=lambda c: (-FACES[c].value, c))
    spare = wilds[: best.wilds]
    out: list[list[int]] = []
    for core in best.cores:
        out.append([pool[k].pop(0) for k, n in core.needs().items() for _ in range(n)])
    given = [core.lo for core in best.cores]
    extra = best.wilds - sum(given)
    for index, core in enumerate(best.cores):
        more = min(extra, core.hi - core.lo)
        given[index] += more
        extra -= more
    for meld, count in zip(out, given, strict=True):
        meld.extend(spare.pop(0) for _ in range(count))
    return out
