"""Rumasta's cards: three 54-card decks (162 ids), faces, colours, values, names.

A card's face comes from its id alone: ``deck = id // 54``; inside a deck
0-51 are the four suits (spades, hearts, diamonds, clubs) A 2 … K and 52-53
are the two jokers. Faces print as ``AS``, ``10H``, ``3C``, ``JK``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

DECKS = 3
DECK_SIZE = 54
CARD_COUNT = DECKS * DECK_SIZE
SUITS = "SHDC"
RED_SUITS = "HD"
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
NUMBER_NAMES = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
}
JOKER = 0  # the rank of a joker
RUN_ORDER = "A K Q J 10 9 8 7 6 5 4"  # as the rules print it, high to low


@dataclass(frozen=True)
class Card:
    """One face: rank 1-13 (0 for a joker) and suit letter ('' for a joker)."""

    rank: int
    suit: str

    @property
    def text(self) -> str:
        if self.rank == JOKER:
            return "JK"
        return RANK_TEXT.get(self.rank, str(self.rank)) + self.suit

    @property
    def wild(self) -> bool:
        """Jokers and 2s are wild."""
        return self.rank in (JOKER, 2)

    @property
    def natural(self) -> bool:
        return not self.wild

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def colour(self) -> str | None:
        """'red' or 'black' (runs hold one colour; suits do not matter), None for a joker."""
        if self.rank == JOKER:
            return None
        return "red" if self.red else "black"

    @property
    def red_three(self) -> bool:
        return self.rank == 3 and self.red

    @property
    def black_three(self) -> bool:
        return self.rank == 3 and not self.red

    @property
    def run_pos(self) -> int | None:
        """Place in the run order 4 (0) … K (9), A (10); None for 3s and wilds."""
        if self.wild or self.rank == 3:
            return None
        return 10 if self.rank == 1 else self.rank - 4

    @property
    def value(self) -> int:
        """Card points: Ace 20, 2 20, Joker 50, K-8 10, 7-4 and black 3 5, red 3 100."""
        if self.rank == JOKER:
            return 50
        if self.rank in (1, 2):
            return 20
        if self.red_three:
            return 100
        return 10 if self.rank >= 8 else 5

    @property
    def name(self) -> str:
        """The accessible name: "queen of hearts", "joker"."""
        if self.rank == JOKER:
            return "joker"
        word = RANK_NAMES.get(self.rank) or NUMBER_NAMES[self.rank]
        return f"{word} of {SUIT_NAMES[self.suit]}"

    @staticmethod
    def parse(text: str) -> Card:
        text = text.strip().upper()
        if text == "JK":
            return Card(JOKER, "")
        rank_text, suit = text[:-1], text[-1]
        ranks = {v: k for k, v in RANK_TEXT.items()}
        rank = ranks.get(rank_text) or int(rank_text)
        if suit not in SUITS or not 1 <= rank <= 13:
            raise ValueError(f"not a card: {text}")
        return Card(rank, suit)


@cache
def card_of(card_id: int) -> Card:
    """The face of an id (the same for every game: three decks in a fixed order)."""
    inner = card_id % DECK_SIZE
    if inner >= 52:
        return Card(JOKER, "")
    return Card(inner % 13 + 1, SUITS[inner // 13])


FACES: tuple[Card, ...] = tuple(card_of(i) for i in range(CARD_COUNT))


def value(card_id: int) -> int:
    return FACES[card_id].value


def text(card_id: int) -> str:
    return FACES[card_id].text


def ids_of_face(face: str) -> list[int]:
    """Every id showing ``face`` (three, or six for the joker)."""
    card = Card.parse(face)
    return [i for i, c in enumerate(FACES) if c == card]


def sort_key(card_id: int) -> tuple[int, int, str, int]:
    """Hand order: naturals by run order then suit, black 3s, wilds last."""
    card = FACES[card_id]
    if card.wild:
        return (2, card.rank, card.suit, card_id)
    pos = card.run_pos
    return (1 if pos is None else 0, -(pos or 0), card.suit, card_id)


def sort_cards(cards: list[int]) -> list[int]:
    return sorted(cards, key=sort_key)
