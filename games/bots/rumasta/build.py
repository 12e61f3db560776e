"""A meld being put together by Rumasta's best-play search (``best.py``), card by card.

Cards come to it in run order (4 … K, A), so a run's places below the card in hand
can no longer be filled: what the rest of the search needs of a build is its shape
(``state``), not which cards made it.
"""

from __future__ import annotations

from typing import Any

from games.engine.rumasta import melds
from games.engine.rumasta.cards import FACES

CLOSED = 7
LAST_POS = 10  # the ace, top of the run order
RUN, SET = "run", "set"


def pos_of(card: int) -> int:
    pos = FACES[card].run_pos
    assert pos is not None
    return pos


def colour_of(card: int) -> int:
    return 0 if FACES[card].red else 1


class Build:
    """A meld being put together this turn: one of the side's open melds, or a new one."""

    __slots__ = (
        "kind",
        "key",
        "own",
        "naturals",
        "wilds",
        "mask",
        "lo",
        "hi",
        "hand_mask",
        "hand_count",
        "added",
        "tops",
    )

    def __init__(self, kind: str, key: int, own: int | None = None) -> None:
        self.kind, self.key, self.own = kind, key, own
        self.naturals = self.wilds = self.mask = self.hand_mask = self.hand_count = 0
        self.lo, self.hi = LAST_POS + 1, -1
        self.added: list[int] = []
        self.tops: list[int] = []  # piles whose top card is in it

    def accepts(self, card: int, pos: int, colour: int, wild_pool: int) -> bool:
        if self.naturals + self.wilds >= CLOSED:
            return False
        if self.kind == SET:
            return self.key == pos
        if self.key != colour or self.mask >> pos & 1:
            return False
        lo, hi = min(self.lo, pos), max(self.hi, pos)
        return hi - lo < CLOSED and self.gaps_below(pos, lo) <= self.wilds + wild_pool

    def gaps_below(self, pos: int, lo: int | None = None) -> int:
        """Empty places of the run below ``pos``: cards come in run order, so no card still
        to come can fill them (places above ``pos`` may yet be filled, even inside a side's
        run: 7♥ then 8♦ under J♦ 10♦ 9♦)."""
        lo = self.lo if lo is None else lo
        top = min(max(self.hi, lo), pos - 1)
        if top < lo:
            return 0
        width = top - lo + 1
        return width - ((self.mask >> lo) & ((1 << width) - 1)).bit_count()

    def put(self, card: int, pos: int, top: int | None) -> tuple[int, int]:
        undo = (self.lo, self.hi)
        self.naturals += 1
        self.mask |= 1 << pos
        self.lo, self.hi = min(self.lo, pos), max(self.hi, pos)
        self.added.append(card)
        if top is None:
            self.hand_mask |= 1 << pos
            self.hand_count += 1
        else:
            self.tops.append(top)
        return undo

    def take_back(self, pos: int, top: int | None, undo: tuple[int, int]) -> None:
        self.naturals -= 1
        self.mask &= ~(1 << pos)
        self.lo, self.hi = undo
        self.added.pop()
        if top is None:
            self.hand_mask &= ~(1 << pos)
            self.hand_count -= 1
        else:
            self.tops.pop()

    def wild_range(self) -> tuple[int, int] | None:
        """The least and the most wilds it may take now, or None when it cannot be a meld."""
        n, w = self.naturals, self.wilds
        if self.own is None and n < 2:
            return None
        gaps = self.hi - self.lo + 1 - n if self.kind == RUN else 0
        least = max(0, 3 - n - w, gaps - w)
        most = min(n - 1 - w, CLOSED - n - w)
        return (least, most) if most >= least else None

    def signature(self) -> tuple[Any, ...]:
        return (self.kind, self.key, self.own, self.naturals, self.mask, tuple(self.tops))

    def state(self) -> tuple[Any, ...]:
        """What the cards still to come see of it: they come in run order, so below the
        run's top only its span and count matter, not where its gaps lie; the hand's own
        cards in it matter only for a top card's proof."""
        proof = (self.hand_mask, tuple(self.tops)) if self.tops else None
        return (self.kind, self.key, self.own, self.naturals, self.lo, self.hi, proof)

    def proves(self, top: int) -> bool:
        """The hand's naturals in it prove ``top``: a pair of its rank, or run neighbours."""
        if self.kind == SET:
            return self.hand_count >= 2
        p, hand = pos_of(top), self.hand_mask
        pairs = ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2))
        return any(a >= 0 and b <= LAST_POS and hand >> a & hand >> b & 1 for a, b in pairs)


def own_build(index: int, cards: list[int]) -> Build | None:
    """One of the side's open melds as a build (closed melds and black threes take nothing)."""
    shape = melds.kind(cards)
    if melds.closed(cards) or shape not in (SET, RUN):
        return None
    naturals, wilds = melds.split(cards)
    first = naturals[0]
    build = Build(shape, pos_of(first) if shape == SET else colour_of(first), own=index)
    build.naturals, build.wilds = len(naturals), len(wilds)
    for card in naturals:
        pos = pos_of(card)
        build.mask |= 1 << pos
        build.lo, build.hi = min(build.lo, pos), max(build.hi, pos)
    return build
