"""The in-progress arrangement of a meld turn, kept on the server.

A draft is ``{"table": [[ids]...], "placed": [ids]}``: the table as the
player is rebuilding it and the rack tiles moved onto it. These functions
only move tiles around; whether the result is legal is the engine's call at
Confirm, so there is one judge of the rules.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

Draft = dict[str, Any]


class DraftError(ValueError):
    """A move inside the draft that cannot be made (the message is for the player)."""


def fresh(view: dict[str, Any]) -> Draft:
    return {"table": [[t["id"] for t in s["tiles"]] for s in view["table"]], "placed": []}


def rack_ids(view: dict[str, Any]) -> list[int]:
    return [t["id"] for t in view["rack"] or []]


def move_tile(draft: Draft | None, view: dict[str, Any], tile: int, target: str) -> Draft:
    """Move ``tile`` to set number ``target`` (0-based), ``"new"`` or ``"rack"``."""
    draft = _copy(draft or fresh(view))
    table: list[list[int]] = draft["table"]
    original = {t for s in fresh(view)["table"] for t in s}
    in_rack = tile in rack_ids(view)
    if not in_rack and tile not in original:
        raise DraftError(_("That tile isn't yours to move."))
    if tile in original and not view.get("may_touch_table"):
        raise DraftError(_("Open with 30 points from your own rack before moving table tiles."))
    dest = _destination(table, target, tile, in_rack)
    for tiles in table:
        if tile in tiles:
            tiles.remove(tile)
    if in_rack and tile in draft["placed"]:
        draft["placed"].remove(tile)
    if dest is not None:
        dest.append(tile)
        if in_rack:
            draft["placed"].append(tile)
    draft["table"] = [s for s in table if s]
    return draft


def _destination(table: list[list[int]], target: str, tile: int, in_rack: bool) -> list[int] | None:
    if target == "rack":
        if not in_rack:
            raise DraftError(_("Tiles that were on the table must stay on the table."))
        return None
    if target == "new":
        table.append([])
        return table[-1]
    index = _index(target)
    if index is not None and index < len(table):
        return table[index]
    raise DraftError(_("There is no such set on the table."))


def _index(target: str) -> int | None:
    """A set number as sent by the page: plain ASCII digits only (not "²" or 5,000 digits)."""
    if not (target.isascii() and target.isdigit()) or len(target) > 4:
        return None
    return int(target)


def _copy(draft: Draft) -> Draft:
    return {"table": [list(s) for s in draft["table"]], "placed": list(draft["placed"])}
