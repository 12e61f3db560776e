"""How the hand is fanned: by rank or by colour, the player's choice (kept in the session).

By rank puts a set's cards side by side; by colour lines up the cards a
Rumasta (one colour, A K … 4) would use. Wilds go last either way, black 3s
just before them, since neither can join a Canasta or a Rumasta.
"""

from __future__ import annotations

from typing import Any

SORTS = ("rank", "colour")
SESSION_KEY = "rumasta_sort"
# Run order high to low, as the rules print it: A K Q J 10 … 4.
RUN_ORDER = {1: 0, 13: 1, 12: 2, 11: 3, 10: 4, 9: 5, 8: 6, 7: 7, 6: 8, 5: 9, 4: 10}
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}


def _group(card: dict[str, Any]) -> int:
    if card["wild"]:
        return 2
    return 1 if card["rank"] == 3 else 0


def _by_rank(card: dict[str, Any]) -> tuple[int, ...]:
    rank = RUN_ORDER.get(card["rank"], 11 + card["rank"])
    return (_group(card), rank, SUIT_ORDER.get(card["suit"], 4), card["id"])


def _by_colour(card: dict[str, Any]) -> tuple[int, ...]:
    colour = 0 if card["colour"] == "red" else 1
    rank = RUN_ORDER.get(card["rank"], 11 + card["rank"])
    return (_group(card), colour, rank, SUIT_ORDER.get(card["suit"], 4), card["id"])


def sort_hand(cards: list[dict[str, Any]], order: str) -> list[dict[str, Any]]:
    """The hand in the chosen order (an unknown order falls back to by rank)."""
    return sorted(cards, key=_by_colour if order == "colour" else _by_rank)
