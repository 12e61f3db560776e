"""Rumasta's own meld rules for cards (the shared tile ``melds`` module does not fit).

* A set: 3-7 cards, naturals of one rank (not 3s), wilds (2s, jokers) allowed.
* A run: 3-7 cards in sequence in one colour (red: hearts/diamonds, black:
  clubs/spades; suits do not matter) on the order A K Q J 10 9 8 7 6 5 4;
  no 3s, no 2s as naturals, no wrap; wilds fill gaps or extend an end.
* Naturals always outnumber wilds, at every size.
* A meld closes at seven: a set of seven is a Canasta, a run of seven a Rumasta.
* Black 3s meld only as a set of black threes (3-6 of them, no wilds) when
  going out; red 3s never meld (they are laid on their own).

Proofs (taking a discard): the top card and two natural cards from the hand
must themselves form a set (same rank) or three consecutive places of a run
in one colour — before, around or after the top card. Wilds never prove.
"""

from __future__ import annotations

from itertools import combinations

from ..base import Message, gettext_noop
from .cards import FACES

MIN_MELD = 3
CLOSED = 7

# Why cards are not a meld, in words (made once: the bots ask why_not very often).
ONCE = Message(gettext_noop("A card can only be used once."))
TOO_FEW = Message(gettext_noop("A meld needs at least three cards."))
TOO_MANY = Message(gettext_noop("A meld closes at seven cards: nothing more can join it."))
OUTNUMBER = Message(gettext_noop("Natural cards must always outnumber wild cards (2s and jokers)."))
RED_THREES = Message(gettext_noop("Red 3s are laid down on their own, never in a meld."))
BLACK_THREES = Message(
    gettext_noop("Black 3s only meld as a set of black threes, with no wilds, when going out.")
)
SIX_THREES = Message(gettext_noop("There are only six black 3s."))
ONE_COLOUR = Message(gettext_noop("A run is in one colour (red or black) and a set is one rank."))
NO_THREES_IN_RUNS = Message(gettext_noop("Runs go A K Q J 10 9 8 7 6 5 4: no 3s in a run."))
RANK_TWICE = Message(gettext_noop("A run cannot hold the same rank twice."))
GAPS = Message(gettext_noop("The run has gaps that its wild cards cannot fill."))
MAX_THREES = 6


def split(cards: list[int]) -> tuple[list[int], list[int]]:
    naturals = [c for c in cards if FACES[c].natural]
    wilds = [c for c in cards if FACES[c].wild]
    return naturals, wilds


def kind(cards: list[int]) -> str | None:
    """'set', 'run' or 'threes' when the cards form a valid meld, else None."""
    return None if why_not(cards) else _shape(cards)


def _shape(cards: list[int]) -> str | None:
    naturals, _ = split(cards)
    if not naturals:
        return None
    if all(FACES[c].black_three for c in naturals):
        return "threes"
    ranks = {FACES[c].rank for c in naturals}
    return "set" if len(ranks) == 1 and len(naturals) > 1 else "run"


def why_not(cards: list[int]) -> Message | None:
    """Why these cards are not one meld (a rule, in words), or None when they are."""
    if len(set(cards)) != len(cards):
        return ONCE
    if len(cards) < MIN_MELD:
        return TOO_FEW
    if len(cards) > CLOSED:
        return TOO_MANY
    naturals, wilds = split(cards)
    if len(naturals) <= len(wilds):
        return OUTNUMBER
    faces = [FACES[c] for c in naturals]
    if any(f.red_three for f in faces):
        return RED_THREES
    if any(f.black_three for f in faces):
        return _threes_problem(cards, wilds)
    if len({f.rank for f in faces}) == 1:
        return None
    return _run_problem(naturals, len(wilds))


def _threes_problem(cards: list[int], wilds: list[int]) -> Message | None:
    if wilds or not all(FACES[c].black_three for c in cards):
        return BLACK_THREES
    if len(cards) > MAX_THREES:
        return SIX_THREES
    return None


def _run_problem(naturals: list[int], wild_count: int) -> Message | None:
    faces = [FACES[c] for c in naturals]
    if len({f.colour for f in faces}) != 1:
        return ONE_COLOUR
    places = [f.run_pos for f in faces]
    if any(p is None for p in places):
        return NO_THREES_IN_RUNS
    spots = sorted(p for p in places if p is not None)
    if len(set(spots)) != len(spots):
        return RANK_TWICE
    gaps = spots[-1] - spots[0] + 1 - len(spots)
    if gaps > wild_count:
        return GAPS
    return None


def closed(cards: list[int]) -> bool:
    return len(cards) >= CLOSED


def clean(cards: list[int]) -> bool:
    return not split(cards)[1]


def label(cards: list[int]) -> str | None:
    """'canasta' or 'rumasta' for a closed meld, None while open."""
    if not closed(cards):
        return None
    return "canasta" if _shape(cards) == "set" else "rumasta"


def arrange(cards: list[int]) -> list[int]:
    """Display order: a set's naturals then its wilds; a run high to low, wilds in place."""
    naturals, wilds = split(cards)
    if _shape(cards) != "run":
        return sorted(naturals) + sorted(wilds)
    by_pos = {pos: c for c in naturals if (pos := FACES[c].run_pos) is not None}  # all in a run
    low, high = min(by_pos), max(by_pos)
    spare = list(sorted(wilds))
    extra = len(spare) - (high - low + 1 - len(by_pos))
    top = min(10, high + extra)
    bottom = top - (len(cards) - 1)
    out: list[int] = []
    for pos in range(top, bottom - 1, -1):
        out.append(by_pos[pos] if pos in by_pos else spare.pop(0))
    return out


def proof_pair(top: int, cards: list[int]) -> tuple[int, int] | None:
    """Two naturals among ``cards`` proving ``top``: a matching pair or a run's neighbours."""
    face = FACES[top]
    if face.wild or face.rank == 3:
        return None
    naturals = [c for c in cards if FACES[c].natural and FACES[c].rank != 3]
    for a, b in combinations(naturals, 2):
        if proves(top, a, b):
            return (a, b)
    return None


def proves(top: int, a: int, b: int) -> bool:
    fa, fb, ft = FACES[a], FACES[b], FACES[top]
    if not (fa.natural and fb.natural and ft.natural) or 3 in (fa.rank, fb.rank, ft.rank):
        return False
    if fa.rank == fb.rank == ft.rank:
        return True
    if not fa.colour == fb.colour == ft.colour:
        return False
    places = sorted(f.run_pos for f in (fa, fb, ft) if f.run_pos is not None)
    return len(places) == 3 and places[2] - places[0] == 2 and len(set(places)) == 3


def fits(meld: list[int], card: int) -> bool:
    """The card could join this open meld."""
    return not closed(meld) and why_not(meld + [card]) is None


def switch_ok(meld: list[int], wild: int, natural: int) -> bool:
    """The natural can take the wild's place (any reading of that wild counts)."""
    if wild not in meld or not FACES[wild].wild or not FACES[natural].natural:
        return False
    after = [natural if c == wild else c for c in meld]
    return why_not(after) is None and _shape(after) == _shape(meld)


def meld_value(cards: list[int]) -> int:
    return sum(FACES[c].value for c in cards)
