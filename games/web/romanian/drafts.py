"""A Romanian turn in progress, kept on the seat so a reload loses nothing.

A draft is ``{"take": index | None, "melds": [[ids]...], "add": [[owner,
meld, [ids]]...], "replace": [[owner, meld, joly, tile]...]}``: the discard
chosen from the row (with every discard after it), the new combinations
being built, tiles put onto players' melds, and jolys swapped for the tile
they stand for (the joly then joins the tiles to lay). Unlike Tile Rummy's
draft there is no free rearranging: tiles already on the table never move.

These functions only move ids around; Confirm sends the whole draft as one
engine action (``take`` or ``meld``), and the engine alone judges it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engine.romanian import JOLYS

Draft = dict[str, Any]
View = dict[str, Any]
MAX_DIGITS = 4


class DraftError(ValueError):
    """A draft move that cannot be made (the message is for the player)."""


def fresh(take: int | None = None) -> Draft:
    return {"take": take, "melds": [], "add": [], "replace": []}


def rack_ids(view: View) -> list[int]:
    return [t["id"] for t in view["rack"] or []]


def taken_ids(draft: Draft | None, view: View) -> list[int]:
    """The discards this draft takes: the chosen one and every one after it."""
    index = (draft or {}).get("take")
    if index is None or not 0 <= index < len(view["discards"]):
        return []
    return [t["id"] for t in view["discards"][index:]]


def freed_jolys(draft: Draft | None) -> list[int]:
    return [r[2] for r in (draft or {}).get("replace", [])]


def placed_ids(draft: Draft | None) -> list[int]:
    """Every tile this draft lays, in new combinations, additions and replacements."""
    draft = draft or fresh()
    out = [t for meld in draft["melds"] for t in meld]
    out += [t for _owner, _index, tiles in draft["add"] for t in tiles]
    out += [r[3] for r in draft["replace"]]
    return out


def own_ids(draft: Draft | None, view: View) -> list[int]:
    """The tiles the player may lay this turn: rack, taken discards, freed jolys."""
    return rack_ids(view) + taken_ids(draft, view) + freed_jolys(draft)


def in_hand(draft: Draft | None, view: View) -> list[int]:
    """Own tiles not laid in the draft yet, in rack order then taken then freed."""
    placed = set(placed_ids(draft))
    return [t for t in own_ids(draft, view) if t not in placed]


def changed(draft: Draft | None) -> bool:
    return bool(draft) and (draft.get("take") is not None or bool(placed_ids(draft)))


# --- choosing a discard from the row ---------------------------------------------


def choose_discard(draft: Draft | None, view: View, index: int | None) -> Draft | None:
    """Pick discard ``index`` (and all after it) to take; the same one again lets it go."""
    if view["phase"] != "draw":
        raise DraftError(_("A discard is taken at the start of a turn, instead of drawing."))
    if index is None or not 0 <= index < len(view["discards"]):
        raise DraftError(_("There is no such tile in the row of discards."))
    if draft and draft.get("take") == index:
        return None
    return fresh(index)


# --- laying tiles ------------------------------------------------------------------


def move_tile(draft: Draft | None, view: View, tile: int, target: str) -> Draft:
    """Put ``tile`` at ``target``: ``new``, ``n:<i>`` (a new combination), ``m:<owner>:<i>``
    (onto a meld), ``j:<owner>:<i>:<joly>`` (in place of a joly) or ``rack``."""
    draft = _copy(draft or fresh())
    if view["phase"] == "draw" and draft["take"] is None:
        raise DraftError(_("Draw from the wall, or tap a discard to take it, before laying tiles."))
    if view["phase"] not in ("draw", "play"):
        raise DraftError(_("Tiles are laid after taking a tile, before you discard."))
    if tile not in own_ids(draft, view):
        raise DraftError(_("Tiles already on the table stay where they are; pick one of yours."))
    _lift(draft, tile)
    if tile not in own_ids(draft, view):  # a freed joly whose replacement was undone
        return _tidy(draft)
    parts = target.split(":")
    if target == "new":
        draft["melds"].append([tile])
    elif parts[0] == "n" and len(parts) == 2:
        index = _number(parts[1])
        if index is None or index >= len(draft["melds"]):
            raise DraftError(_("There is no such new combination."))
        draft["melds"][index].append(tile)
    elif parts[0] == "m" and len(parts) == 3:
        owner, index = _meld(view, parts[1], parts[2])
        _add(draft, owner, index, tile)
    elif parts[0] == "j" and len(parts) == 4:
        _replace(draft, view, parts, tile)
    elif target != "rack":
        raise DraftError(_("Pick where the tile goes: a combination, a meld or your rack."))
    return _tidy(draft)


def _lift(draft: Draft, tile: int) -> None:
    """Take ``tile`` out of wherever the draft laid it (undoing a replacement it made)."""
    for meld in draft["melds"]:
        if tile in meld:
            meld.remove(tile)
    for _owner, _index, tiles in draft["add"]:
        if tile in tiles:
            tiles.remove(tile)
    undone = [r for r in draft["replace"] if r[3] == tile]
    for swap in undone:
        draft["replace"].remove(swap)
        _lift(draft, swap[2])  # the joly goes back to its meld


def _add(draft: Draft, owner: int, index: int, tile: int) -> None:
    for entry in draft["add"]:
        if entry[0] == owner and entry[1] == index:
            entry[2].append(tile)
            return
    draft["add"].append([owner, index, [tile]])


def _replace(draft: Draft, view: View, parts: list[str], tile: int) -> None:
    owner, index = _meld(view, parts[1], parts[2])
    joly = _number(parts[3])
    meld = view["melds"][owner][index]["tiles"]
    jolys = [t["id"] for t in meld if t["joly"]]
    if joly not in jolys or joly in freed_jolys(draft):
        raise DraftError(_("That meld has no joly there to replace."))
    if tile in JOLYS:
        raise DraftError(_("A joly is replaced by a real tile."))
    draft["replace"].append([owner, index, joly, tile])


def _meld(view: View, raw_owner: str, raw_index: str) -> tuple[int, int]:
    owner, index = _number(raw_owner), _number(raw_index)
    if owner is None or index is None or owner >= len(view["melds"]):
        raise DraftError(_("There is no such meld on the table."))
    if index >= len(view["melds"][owner]):
        raise DraftError(_("There is no such meld on the table."))
    return owner, index


def _number(raw: str) -> int | None:
    """ASCII digits only, a few: "²".isdigit() is true and int() of 5,000 digits raises."""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > MAX_DIGITS:
        return None
    return int(raw)


def _tidy(draft: Draft) -> Draft:
    draft["melds"] = [m for m in draft["melds"] if m]
    draft["add"] = [a for a in draft["add"] if a[2]]
    return draft


def _copy(draft: Draft) -> Draft:
    return {
        "take": draft.get("take"),
        "melds": [list(m) for m in draft.get("melds", [])],
        "add": [[a[0], a[1], list(a[2])] for a in draft.get("add", [])],
        "replace": [list(r) for r in draft.get("replace", [])],
    }


# --- the engine action ------------------------------------------------------------


def action(draft: Draft, view: View) -> dict[str, Any]:
    """The one engine action this draft stands for: a ``take`` (draw phase) or a ``meld``."""
    out: dict[str, Any] = {"type": "take", "index": draft["take"]}
    if view["phase"] == "play" or draft.get("take") is None:
        out = {"type": "meld"}
    if draft["melds"]:
        out["melds"] = [list(m) for m in draft["melds"]]
    if draft["add"]:
        out["add"] = [[a[0], a[1], list(a[2])] for a in draft["add"]]
    if draft["replace"]:
        out["replace"] = [list(r) for r in draft["replace"]]
    return out
