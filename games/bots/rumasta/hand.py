"""What a Rumasta computer player reads from its view: cards, melds it could lay.

Pure helpers over card ids (a card's face follows from its id, which every
seat knows); nothing here sees more than ``view(state, seat)``.
"""

from __future__ import annotations

from collections import defaultdict

from games.engine.rumasta import RumastaSeatView, melds
from games.engine.rumasta.cards import FACES
from games.engine.rumasta.view_types import Hints, PileView

GOING_OUT_CLOSED = 4


class Table:
    """The view, parsed: my hand, what is locked, my side's melds, everyone's melds."""

    def __init__(self, view: RumastaSeatView) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.me: Hints = view["me"]
        self.hand: list[int] = [c["id"] for c in view["hand"]]
        self.locked: set[int] = set(self.me.get("locked", []))
        self.side: int = view["my_side"]
        self.melds: list[list[list[int]]] = [
            [[c["id"] for c in m["cards"]] for m in side["melds"]] for side in view["sides_melds"]
        ]
        self.own: list[list[int]] = self.melds[self.side]
        self.piles: list[PileView] = view["piles"]
        self.melded: bool = bool(self.me.get("melded"))
        self.minimum: int = int(self.me.get("minimum", 50))

    @property
    def closed(self) -> int:
        return sum(1 for m in self.own if melds.closed(m))

    def free(self) -> list[int]:
        """Hand cards that may be melded this turn."""
        return [c for c in self.hand if c not in self.locked]

    def may_leave(self, left: int, closing: int = 0) -> bool:
        """The engine's rule: keep two cards, and two only when going out."""
        return left >= 3 or (left == 2 and self.closed + closing >= GOING_OUT_CLOSED)

    def opponents_melds(self) -> list[list[int]]:
        return [m for i, side in enumerate(self.melds) if i != self.side for m in side]


def naturals(cards: list[int]) -> list[int]:
    return [c for c in cards if FACES[c].natural and FACES[c].rank != 3]


def wilds(cards: list[int]) -> list[int]:
    return [c for c in cards if FACES[c].wild]


def find_melds(cards: list[int], spare_wilds: int = 0) -> list[list[int]]:
    """Sets of 3+ naturals, runs of 3+ in a colour, then pairs with a wild (if allowed)."""
    out: list[list[int]] = []
    by_rank: dict[int, list[int]] = defaultdict(list)
    for c in naturals(cards):
        by_rank[FACES[c].rank].append(c)
    used: set[int] = set()
    for group in by_rank.values():
        if len(group) >= 3:
            out.append(group[:7])
            used.update(group[:7])
    out += _runs([c for c in naturals(cards) if c not in used], used)
    pool = wilds(cards)[:spare_wilds]
    for group in by_rank.values():
        rest = [c for c in group if c not in used]
        if len(rest) == 2 and pool:
            meld = rest + [pool.pop()]
            out.append(meld)
            used.update(meld)
    return out


def _runs(cards: list[int], used: set[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for colour in ("red", "black"):
        by_pos: dict[int, int] = {}
        for c in cards:
            face = FACES[c]
            if face.colour == colour and face.run_pos is not None:
                by_pos.setdefault(face.run_pos, c)
        run: list[int] = []
        for pos in range(0, 12):
            if pos in by_pos:
                run.append(by_pos[pos])
                continue
            if len(run) >= 3:
                out.append(run[-7:])
                used.update(run[-7:])
            run = []
    return out


def usefulness(card: int, hand: list[int], own: list[list[int]]) -> int:
    """How much a card helps this hand: pairs, run neighbours, fitting a side meld, wilds."""
    face = FACES[card]
    if face.wild:
        return 100
    if face.black_three:
        return 0
    same = sum(1 for c in hand if c != card and FACES[c].rank == face.rank)
    near = 0
    for c in hand:
        other = FACES[c]
        if (
            c != card
            and other.colour == face.colour
            and other.run_pos is not None
            and face.run_pos is not None
        ):
            near += 1 if 0 < abs(other.run_pos - face.run_pos) <= 2 else 0
    fits = 40 if any(melds.fits(m, card) for m in own) else 0
    return 12 * same + 4 * near + fits
