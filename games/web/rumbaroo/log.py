"""What happened on each Rumbaroo turn, in a line a person can read.

Built only from public data: the move's seat and type, the tiles that went
public (the played tile, melded tiles, a stolen table tile, the chosen colour
or number, the named opponent) and the spectator views before and after the
move (``Move.public_view``). A move's private parts (which tile was stashed,
passed on in a Mob, swapped or buried) are never read, so a line never says
more than the table saw: "Joey 1 played red Hop — you miss a turn".
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, npgettext, pgettext

from games.engine.rumbaroo.boxes import ACTION_NAMES
from games.table_flow import is_you
from games.web.words import and_list, said, tile_colours

View = dict[str, Any]
PLAYING = ("play", "drawn", "croc")
# The tiles' colours in the reader's words (the action tiles' names are names: "red Hop").
COLOUR_NAMES = tile_colours("RBGY")
# How a round ended (the engine's end_reason), as a clause about its winner: the
# viewer's own words, then another player's. "" is any other ending.
ENDINGS = {
    "out": (
        gettext_noop("You went out and won the round"),
        gettext_noop("%(name)s went out and won the round"),
    ),
    "blocked": (
        gettext_noop("You had the lowest hand when the round was blocked"),
        gettext_noop("%(name)s had the lowest hand when the round was blocked"),
    ),
    "lap_cap": (
        gettext_noop("You had the lowest hand when three laps passed without a tile played"),
        gettext_noop("%(name)s had the lowest hand when three laps passed without a tile played"),
    ),
    "move_cap": (
        gettext_noop("You had the lowest hand when the round hit the move limit"),
        gettext_noop("%(name)s had the lowest hand when the round hit the move limit"),
    ),
    "": (gettext_noop("You won the round"), gettext_noop("%(name)s won the round")),
}


def ending(reason: str | None, name: str) -> str:
    """How the round ended, about its winner: "Joey 1 went out and won the round"."""
    return said(is_you(name), *ENDINGS.get(reason or "", ENDINGS[""]), {"name": name})


def tile_label(tile: dict[str, Any]) -> str:
    """How a tile is read aloud: "green 7", "Wild", "red Hop", "Billabong"."""
    if tile["wild"]:
        return "Wild"
    colour = COLOUR_NAMES.get(tile["colour"] or "", "")
    if tile["action"] is not None:
        name = ACTION_NAMES[tile["action"]]
        if not colour:
            return name
        return pgettext("an action tile: its colour and name", "%(colour)s %(name)s") % {
            "colour": colour,
            "name": name,
        }
    return pgettext("a tile: its colour and number", "%(colour)s %(number)s") % {
        "colour": colour,
        "number": tile["number"],
    }


class Teller:
    """Describes moves for one viewer: names[seat] is "You" for that viewer's seat.

    Each clause is said of one seat, in the words for the viewer ("you miss a turn") or
    for another player ("Joey 1 misses a turn"): languages conjugate the verb for "you".
    """

    def __init__(self, names: list[str]) -> None:
        self.names = names

    def line(
        self, action: dict[str, Any], seat: int, before: View | None, after: View, prev: Any = None
    ) -> str:
        """One move; ``prev`` is the action just before (a draw whose call still counts)."""
        kind = action.get("type")
        if kind == "next_round":
            return _("Round %(round)s was dealt.") % {"round": after["round_no"]}
        if before is None:
            return self._say(seat, _("You moved"), _("%(name)s moved")) + "."
        if kind == "timeout":
            text = self._timed_out(seat, before, after)
        elif kind == "draw":
            if after["pool_count"] > 0 or before["pool_count"] > 0:
                text = self._say(seat, _("You drew a tile"), _("%(name)s drew a tile"))
            else:
                text = self._say(
                    seat,
                    _("You passed (the pool is empty)"),
                    _("%(name)s passed (the pool is empty)"),
                )
        elif kind == "pass":
            text = self._say(seat, _("You kept the drawn tile"), _("%(name)s kept the drawn tile"))
        elif kind == "take":
            count = min(before["croc"], before["pool_count"])
            text = self._say(
                seat,
                ngettext(
                    "You took %(count)s tile from the Croc Snap",
                    "You took %(count)s tiles from the Croc Snap",
                    count,
                ),
                ngettext(
                    "%(name)s took %(count)s tile from the Croc Snap",
                    "%(name)s took %(count)s tiles from the Croc Snap",
                    count,
                ),
                count=count,
            )
        elif kind == "meld":
            text = self._meld(action, seat, before, after)
        elif kind in ("discard", "snap"):
            text = self._discard(action, seat, before, after)
        else:
            text = self._say(seat, _("You moved"), _("%(name)s moved"))
        text += self._call(action, seat, before, after, prev)
        return (text if text.endswith("!") else text + ".") + self._ending(after, before)

    def _timed_out(self, seat: int, before: View, after: View) -> str:
        """What the engine's timeout did for the seat: the same move a person could make."""
        phase = before["phase"]
        if phase == "croc":
            count = min(before["croc"], before["pool_count"])
            return self._say(
                seat,
                ngettext(
                    "You ran out of time and took %(count)s tile from the Croc Snap",
                    "You ran out of time and took %(count)s tiles from the Croc Snap",
                    count,
                ),
                ngettext(
                    "%(name)s ran out of time and took %(count)s tile from the Croc Snap",
                    "%(name)s ran out of time and took %(count)s tiles from the Croc Snap",
                    count,
                ),
                count=count,
            )
        if phase == "drawn":
            return self._say(
                seat,
                _("You ran out of time and kept the drawn tile"),
                _("%(name)s ran out of time and kept the drawn tile"),
            )
        if phase == "round_over":
            return self._say(
                seat,
                _("You ran out of time and round %(round)s was dealt"),
                _("%(name)s ran out of time and round %(round)s was dealt"),
                round=after["round_no"],
            )
        if before["pool_count"] > 0:
            return self._say(
                seat,
                _("You ran out of time and drew a tile"),
                _("%(name)s ran out of time and drew a tile"),
            )
        return self._say(
            seat,
            _("You ran out of time and passed (the pool is empty)"),
            _("%(name)s ran out of time and passed (the pool is empty)"),
        )

    # --- discards ------------------------------------------------------------------

    def _discard(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        tile = _pile_tile(after, action.get("tile"))
        if tile is None:
            return self._say(seat, _("You played a tile"), _("%(name)s played a tile"))
        text = self._say(
            seat, _("You played %(tile)s"), _("%(name)s played %(tile)s"), tile=tile_label(tile)
        )
        if before["phase"] == "croc":
            if tile["action"] == "BOOMERANG":
                return text + self._say(
                    seat,
                    pgettext(
                        "you did it", " and sent the %(count)s waiting tiles back the other way"
                    ),
                    pgettext(
                        "another player did it",
                        " and sent the %(count)s waiting tiles back the other way",
                    ),
                    count=before["croc"],
                )
            return text + self._say(
                seat,
                pgettext("you did it", " and snapped back: %(victim)s"),
                pgettext("another player did it", " and snapped back: %(victim)s"),
                victim=self._faces(after["turn"], after["croc"]),
            )
        if after["phase"] not in PLAYING:
            return text
        if tile["wild"] or tile["action"] == "BILLABONG":
            return text + self._say(
                seat,
                pgettext("you did it", " and chose %(colour)s"),
                pgettext("another player did it", " and chose %(colour)s"),
                colour=COLOUR_NAMES[after["colour"]],
            )
        effect = getattr(self, f"_{(tile['action'] or 'number').lower()}", None)
        return text + (effect(action, seat, before, after) if effect else "")

    def _hop(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        steps = (1, 2) if action.get("pair") is not None else (1,)
        victims = [_next(before, seat, k) for k in steps]
        if len(victims) == 2:
            extra = _pile_tile(after, action.get("pair"))
            pair = ""
            if extra:
                pair = pgettext("a second tile played", " and %(tile)s") % {
                    "tile": tile_label(extra)
                }
            misses = self._several(
                victims,
                pgettext("you among them", " (a Hop Pair) — %(names)s miss a turn"),
                pgettext("other players", " (a Hop Pair) — %(names)s miss a turn"),
            )
            return pair + misses
        return " — " + self._misses(victims[0])

    def _boomerang(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        if before["players"] == 2:
            return " — " + self._misses(_next(before, seat))
        text = _(" — play turns the other way")
        if len(after["pile"]) == len(before["pile"]):  # the tile under it left the pile
            owner = before["top_by"]
            back = tile_label(before["top"])
            text += _(", and the %(tile)s flies back to %(owner)s") % {
                "tile": back,
                "owner": self._obj(owner),
            }
        return text

    def _pouch(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        if action.get("stash") is None:
            return ""
        return self._say(
            seat,
            pgettext("you did it", " and tucked a tile into the pouch"),
            pgettext("another player did it", " and tucked a tile into the pouch"),
        )

    def _dingo(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        stolen = _table_tile(before, action.get("steal"))
        if not stolen:
            return ""
        return self._say(
            seat,
            pgettext("you did it", " and stole the %(tile)s from the table"),
            pgettext("another player did it", " and stole the %(tile)s from the table"),
            tile=tile_label(stolen),
        )

    def _mob(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        return _(" — everyone passed a tile to the next player")

    def _swap(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        target = action.get("target")
        if not isinstance(target, int) or not 0 <= target < len(self.names):
            return ""
        return self._say(
            seat,
            pgettext("you did it", " — swapped a random tile with %(other)s"),
            pgettext("another player did it", " — swapped a random tile with %(other)s"),
            other=self._obj(target),
        )

    def _dust(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        return _(" — everyone buried a random tile and drew a new one")

    def _croc(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        if action.get("stampede"):
            return _(" as a Stampede — every opponent draws 2")
        victim = self._say(
            after["turn"],
            _("you must snap back or take %(count)s"),
            _("%(name)s has to snap back or take %(count)s"),
            count=after["croc"],
        )
        return " — " + victim

    def _didgeridoo(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        played, drew = [], []
        for s in range(before["players"]):
            if s == seat:
                continue
            change = after["holding"][s] - before["holding"][s]
            (played if change < 0 else drew).append(s)
        text = self._say(
            seat,
            pgettext("you did it", " and called %(number)s"),
            pgettext("another player did it", " and called %(number)s"),
            number=action.get("number"),
        )
        parts = []
        if played:
            parts.append(
                self._several(
                    played,
                    npgettext(
                        "you among them",
                        "%(names)s played one",
                        "%(names)s played one",
                        len(played),
                    ),
                    npgettext(
                        "other players", "%(names)s played one", "%(names)s played one", len(played)
                    ),
                )
            )
        if drew:
            parts.append(
                self._several(
                    drew,
                    npgettext("you among them", "%(names)s drew", "%(names)s drew", len(drew)),
                    npgettext("other players", "%(names)s drew", "%(names)s drew", len(drew)),
                )
            )
        return text + (" — " + "; ".join(parts) if parts else "")

    # --- melds, calls, endings ---------------------------------------------------

    def _meld(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        old = {t["id"] for m in before["table"] for t in m["tiles"]}
        new = [t for m in after["table"] for t in m["tiles"] if t["id"] not in old]
        tiles = ", ".join(tile_label(t) for t in new)
        text = self._say(
            seat, _("You melded %(tiles)s"), _("%(name)s melded %(tiles)s"), tiles=tiles
        )
        if action.get("swaps"):
            text += self._say(
                seat,
                pgettext("you did it", " and took a Wild from the table"),
                pgettext("another player did it", " and took a Wild from the table"),
            )
        if before["phase"] == "croc":
            return text + self._say(
                seat,
                pgettext("you did it", " to answer the Croc Snap: %(victim)s"),
                pgettext("another player did it", " to answer the Croc Snap: %(victim)s"),
                victim=self._faces(after["turn"], after["croc"]),
            )
        if len(new) >= 3 and after["phase"] in PLAYING:
            free = action.get("free") if isinstance(action.get("free"), dict) else {}
            target = free.get("target", _next(before, seat))
            if isinstance(target, int) and 0 <= target < len(self.names):
                kind = free.get("kind", "draw")
                if kind == "skip":
                    what = self._misses(target)
                else:
                    what = self._say(target, _("you draw 2"), _("%(name)s draws 2"))
                text += _(" — free action: %(what)s") % {"what": what}
        return text

    def _call(self, action: dict[str, Any], seat: int, before: View, after: View, prev: Any) -> str:
        """The Rumbaroo! call, and a penalty draw the numbers show (never guessed otherwise)."""
        called = bool(action.get("call"))
        if before["phase"] == "drawn" and isinstance(prev, dict):
            called = called or bool(prev.get("call"))
        if after["phase"] not in PLAYING and after.get("end_reason") == "out":
            return ""
        extra = _penalty(action, seat, before, after)
        if extra > 0:
            if called:
                return self._say(
                    seat,
                    pgettext("you did it", " and called Rumbaroo! too early, drawing %(count)s"),
                    pgettext(
                        "another player did it",
                        " and called Rumbaroo! too early, drawing %(count)s",
                    ),
                    count=extra,
                )
            return self._say(
                seat,
                pgettext("you did it", " but didn't call Rumbaroo! and drew %(count)s"),
                pgettext("another player did it", " but didn't call Rumbaroo! and drew %(count)s"),
                count=extra,
            )
        if called and after["holding"][seat] == 1:
            return self._say(
                seat,
                pgettext("you did it", " and called Rumbaroo!"),
                pgettext("another player did it", " and called Rumbaroo!"),
            )
        return ""

    def _ending(self, after: View, before: View) -> str:
        if after["phase"] in PLAYING or before["phase"] not in PLAYING:
            return ""
        winner = after.get("round_winner")
        if winner is None:
            return ""
        return " " + ending(after.get("end_reason"), self.names[winner]) + "."

    def _misses(self, seat: int) -> str:
        return self._say(seat, _("you miss a turn"), _("%(name)s misses a turn"))

    def _faces(self, seat: int, count: int) -> str:
        """Who faces a Croc Snap's tiles now: "you now face 4" / "Joey 1 now faces 4"."""
        return self._say(
            seat, _("you now face %(count)s"), _("%(name)s now faces %(count)s"), count=count
        )

    def _say(self, seat: int, yours: str, theirs: str, **values: Any) -> str:
        """A clause about a seat, in the words for the viewer (``yours``) or another player
        (``theirs``, with its ``%(name)s``); both come translated."""
        name = self.names[seat]
        return (yours if is_you(name) else theirs) % {"name": name, **values}

    def _several(self, seats: list[int], with_you: str, others: str) -> str:
        """A clause about some seats: "Joey 1 and you miss a turn", "you drew" (``with_you``
        when the viewer is one of them, else ``others``; both come translated, for that many)."""
        names = and_list([self._subject(s) for s in seats])
        mine = any(self._is_you(s) for s in seats)
        return (with_you if mine else others) % {"names": names}

    def _is_you(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.names) and is_you(self.names[seat])

    def _subject(self, seat: int) -> str:
        """A seat named in a list of players that do something ("Joey 1 and you")."""
        if self._is_you(seat):
            return pgettext("you, named in a list of players", "you")
        return self.names[seat]

    def _obj(self, seat: int | None) -> str:
        """A seat after "to" or "with" ("flies back to you")."""
        if seat is None or not 0 <= seat < len(self.names):
            return _("its owner")
        if is_you(self.names[seat]):
            return pgettext("you, after to or with", "you")
        return self.names[seat]


def _next(view: View, seat: int, steps: int = 1) -> int:
    return (seat + steps * view["direction"]) % view["players"]


def _pile_tile(view: View, tile: Any) -> dict[str, Any] | None:
    return next((t for t in view["pile"] if t["id"] == tile), None)


def _table_tile(view: View, tile: Any) -> dict[str, Any] | None:
    return next((t for m in view["table"] for t in m["tiles"] if t["id"] == tile), None)


def _penalty(action: dict[str, Any], seat: int, before: View, after: View) -> int:
    """Tiles the seat gained beyond what its move itself explains (a call penalty)."""
    change = after["holding"][seat] - before["holding"][seat]
    kind = action.get("type")
    if kind == "draw":
        expected = 1 if before["pool_count"] > 0 else 0
    elif kind == "pass":
        expected = 0
    elif kind == "take":
        expected = min(before["croc"], before["pool_count"])
    elif kind == "meld":
        table = sum(len(m["tiles"]) for m in after["table"])
        expected = sum(len(m["tiles"]) for m in before["table"]) - table
    elif kind in ("discard", "snap"):
        expected = _discard_change(action, seat, before, after)
    else:
        return 0
    # A penalty draw takes from the pool, so the pool must show it too.
    return max(0, min(change - expected, before["pool_count"]))


def _discard_change(action: dict[str, Any], seat: int, before: View, after: View) -> int:
    tile = _pile_tile(after, action.get("tile"))
    if tile is None:
        return 0
    played = 2 if action.get("pair") is not None else 1
    effect = tile["action"] if before["phase"] != "croc" else None
    change = -played
    if effect == "BOOMERANG" and before["players"] > 2:
        flew = len(after["pile"]) == len(before["pile"])
        change += 1 if flew and before["top_by"] == seat else 0
    elif effect == "DINGO" and action.get("steal") is not None:
        change += 1
    elif effect == "MOB":
        from_pouch = after["pouch_counts"][seat] < before["pouch_counts"][seat]
        hand_left = before["hand_counts"][seat] - (0 if from_pouch else 1)
        previous = (seat - before["direction"]) % before["players"]
        change += (-1 if hand_left > 0 else 0) + (1 if before["hand_counts"][previous] else 0)
    return change
