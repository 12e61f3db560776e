"""The unconfirmed parts of a Rumasta turn, kept on the seat (``Seat.turn_draft``).

Three small drafts, each only what the person has shown so far, so a reload
loses nothing and the engine stays the one judge of the rules:

* the proof step: the pile(s) being taken, the cards shown for each top card
  (with the meld it joins), and any further melds laid from the hand with it;
* melds from the hand grouped before they go down together (a first meld
  may need several to reach the minimum);
* the two-discard step: the card chosen for each pile, sent when both are.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

Draft = dict[str, Any]


class DraftError(Exception):
    """A draft change the player must fix first; the message says how."""


def _hand_ids(view: dict[str, Any]) -> set[int]:
    return {c["id"] for c in view["hand"] or []}


def _in_use(draft: Draft) -> set[int]:
    used = {c for g in draft.get("groups", []) for c in g}
    used |= {c for g in draft.get("extra", []) for c in g}
    used |= {c for p in draft.get("proofs", {}).values() for c in p["cards"]}
    return used | {c for c in draft.get("discards") or [] if c is not None}


def check_cards(draft: Draft | None, view: dict[str, Any], cards: list[int]) -> None:
    """Cards the player picked must be in the hand and not already set aside in the draft."""
    if not set(cards) <= _hand_ids(view):
        raise DraftError(_("Pick cards from your hand."))
    if set(cards) & _in_use(draft or {}):
        raise DraftError(_("That card is already set aside this turn."))


def start_proof(view: dict[str, Any], piles: list[int]) -> Draft:
    """Begin the proof step for one pile (A) or both (B)."""
    if view["step"] != "choose":
        raise DraftError(_("You have already taken or drawn this turn."))
    for pile in piles:
        if not view["piles"][pile]["pickable"]:
            raise DraftError(_("Pile %(pile)s can't be picked up now.") % {"pile": pile + 1})
    return {"piles": piles, "proofs": {}, "extra": []}


def set_proof(draft: Draft | None, pile: int, cards: list[int], meld: int | None) -> Draft:
    if not draft or pile not in draft.get("piles", []):
        raise DraftError(_("Choose a pile to take first."))
    draft["proofs"][str(pile)] = {"cards": cards, "meld": meld}
    return draft


def add_group(draft: Draft | None, key: str, cards: list[int]) -> Draft:
    """Set picked cards aside as one more meld (``extra`` with a take, ``groups`` in play)."""
    if len(cards) < 3:
        raise DraftError(_("A meld needs at least three cards: pick them first."))
    draft = draft or {}
    draft.setdefault(key, []).append(cards)
    return draft


def take_action(draft: Draft) -> dict[str, Any] | None:
    """The take once every pile in the proof step has its proof; None while one is missing."""
    piles, proofs = draft.get("piles", []), draft.get("proofs", {})
    if not piles or any(str(p) not in proofs for p in piles):
        return None
    extra = draft.get("extra", [])
    if len(piles) == 1:
        proof = proofs[str(piles[0])]
        return {"type": "take", "pile": piles[0], **proof, "extra": extra}
    return {"type": "take_both", "takes": [proofs["0"], proofs["1"]], "extra": extra}


def set_discard(draft: Draft | None, view: dict[str, Any], pile: int, card: int) -> Draft:
    """Choose the card for one pile (choosing again for that pile replaces it)."""
    draft = dict(draft or {})
    chosen = list(draft.get("discards") or [None, None])
    if card not in _hand_ids(view) or card == chosen[1 - pile]:
        raise DraftError(
            _("Pick a card from your hand that isn't already going to the other pile.")
        )
    chosen[pile] = card
    draft["discards"] = chosen
    return draft


def discard_action(draft: Draft, view: dict[str, Any]) -> dict[str, Any] | None:
    """Both discards, or one when a single card is left in the hand."""
    chosen = list(draft.get("discards") or [None, None])
    needed = min(2, len(view["hand"] or []))
    if sum(c is not None for c in chosen) < needed:
        return None
    return {"type": "discard", "cards": chosen}
