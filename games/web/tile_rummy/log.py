"""What happened on each Tile Rummy turn, in a line a person can read.

Built only from public data: the move's seat and type and the spectator views
before and after it (``Move.public_view``). A draw never says which tile was
drawn; a play says which tiles reached the table and where:
"Ada laid red 5, 6, 7 and added black 9 to a group."
"""

from __future__ import annotations

from typing import Any

View = dict[str, Any]
COLOUR_NAME = {"R": "red", "B": "blue", "Y": "yellow", "K": "black"}
KIND_NAME = {"run": "a run", "group": "a group"}


def tile_words(tile: dict[str, Any]) -> str:
    """A tile in words: "red 7", "joker (as 8)"."""
    if tile["joker"]:
        return f"joker (as {tile['stands_for']})" if tile.get("stands_for") else "joker"
    return f"{COLOUR_NAME[tile['colour']]} {tile['number']}"


def set_words(tiles: list[dict[str, Any]], kind: str | None) -> str:
    """A whole set, short: "red 5, 6, 7" for a run, "9s in red, blue and black" for a group."""
    real = [t for t in tiles if not t["joker"]]
    if kind == "run" and real:
        colour = COLOUR_NAME[real[0]["colour"]]
        numbers = [
            f"joker (as {t.get('stands_for')})" if t["joker"] else str(t["number"]) for t in tiles
        ]
        return f"{colour} {', '.join(numbers)}"
    if kind == "group" and real:
        colours = [COLOUR_NAME[t["colour"]] for t in real]
        jokers = len(tiles) - len(real)
        if jokers:
            colours.append("a joker" if jokers == 1 else f"{jokers} jokers")
        return f"{real[0]['number']}s in {and_list(colours)}"
    return and_list([tile_words(t) for t in tiles])


def and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _sets_list(items: list[str]) -> str:
    """Sets already hold commas: two are joined by "and", more by semicolons."""
    return " and ".join(items) if len(items) <= 2 else "; ".join(items)


def table_ids(view: View | None) -> set[int]:
    return {t["id"] for s in (view or {}).get("table", []) for t in s["tiles"]}


def laid_tiles(before: View | None, after: View) -> set[int]:
    """The ids that reached the table between two public views."""
    return table_ids(after) - table_ids(before)


class Teller:
    """Describes moves for one viewer: names[seat] is "You" for that viewer's seat."""

    def __init__(self, names: list[str]) -> None:
        self.names = names

    def line(self, action: dict[str, Any], seat: int, before: View | None, after: View) -> str:
        who = self.names[seat]
        kind = action.get("type")
        between_rounds = before is not None and before["phase"] != "play"
        if kind == "timeout" and between_rounds:  # the clock dealt on for the seat
            return f"{who} ran out of time, so round {after['round_no']} was dealt."
        if kind == "next_round":
            return f"Round {after['round_no']} was dealt."
        if kind in ("draw", "timeout"):  # in play the clock draws (or passes) for the seat
            drew = after["pool_count"] > 0 or before is None or before["pool_count"] > 0
            text = "drew a tile" if drew else "passed (the pool is empty)"
            late = "ran out of time and " if kind == "timeout" else ""
            text = f"{who} {late}{text}"
        elif kind == "play":
            text = self._play(who, before, after)
        else:
            text = f"{who} moved"
        return text + "." + self._ending(before, after)

    def _play(self, who: str, before: View | None, after: View) -> str:
        new = laid_tiles(before, after)
        laid, added = [], []
        for tiles_set in after["table"]:
            tiles = tiles_set["tiles"]
            fresh = [t for t in tiles if t["id"] in new]
            if not fresh:
                continue
            if len(fresh) == len(tiles):
                laid.append(set_words(tiles, tiles_set.get("kind")))
            else:
                where = KIND_NAME.get(tiles_set.get("kind") or "", "a set")
                added.append(f"{and_list([tile_words(t) for t in fresh])} to {where}")
        parts = []
        if laid:
            parts.append("laid " + _sets_list(laid))
        if added:
            parts.append("added " + _sets_list(added))
        if _rearranged(before, after):
            parts.append("rearranged the table")
        return f"{who} " + (and_list(parts) if parts else "played")

    def _ending(self, before: View | None, after: View) -> str:
        if after["phase"] == "play" or (before and before["phase"] != "play"):
            return ""
        return " " + round_ending(after, self.names)


def round_ending(view: View, names: list[str]) -> str:
    """Why the round ended, from the final racks: someone went out, or it was thrown in."""
    racks = view.get("final_racks") or []
    out = [names[i] for i, rack in enumerate(racks) if not rack]
    if out:
        text = f"{out[0]} went out and won the round."
    else:
        text = "The pool ran dry and every player passed in turn, so the round was thrown in."
    if view["phase"] == "game_over":
        if max(view["totals"]) >= view["target"]:
            text += f" A total reached {view['target']}, so the game is over."
        else:
            text += " That was the last round allowed, so the game is over."
    return text


def _rearranged(before: View | None, after: View) -> bool:
    """True when tiles already on the table now sit in different company."""
    old_sets = [frozenset(t["id"] for t in s["tiles"]) for s in (before or {}).get("table", [])]
    old = set().union(*old_sets) if old_sets else set()
    kept = [frozenset(t["id"] for t in s["tiles"] if t["id"] in old) for s in after["table"]]
    return sorted(map(sorted, filter(None, kept))) != sorted(map(sorted, old_sets))
