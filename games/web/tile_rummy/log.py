"""What happened on each Tile Rummy turn, in a line a person can read.

Built only from public data: the move's seat and type and the spectator views
before and after it (``Move.public_view``). A draw never says which tile was
drawn; a play says which tiles reached the table and where:
"Ada laid red 5, 6, 7 and added black 9 to a group."

Every line is one whole sentence in the reader's language, with the mover's name as a
value; the viewer's own moves have sentences of their own ("You drew a tile."), since
other languages conjugate the verb for "you".
"""

from __future__ import annotations

import functools
from typing import Any

from django.utils.translation import get_language, gettext_noop, ngettext, pgettext
from django.utils.translation import gettext as _

from games.table_flow import is_you
from games.web.words import and_list, said, tile_colours

View = dict[str, Any]
COLOUR_NAME = tile_colours("RBYK")
# What a tile was added to: "black 9 to a group".
ADDED_TO = {
    "run": gettext_noop("%(tiles)s to a run"),
    "group": gettext_noop("%(tiles)s to a group"),
    "": gettext_noop("%(tiles)s to a set"),
}
# A play's line by what it did (laid new sets, added to sets, rearranged the table):
# the viewer's own, then another player's.
PLAY_LINES = {
    (True, False, False): (
        gettext_noop("You laid %(laid)s."),
        gettext_noop("%(name)s laid %(laid)s."),
    ),
    (False, True, False): (
        gettext_noop("You added %(added)s."),
        gettext_noop("%(name)s added %(added)s."),
    ),
    (False, False, True): (
        gettext_noop("You rearranged the table."),
        gettext_noop("%(name)s rearranged the table."),
    ),
    (True, True, False): (
        gettext_noop("You laid %(laid)s and added %(added)s."),
        gettext_noop("%(name)s laid %(laid)s and added %(added)s."),
    ),
    (True, False, True): (
        gettext_noop("You laid %(laid)s and rearranged the table."),
        gettext_noop("%(name)s laid %(laid)s and rearranged the table."),
    ),
    (False, True, True): (
        gettext_noop("You added %(added)s and rearranged the table."),
        gettext_noop("%(name)s added %(added)s and rearranged the table."),
    ),
    (True, True, True): (
        gettext_noop("You laid %(laid)s, added %(added)s and rearranged the table."),
        gettext_noop("%(name)s laid %(laid)s, added %(added)s and rearranged the table."),
    ),
    (False, False, False): (gettext_noop("You played."), gettext_noop("%(name)s played.")),
}


def tile_words(tile: dict[str, Any]) -> str:
    """A tile in words: "red 7", "joker (as 8)"."""
    if tile["joker"]:
        return joker_words(tile.get("stands_for"))
    return _natural_words(tile["colour"], tile["number"], get_language())


@functools.lru_cache(maxsize=1024)
def _natural_words(colour: str, number: int, language: str | None) -> str:
    """A natural tile's words in ``language`` (the active one: part of the key). A board
    names every tile it shows for screen readers, and translating each again was a
    tenth of drawing a board."""
    return pgettext("a tile: its colour and number", "%(colour)s %(number)s") % {
        "colour": COLOUR_NAME[colour],
        "number": number,
    }


def joker_words(stands_for: Any) -> str:
    """A joker, and the number it stands for in its set when that is known."""
    if stands_for:
        return _("joker (as %(number)s)") % {"number": stands_for}
    return _("joker")


def set_words(tiles: list[dict[str, Any]], kind: str | None) -> str:
    """A whole set, short: "red 5, 6, 7" for a run, "9s in red, blue and black" for a group."""
    real = [t for t in tiles if not t["joker"]]
    if kind == "run" and real:
        colour = COLOUR_NAME[real[0]["colour"]]
        numbers = [
            joker_words(t.get("stands_for")) if t["joker"] else str(t["number"]) for t in tiles
        ]
        return pgettext("a run: its colour, then its numbers", "%(colour)s %(numbers)s") % {
            "colour": colour,
            "numbers": ", ".join(numbers),
        }
    if kind == "group" and real:
        colours = [str(COLOUR_NAME[t["colour"]]) for t in real]
        jokers = len(tiles) - len(real)
        if jokers:
            many = ngettext("%(count)s joker", "%(count)s jokers", jokers) % {"count": jokers}
            colours.append(_("a joker") if jokers == 1 else many)
        # "9s in red, blue and black"
        return pgettext("a group: its number, then its colours", "%(number)ss in %(colours)s") % {
            "number": real[0]["number"],
            "colours": and_list(colours),
        }
    return and_list([tile_words(t) for t in tiles])


def _sets_list(items: list[str]) -> str:
    """Sets already hold commas: two are joined by "and", more by semicolons."""
    if not items:
        return ""
    return and_list(items) if len(items) <= 2 else "; ".join(items)


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
        you = is_you(who)
        kind = action.get("type")
        between_rounds = before is not None and before["phase"] != "play"
        values = {"name": who, "round": after["round_no"]}
        if kind == "timeout" and between_rounds:  # the clock dealt on for the seat
            if you:
                return _("You ran out of time, so round %(round)s was dealt.") % values
            return _("%(name)s ran out of time, so round %(round)s was dealt.") % values
        if kind == "next_round":
            return _("Round %(round)s was dealt.") % values
        if kind in ("draw", "timeout"):  # in play the clock draws (or passes) for the seat
            drew = after["pool_count"] > 0 or before is None or before["pool_count"] > 0
            text = said(you, *_DRAW_LINES[(kind == "timeout", drew)], values)
        elif kind == "play":
            text = self._play(who, before, after)
        else:
            text = said(you, gettext_noop("You moved."), gettext_noop("%(name)s moved."), values)
        return text + self._ending(before, after)

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
                where = ADDED_TO.get(tiles_set.get("kind") or "", ADDED_TO[""])
                added.append(_(where) % {"tiles": and_list([tile_words(t) for t in fresh])})
        done = (bool(laid), bool(added), _rearranged(before, after))
        values = {"name": who, "laid": _sets_list(laid), "added": _sets_list(added)}
        return said(is_you(who), *PLAY_LINES[done], values)

    def _ending(self, before: View | None, after: View) -> str:
        if after["phase"] == "play" or (before and before["phase"] != "play"):
            return ""
        return " " + round_ending(after, self.names)


def round_ending(view: View, names: list[str]) -> str:
    """Why the round ended, from the final racks: someone went out, or it was thrown in."""
    racks = view.get("final_racks") or []
    out = [names[i] for i, rack in enumerate(racks) if not rack]
    if out:
        text = said(
            is_you(out[0]),
            gettext_noop("You went out and won the round."),
            gettext_noop("%(name)s went out and won the round."),
            {"name": out[0]},
        )
    else:
        text = _("The pool ran dry and every player passed in turn, so the round was thrown in.")
    if view["phase"] == "game_over":
        if max(view["totals"]) >= view["target"]:
            over = _("A total reached %(target)s, so the game is over.")
            text += " " + over % {"target": view["target"]}
        else:
            text += " " + _("That was the last round allowed, so the game is over.")
    return text


# A draw's line by (the clock drew for the seat, a tile was there to draw).
_DRAW_LINES = {
    (False, True): (gettext_noop("You drew a tile."), gettext_noop("%(name)s drew a tile.")),
    (False, False): (
        gettext_noop("You passed (the pool is empty)."),
        gettext_noop("%(name)s passed (the pool is empty)."),
    ),
    (True, True): (
        gettext_noop("You ran out of time and drew a tile."),
        gettext_noop("%(name)s ran out of time and drew a tile."),
    ),
    (True, False): (
        gettext_noop("You ran out of time and passed (the pool is empty)."),
        gettext_noop("%(name)s ran out of time and passed (the pool is empty)."),
    ),
}


def _rearranged(before: View | None, after: View) -> bool:
    """True when tiles already on the table now sit in different company."""
    old_sets = [frozenset(t["id"] for t in s["tiles"]) for s in (before or {}).get("table", [])]
    old = set().union(*old_sets) if old_sets else set()
    kept = [frozenset(t["id"] for t in s["tiles"] if t["id"] in old) for s in after["table"]]
    return sorted(map(sorted, filter(None, kept))) != sorted(map(sorted, old_sets))
