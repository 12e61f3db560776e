"""Rumasta's guided first game: drawing, a red 3, a meld, a freeze, taking a pile with its proof.

You against Marta, after your cut. You draw four (option C), and a red 3 among them is
laid at once and replaced; you meld three aces (60, over the first meld's 50); your turn
ends with two discards, a 2 crosswise on one pile (a freeze) and a natural on the other.
Marta draws and discards an 8 onto your frozen pile; you take that pile by proving its
top card with your two 8s (option A): the pile comes to your hand with two cards drawn.
The guided game ends there, in the middle of your turn, and counts for nobody.
"""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.engine import rumasta
from games.engine.rumasta import CARD_COUNT, FACES, cut_target
from games.engine.rumasta.cards import sort_cards

from .steps import Action, Answer, Judge, Step, Tiles, Tutorial, both, of_type

SEED = 20261206
CONFIG = {"players": 2, "target": 5000}
YOU, MARTA = 0, 1
YOUR_HAND = (
    "AS", "AH", "AC", "2C", "9D", "8S", "8C", "KD", "QS", "JH", "10C", "7D", "5S", "4H",
)  # fmt: skip
MARTA_HAND = (
    "8H", "5D", "KS", "KC", "QH", "JD", "10D", "9S", "7C", "6H", "5C", "4D", "AD", "JS",
)  # fmt: skip
UPCARDS = ("6C", "10S")
# The stock's next cards, in the order they are drawn: your four (a red 3 among them)
# and the red 3's replacement, Marta's four, then the two your take draws.
DRAWN = ("9H", "3H", "QC", "6S", "KH", "7H", "10H", "4C", "JC", "AD", "6D")
ACES = ["AS", "AH", "AC"]
PROOF = ["8S", "8C"]


def face(card: int) -> str:
    return FACES[card].text


def deal() -> rumasta.State:
    """Round one just after your cut (not a perfect one) and Marta's deal: the hands, the
    two upcards and the stock's first cards the lesson needs, the rest shuffled; you start."""
    state = rumasta.new_game(CONFIG, SEED)
    cards = Tiles(range(CARD_COUNT), face)
    yours, martas = cards.take(*YOUR_HAND), cards.take(*MARTA_HAND)
    upcards = cards.take(*UPCARDS)
    drawn = cards.take(*DRAWN)
    rest = cards.rest()
    random.Random(SEED).shuffle(rest)
    state.stock = rest + list(reversed(drawn))  # the end is the top
    state.hands = [sort_cards(yours), sort_cards(martas)]
    state.piles = [[upcards[0]], [upcards[1]]]
    state.frozen = [False, False]
    state.first_cutter = state.cutter = YOU
    state.dealer, state.turn = MARTA, YOU
    state.cut_count, state.perfect_cut = cut_target(state) + 4, False
    state.phase, state.step = "turn", "choose"
    return state


# --- judging your moves -------------------------------------------------------------------


def _faces(cards: Any) -> list[str] | None:
    ok = isinstance(cards, list) and all(type(c) is int and 0 <= c < CARD_COUNT for c in cards)
    return sorted(face(c) for c in cards) if ok else None


def _melds(*wanted: list[str]) -> Judge:
    want = sorted(sorted(m) for m in wanted)

    def judge(action: Action, state: Any, seat: int) -> bool:
        melds = action.get("melds")
        if action.get("type") != "meld" or not isinstance(melds, list):
            return False
        got = [f for f in (_faces(m) for m in melds) if f is not None]
        return len(got) == len(melds) and sorted(got) == want

    return judge


def _freezes(action: Action, state: Any, seat: int) -> bool:
    """Two discards: the 2 of clubs on one pile, the 9 of diamonds on the other."""
    cards = action.get("cards")
    if action.get("type") != "discard" or not isinstance(cards, list) or len(cards) != 2:
        return False
    return _faces(cards) == ["2C", "9D"]


def _takes_the_frozen_pile(action: Action, state: Any, seat: int) -> bool:
    pile = action.get("pile")
    return (
        action.get("type") == "take"
        and pile in (0, 1)
        and state.frozen[pile]
        and _faces(action.get("cards")) == sorted(PROOF)
        and action.get("meld") is None
        and not action.get("extra")
    )


# --- the moves, for the tests' walk (the page builds them from your picks) ----------------


def _ids(state: Any, seat: int, *faces: str) -> list[int]:
    hand = list(state.hands[seat])
    found = []
    for wanted in faces:
        card = next(c for c in hand if face(c) == wanted)
        hand.remove(card)
        found.append(card)
    return found


def _frozen_pile(state: Any) -> int:
    return 0 if state.frozen[0] else 1


def _draw(state: Any) -> Action:
    return {"type": "draw"}


def _marta_discards(state: Any) -> Action:
    """Marta's 8 of hearts onto the frozen pile, her 5 of diamonds onto the other."""
    eight, five = _ids(state, MARTA, "8H", "5D")
    cards = [eight, five] if _frozen_pile(state) == 0 else [five, eight]
    return {"type": "discard", "cards": cards}


STEPS = (
    Step(
        title=_("Drawing"),
        line=_(
            "A turn starts with one of three choices: A takes a pile, B takes both, C draws "
            "4 cards from the stock. Neither pile's top card matches two of yours yet, so "
            "draw: press C · Draw 4."
        ),
        expects=of_type("draw"),
        wrong=_("Draw 4 cards from the stock: press C · Draw 4."),
        answers=(),
        example=_draw,
        mistake=lambda state: {"type": "take", "pile": 0, "cards": []},
    ),
    Step(
        title=_("A red 3 and a meld"),
        line=_(
            "One of your cards was a red 3: it was laid in front of you at once and replaced "
            "from the stock (it scores 100 once your side has a Canasta or a Rumasta). Now "
            "meld: your first meld of the round must be worth 50 or more, and three aces "
            "make 60. Pick the ace of spades, of hearts and of clubs, then press Meld the "
            "picked cards."
        ),
        expects=_melds(ACES),
        wrong=_(
            "Pick your three aces (spades, hearts, clubs) and press Meld the picked cards: "
            "three of a rank make a meld, and three aces are worth 60, more than the 50 a "
            "first meld needs."
        ),
        example=lambda state: {"type": "meld", "melds": [_ids(state, YOU, *ACES)]},
        mistake=lambda state: {"type": "meld", "melds": [_ids(state, YOU, "8S", "8C", "2C")]},
    ),
    Step(
        title=_("A freeze"),
        line=_(
            "A turn ends with two discards, one onto each pile. A 2 or a joker is wild: "
            "discarded, it lies crosswise and freezes its pile, which can then be taken only "
            "by proving its top card with two natural cards. Pick your 2 of clubs and press "
            "Discard the picked card here under one pile, then do the same with your 9 of "
            "diamonds under the other."
        ),
        expects=_freezes,
        wrong=_(
            "Discard your 2 of clubs onto one pile and your 9 of diamonds onto the other: "
            "pick a card, press Discard the picked card here under its pile, then the other."
        ),
        answers=(Answer(MARTA, _draw), Answer(MARTA, _marta_discards)),
        example=lambda state: {"type": "discard", "cards": _ids(state, YOU, "2C", "9D")},
        mistake=lambda state: {"type": "discard", "cards": _ids(state, YOU, "KD", "9D")},
    ),
    Step(
        title=_("Taking a pile with its proof"),
        line=_(
            "Marta drew and put an 8 of hearts on your frozen pile (❄). Take it with option "
            "A: press A · Take on that pile, pick your 8 of spades and 8 of clubs, keep “a "
            "new meld” and press Show the picked cards. Those two natural 8s are the proof; "
            "the whole pile then comes to your hand and you draw 2."
        ),
        expects=_takes_the_frozen_pile,
        wrong=_(
            "Take the frozen pile, the one with the 8 of hearts on top: press its A · Take "
            "button, pick your 8 of spades and 8 of clubs, and show them as a new meld."
        ),
        hints=(
            (
                both(of_type("take"), lambda a, s, seat: _faces(a.get("cards")) != sorted(PROOF)),
                _(
                    "A frozen pile needs its proof: two natural cards of the top card's "
                    "rank, here your 8 of spades and 8 of clubs. Wilds never prove."
                ),
            ),
            (
                of_type("draw"),
                _("This time take the frozen pile instead of drawing: your two 8s prove it."),
            ),
        ),
        example=lambda state: {
            "type": "take",
            "pile": _frozen_pile(state),
            "cards": _ids(state, YOU, *PROOF),
            "meld": None,
        },
        mistake=lambda state: {
            "type": "take",
            "pile": _frozen_pile(state),
            "cards": _ids(state, YOU, "8S", "KD"),  # a king proves no 8
            "meld": None,
        },
    ),
)

TUTORIAL = Tutorial(
    kind=rumasta.KIND,
    config=CONFIG,
    computers=(("Marta", "easy"),),
    deal=deal,
    steps=STEPS,
    intro=_(
        "Four moves against Marta: drawing (and a red 3 laid at once), a first meld worth "
        "50, two discards that freeze a pile, and taking that pile with its proof."
    ),
    finale=_(
        "Well done: you drew, laid a red 3, melded three aces, froze a pile and took it with "
        "its proof. A real turn would now go on with melds and two discards; the round ends "
        "when a side goes out with four closed Canastas or Rumastas."
    ),
)
