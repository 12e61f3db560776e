"""Questions the turn rules keep asking: safe and dead cards, pickable piles, minimums.

Kept apart from the handlers so the view (hints for pages) and the handlers
answer them the same way.
"""

from __future__ import annotations

from ..base import gettext_noop, require
from . import melds
from .cards import FACES
from .state import State, side_melds, side_of

GOING_OUT_CLOSED = 4
PLAIN_DRAW, KHAKIED_DRAW = 4, 5  # option C's draw, and when both piles are unpickable


def minimum(state: State, seat: int) -> int:
    """The first meld's minimum by the side's score: 50 / 90 / 120 (negative: 50)."""
    score = state.totals[side_of(state, seat)]
    if score <= 1500:
        return 50
    return 90 if score <= 2500 else 120


def has_melded(state: State, seat: int) -> bool:
    """RULINGS: "already melded" means the side has a meld on the table this round."""
    return bool(side_melds(state, seat))


def closed_count(state: State, seat: int) -> int:
    return sum(1 for m in side_melds(state, seat) if melds.closed(m))


def dead(state: State, card: int, taker: int | None = None) -> bool:
    """A natural whose rank has a closed Canasta on the table (any side), unless it fits
    an open meld of the ``taker``'s side (RULINGS: a card is dead when it could only go
    on a closed meld; an open set of that rank, or a run it extends, still takes it).

    ``taker`` None asks about nobody's melds: dead for a side with no fitting meld.
    """
    face = FACES[card]
    if face.wild or face.rank == 3:
        return False
    closed_rank = any(
        melds.label(m) == "canasta" and FACES[melds.split(m)[0][0]].rank == face.rank
        for side in state.melds
        for m in side
    )
    if not closed_rank or taker is None:
        return closed_rank
    return not any(melds.fits(m, card) for m in side_melds(state, taker))


def safe(state: State, card: int, taker: int | None = None) -> bool:
    """Safe cards cannot be picked up: black 3s, dead cards (for ``taker``), 2s and jokers."""
    face = FACES[card]
    return face.black_three or face.wild or dead(state, card, taker)


def pickable(state: State, pile: int, taker: int | None = None) -> bool:
    """Whether ``taker`` (default: the seat whose turn it is) may pick up the pile."""
    cards = state.piles[pile]
    seat = state.turn if taker is None else taker
    return bool(cards) and not safe(state, cards[-1], seat)


def khaki(state: State) -> str | None:
    """'khakied' (both piles unpickable: draw 5), 'half' (one: the dreidel may roll), None.

    Asked for the seat whose turn it is: a dead card may be pickable for one side only.
    """
    blocked = sum(1 for p in (0, 1) if not pickable(state, p))
    return {0: None, 1: "half", 2: "khakied"}[blocked]


def draw_size(state: State) -> int:
    """Option C's draw: 4, or 5 when Khakied. The one source for the deal and the view."""
    return KHAKIED_DRAW if khaki(state) == "khakied" else PLAIN_DRAW


# A side's first meld below the minimum (melding down, or taking a pile to meld).
BELOW_MINIMUM = gettext_noop(
    "Your side's first meld must count at least %(need)s points (this counts %(got)s)."
)


def check_hand_left(state: State, seat: int) -> None:
    """RULINGS: a meld (or a take with its draw) may not leave fewer than three cards.

    The turn ends with two discards, so two cards left means the discards will
    empty the hand, which is going out: allowed only when the side holds four
    closed Canastas/Rumastas; fewer than two can never be discarded as a pair.
    """
    left = len(state.hands[seat])
    require(
        left >= 2,
        "keep_two",
        gettext_noop(
            "A meld may not leave fewer than two cards in your hand: you must discard two."
        ),
    )
    require(
        left > 2 or closed_count(state, seat) >= GOING_OUT_CLOSED,
        "not_out_yet",
        gettext_noop(
            "Melding down to your last two cards is going out, which needs four "
            "Canastas/Rumastas on your side's table."
        ),
    )


def going_out_ready(state: State, seat: int) -> bool:
    return closed_count(state, seat) >= GOING_OUT_CLOSED


def card_list(state: State, seat: int, raw: object, what: str) -> list[int]:
    """Validate a list of distinct card ids from the seat's hand; ``what`` names the list
    for people (a marked ``Message``: "The proof")."""
    require(
        isinstance(raw, list),
        "malformed",
        gettext_noop("%(what)s must be a list of card ids."),
        what=what,
    )
    assert isinstance(raw, list)
    require(
        all(type(c) is int for c in raw) and len(set(raw)) == len(raw),
        "malformed",
        gettext_noop("%(what)s must list distinct card ids."),
        what=what,
    )
    hand = set(state.hands[seat])
    require(
        all(c in hand for c in raw),
        "not_in_hand",
        gettext_noop("%(what)s: every card must be in your hand."),
        what=what,
    )
    return list(raw)


def unlocked(state: State, cards: list[int]) -> None:
    require(
        not set(cards) & set(state.locked),
        "pile_cards_locked",
        gettext_noop(
            "On your side's first meld of the round only the top discard comes from the pile: "
            "the rest of the pile cannot be melded this turn."
        ),
    )


def valid_meld(cards: list[int], *, threes_ok: bool = False) -> str:
    """The meld's kind, or IllegalAction naming the rule it breaks."""
    problem = melds.why_not(cards)
    require(problem is None, "bad_meld", problem or "")
    shape = melds.kind(cards)
    assert shape is not None
    require(
        shape != "threes" or threes_ok,
        "threes_not_out",
        gettext_noop("Black 3s meld only as a set of black threes when going out."),
    )
    return shape
