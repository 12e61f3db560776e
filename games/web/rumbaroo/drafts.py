"""A Rumbaroo meld turn in progress, kept on the server so it survives a reload.

A draft is ``{"table": [[ids]...], "swaps": [[tile, wild]...], "call": bool}``:
the shared table as the player is rebuilding it, the Wild swaps made so far
(the hand tile took the Wild's place; the Wild is now in the hand) and
whether Rumbaroo! is pressed. It differs from Tile Rummy's draft
(``games.web.tile_rummy.drafts``) in three ways the rules need: the pouch tile plays as if
from the hand, a Wild can be swapped off the table, and the call rides along.

These functions only move ids around; the engine judges the result at
Confirm, so there is one judge of the rules. The one early refusal (action
tiles never go in melds) just saves a pointless round trip.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

Draft = dict[str, Any]
View = dict[str, Any]


class DraftError(ValueError):
    """A draft move that cannot be made (the message is for the player)."""


def fresh(view: View) -> Draft:
    return {"table": [list(m) for m in view["table_ids"]], "swaps": [], "call": False}


def own_ids(view: View) -> list[int]:
    """The seat's hand, then its pouch: both play as if from the hand."""
    return [t["id"] for t in (view["hand"] or []) + (view["pouch"] or [])]


def known_faces(view: View) -> dict[int, dict[str, Any]]:
    """Every tile this seat may see and move, by id (hand, pouch, table)."""
    tiles = list(view["hand"] or []) + list(view["pouch"] or [])
    tiles += [t for meld in view["table"] for t in meld["tiles"]]
    return {t["id"]: t for t in tiles}


def swapped_wilds(draft: Draft | None) -> list[int]:
    return [wild for _, wild in (draft or {}).get("swaps", [])]


def on_table(draft: Draft | None, view: View) -> set[int]:
    table = draft["table"] if draft else view["table_ids"]
    return {t for meld in table for t in meld}


def movable_back(draft: Draft | None, view: View) -> set[int]:
    """Tiles on the draft table that came from the hand this turn (dashed, may go back)."""
    return on_table(draft, view) & (set(own_ids(view)) | set(swapped_wilds(draft)))


def from_hand(draft: Draft | None, view: View) -> int:
    """Tiles the meld takes from hand and pouch, counted as the engine does (swaps included)."""
    return len(on_table(draft, view) & set(own_ids(view)))


def changed(draft: Draft | None, view: View) -> bool:
    if not draft:
        return False
    return bool(draft["swaps"]) or draft["table"] != view["table_ids"]


def toggle_call(draft: Draft | None, view: View) -> Draft:
    draft = _copy(draft or fresh(view))
    draft["call"] = not draft["call"]
    return draft


def revert(draft: Draft | None, view: View) -> Draft | None:
    """Undo every table change; a pressed Rumbaroo! stays pressed."""
    if draft and draft.get("call"):
        return {**fresh(view), "call": True}
    return None


def meld_action(draft: Draft) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "meld", "table": [list(m) for m in draft["table"]]}
    if draft["swaps"]:
        action["swaps"] = [list(s) for s in draft["swaps"]]
    return action


def move_tile(draft: Draft | None, view: View, tile: int, target: str) -> Draft:
    """Move ``tile`` to meld ``target`` (0-based), ``"new"``, ``"hand"`` or ``"swap:<wild id>"``."""
    draft = _copy(draft or fresh(view))
    faces = known_faces(view)
    table_now = on_table(draft, view)
    in_hand = tile in set(own_ids(view)) | set(swapped_wilds(draft))
    if tile not in table_now and not in_hand:
        raise DraftError(gettext("That tile isn't yours to move."))
    if target.startswith("swap:"):
        return _swap(draft, view, faces, tile, target.removeprefix("swap:"))
    if target == "hand":
        return _to_hand(draft, view, tile)
    if faces[tile]["action"] is not None:
        raise DraftError(gettext("Action tiles never go in melds: play them on the discard pile."))
    table: list[list[int]] = draft["table"]
    if target == "new":
        table.append([])
        dest = table[-1]
    elif (index := _index(target)) is not None and index < len(table):
        dest = table[index]
    else:
        raise DraftError(gettext("There is no such meld on the table."))
    for meld in table:
        if tile in meld:
            meld.remove(tile)
    dest.append(tile)
    draft["table"] = [m for m in table if m]
    return draft


def _to_hand(draft: Draft, view: View, tile: int) -> Draft:
    table: list[list[int]] = draft["table"]
    if tile not in on_table(draft, view):
        return draft  # already in the hand: nothing to do
    if tile not in movable_back(draft, view):
        raise DraftError(gettext("Tiles that were on the table stay on the table."))
    swap = next((s for s in draft["swaps"] if s[0] == tile), None)
    if swap is not None:  # undo the swap: the Wild goes back where the tile is now
        wild = swap[1]
        for meld in table:
            if wild in meld:
                meld.remove(wild)
        for meld in table:
            if tile in meld:
                meld[meld.index(tile)] = wild
        draft["swaps"].remove(swap)
    else:
        for meld in table:
            if tile in meld:
                meld.remove(tile)
    draft["table"] = [m for m in table if m]
    return draft


def _swap(draft: Draft, view: View, faces: dict[int, dict[str, Any]], tile: int, raw: str) -> Draft:
    """The picked hand tile takes a table Wild's place; the Wild comes to the hand."""
    wild = _index(raw)
    original = {t for meld in view["table_ids"] for t in meld}
    if tile not in own_ids(view) or tile in on_table(draft, view) or faces[tile]["number"] is None:
        raise DraftError(gettext("Pick a number tile from your hand, then the Wild it replaces."))
    ok = wild in original and wild in on_table(draft, view) and faces[wild]["wild"]
    if wild is None or not ok or wild in swapped_wilds(draft):
        raise DraftError(gettext("Pick a Wild that is in a meld on the table."))
    for meld in draft["table"]:
        if wild in meld:
            meld[meld.index(wild)] = tile
    draft["swaps"].append([tile, wild])
    return draft


def _index(raw: str) -> int | None:
    """A meld number or tile id as sent by the page: plain ASCII digits only, a few of them
    (``"²".isdigit()`` is true and ``int()`` of 5,000 digits raises)."""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 4:
        return None
    return int(raw)


def _copy(draft: Draft) -> Draft:
    return {
        "table": [list(m) for m in draft["table"]],
        "swaps": [list(s) for s in draft.get("swaps", [])],
        "call": bool(draft.get("call")),
    }
