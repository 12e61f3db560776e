"""The house's choice of "the two least useful cards" (timeouts) — simple and fixed.

A card is useful when it pairs with others of its rank, sits next to cards
of its colour in the run order, or fits one of the side's open melds. Wilds
are kept; black 3s are kept too, so that a timed-out seat never opens a
heart window it cannot answer. Ties go to the higher card value (less to
lose in hand), then the lower id.
"""

from __future__ import annotations

from . import melds
from .cards import FACES
from .state import State, side_melds


def usefulness(card: int, hand: list[int], own_melds: list[list[int]]) -> int:
    face = FACES[card]
    if face.wild:
        return 100
    if face.black_three:
        return 50
    same = sum(1 for c in hand if c != card and FACES[c].rank == face.rank)
    near = 0
    if face.run_pos is not None:
        for c in hand:
            other = FACES[c]
            if c != card and other.colour == face.colour and other.run_pos is not None:
                gap = abs(other.run_pos - face.run_pos)
                near += 1 if 0 < gap <= 2 else 0
    fits = 30 if any(melds.fits(m, card) for m in own_melds) else 0
    return 10 * same + 5 * near + fits


def least_useful(state: State, seat: int, count: int = 2) -> list[int]:
    hand = state.hands[seat]
    own = side_melds(state, seat)
    ranked = sorted(hand, key=lambda c: (usefulness(c, hand, own), -FACES[c].value, c))
    return ranked[:count]
