"""One line for each Rumasta move, naming the cards everyone saw and what a clock did.

Built from the move's action, the public view after it and, when known, the
public view before it (the previous move's), so a caption says only what was
laid face up: discards, melds, added and switched cards, a taken pile's top.
Cards taken into a hand or drawn are counted, never named. A timeout says
what the engine did for the player (``TIMEOUT_ACTION`` in the engine's
docstring): the cut, the draw and two discards, a pass in a heart window, or
dealing on.
"""

from __future__ import annotations

from typing import Any

from games.engine.rumasta.cards import FACES
from games.models import Move

View = dict[str, Any]
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def short(card: int) -> str:
    """A card as printed on its corner: ``K♥``, ``10♠``; a joker by name."""
    text = FACES[card].text
    return "joker" if text == "JK" else text[:-1] + SUIT_SYMBOL[text[-1]]


def cards_text(cards: list[int]) -> str:
    return " ".join(short(c) for c in cards)


def spoken(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _ints(raw: Any) -> list[int]:
    """Card ids from a stored action (anything else is ignored: the log is data)."""
    items = raw if isinstance(raw, list) else []
    return [c for c in items if type(c) is int and 0 <= c < len(FACES)]


def discards_text(raw: Any) -> str:
    """ "9♠ to pile 1 and K♥ to pile 2" (a pile left out when the hand held one card)."""
    items = raw if isinstance(raw, list) else []
    parts = [
        f"{short(c)} to pile {pile + 1}"
        for pile, c in enumerate(items[:2])
        if type(c) is int and 0 <= c < len(FACES)
    ]
    return spoken(parts) if parts else "nothing"


def caption(move: Move, names: list[str], before: View | None = None) -> str:
    """One line for ``move``; ``before`` (the public view before it) adds detail."""
    who = names[move.seat]
    action = move.action if isinstance(move.action, dict) else {}
    kind = str(action.get("type"))
    after = move.public_view
    if kind == "timeout":
        clock = timed_out(move.seat, before, after, first=move.seq == 1)
        return f"{who} ran out of time, {clock}."
    if kind == "take":
        return _take(who, action, before)
    if kind == "take_both":
        tops = _tops(before, (0, 1))
        return f"{who} took both piles{f' (tops {spoken(tops)})' if tops else ''}."
    if kind == "roll" and after["dreidel"]["face"]:
        return f"{who} rolled the dreidel: {after['dreidel']['face'].capitalize()}."
    lines = {
        "cut": f"{who} cut the stock.",
        "draw": f"{who} drew from the draw pile.",
        "pick": f"{who} picked an opponent for the dreidel.",
        "meld": f"{who} laid down {_melds(action.get('melds'))}.",
        "add": f"{who} added {cards_text(_ints(action.get('cards')))} to a meld.",
        "switch": _switch(who, action),
        "discard": f"{who} discarded {discards_text(action.get('cards'))}.",
        "heart": f"❤️ {who} pressed the heart!",
        "call_out": f"📣 {who} called out!",
        "pass": f"{who} let the black 3 go.",
        "next_round": "A new round begins.",
    }
    return lines.get(kind, f"{who} moved.")


def timed_out(seat: int, before: View | None, after: View, first: bool = False) -> str:
    """What the clock did for the seat, as the engine's timeout does it.

    ``first``: the game's first move, whose "before" is always the opening cut.
    """
    phase = before["phase"] if before else ("cut" if first else None)
    if phase == "cut":
        return f"so the clock cut the stock ({after['cut']['count']} cards)"
    if phase == "round_over":
        return "so the clock dealt the next round"
    if before is not None and phase == "heart" and seat in before["heart"]["waiting"]:
        return "so the clock let the black 3 go"
    discarded = discards_text(after["last_discards"])
    if before is None:
        return f"so the clock discarded {discarded}"
    drawn = after["hand_counts"][seat] - before["hand_counts"][seat] + _count(after)
    if before.get("step") == "pick":
        return f"so the clock picked the dreidel's opponent and discarded {discarded}"
    if drawn > 0:
        plural = "s" if drawn != 1 else ""
        return f"so the clock drew {drawn} card{plural} and discarded {discarded}"
    return f"so the clock discarded {discarded}"


def _count(after: View) -> int:
    return sum(1 for c in after["last_discards"] or [] if c is not None)


def _take(who: str, action: dict[str, Any], before: View | None) -> str:
    pile = action.get("pile")
    if pile not in (0, 1):
        return f"{who} took a pile."
    tops = _tops(before, (pile,))
    where = "a meld" if type(action.get("meld")) is int else "a new meld"
    proof = _ints(action.get("cards"))
    shown = f" with {cards_text(proof)}" if proof else ""
    top = f": its top card {tops[0]} went onto {where}{shown}" if tops else ""
    return f"{who} took pile {pile + 1}{top}."


def _tops(before: View | None, piles: tuple[int, ...]) -> list[str]:
    if before is None:
        return []
    tops = [before["piles"][p]["top"] for p in piles]
    return [short(t["id"]) for t in tops if t is not None]


def _melds(raw: Any) -> str:
    groups = [cards_text(_ints(g)) for g in (raw if isinstance(raw, list) else [])]
    groups = [g for g in groups if g]
    return spoken(groups) if groups else "a meld"


def _switch(who: str, action: dict[str, Any]) -> str:
    natural, wild = _ints([action.get("card")]), _ints([action.get("wild")])
    if not natural or not wild:
        return f"{who} switched out a wild."
    return f"{who} switched {short(natural[0])} in for a wild ({short(wild[0])}) and took the wild."
