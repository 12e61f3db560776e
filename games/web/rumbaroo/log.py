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

from games.engine.rumbaroo.boxes import ACTION_NAMES, COLOUR_NAMES

View = dict[str, Any]
PLAYING = ("play", "drawn", "croc")
ENDINGS = {
    "out": "went out and won the round",
    "blocked": "had the lowest hand when the round was blocked",
    "lap_cap": "had the lowest hand when three laps passed without a tile played",
    "move_cap": "had the lowest hand when the round hit the move limit",
}


def tile_label(tile: dict[str, Any]) -> str:
    """How a tile is read aloud: "green 7", "Wild", "red Hop", "Billabong"."""
    if tile["wild"]:
        return "Wild"
    colour = COLOUR_NAMES.get(tile["colour"] or "", "")
    if tile["action"] is not None:
        name = ACTION_NAMES[tile["action"]]
        return f"{colour} {name}" if colour else name
    return f"{colour} {tile['number']}"


class Teller:
    """Describes moves for one viewer: names[seat] is "You" for that viewer's seat."""

    def __init__(self, names: list[str]) -> None:
        self.names = names

    def line(
        self, action: dict[str, Any], seat: int, before: View | None, after: View, prev: Any = None
    ) -> str:
        """One move; ``prev`` is the action just before (a draw whose call still counts)."""
        who = self.names[seat]
        kind = action.get("type")
        if kind == "next_round":
            return f"Round {after['round_no']} was dealt."
        if before is None:
            return f"{who} moved."
        if kind == "timeout":
            text = f"{who} ran out of time and " + self._timed_out(before, after)
        elif kind == "draw":
            drew = after["pool_count"] > 0 or before["pool_count"] > 0
            text = f"{who} drew a tile" if drew else f"{who} passed (the pool is empty)"
        elif kind == "pass":
            text = f"{who} kept the drawn tile"
        elif kind == "take":
            count = min(before["croc"], before["pool_count"])
            text = f"{who} took {count} tiles from the Croc Snap"
        elif kind == "meld":
            text = self._meld(action, seat, before, after)
        elif kind in ("discard", "snap"):
            text = self._discard(action, seat, before, after)
        else:
            text = f"{who} moved"
        text += self._call(action, seat, before, after, prev)
        return (text if text.endswith("!") else text + ".") + self._ending(after, before)

    def _timed_out(self, before: View, after: View) -> str:
        """What the engine's timeout did for the seat: the same move a person could make."""
        phase = before["phase"]
        if phase == "croc":
            return f"took {min(before['croc'], before['pool_count'])} tiles from the Croc Snap"
        if phase == "drawn":
            return "kept the drawn tile"
        if phase == "round_over":
            return f"round {after['round_no']} was dealt"
        return "drew a tile" if before["pool_count"] > 0 else "passed (the pool is empty)"

    # --- discards ------------------------------------------------------------------

    def _discard(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        who = self.names[seat]
        tile = _pile_tile(after, action.get("tile"))
        if tile is None:
            return f"{who} played a tile"
        text = f"{who} played {tile_label(tile)}"
        if before["phase"] == "croc":
            if tile["action"] == "BOOMERANG":
                return text + f" and sent the {before['croc']} waiting tiles back the other way"
            victim = self._says(after["turn"], "now face", "now faces")
            return text + f" and snapped back: {victim} {after['croc']}"
        if after["phase"] not in PLAYING:
            return text
        if tile["wild"] or tile["action"] == "BILLABONG":
            return text + f" and chose {COLOUR_NAMES[after['colour']]}"
        effect = getattr(self, f"_{(tile['action'] or 'number').lower()}", None)
        return text + (effect(action, seat, before, after) if effect else "")

    def _hop(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        steps = (1, 2) if action.get("pair") is not None else (1,)
        victims = [_next(before, seat, k) for k in steps]
        if len(victims) == 2:
            extra = _pile_tile(after, action.get("pair"))
            pair = f" and {tile_label(extra)}" if extra else ""
            return f"{pair} (a Hop Pair) — {self._obj_and(victims)} miss a turn"
        return f" — {self._misses(victims[0])}"

    def _boomerang(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        if before["players"] == 2:
            return f" — {self._misses(_next(before, seat))}"
        text = " — play turns the other way"
        if len(after["pile"]) == len(before["pile"]):  # the tile under it left the pile
            owner = before["top_by"]
            back = tile_label(before["top"])
            text += f", and the {back} flies back to {self._obj(owner)}"
        return text

    def _pouch(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        return " and tucked a tile into the pouch" if action.get("stash") is not None else ""

    def _dingo(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        stolen = _table_tile(before, action.get("steal"))
        return f" and stole the {tile_label(stolen)} from the table" if stolen else ""

    def _mob(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        return " — everyone passed a tile to the next player"

    def _swap(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        target = action.get("target")
        if not isinstance(target, int) or not 0 <= target < len(self.names):
            return ""
        return f" — swapped a random tile with {self._obj(target)}"

    def _dust(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        return " — everyone buried a random tile and drew a new one"

    def _croc(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        if action.get("stampede"):
            return " as a Stampede — every opponent draws 2"
        victim = after["turn"]
        return f" — {self._says(victim, 'must', 'has to')} snap back or take {after['croc']}"

    def _didgeridoo(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        played, drew = [], []
        for s in range(before["players"]):
            if s == seat:
                continue
            change = after["holding"][s] - before["holding"][s]
            (played if change < 0 else drew).append(s)
        text = f" and called {action.get('number')}"
        parts = []
        if played:
            parts.append(f"{self._obj_and(played)} played one")
        if drew:
            parts.append(f"{self._obj_and(drew)} drew")
        return text + (" — " + "; ".join(parts) if parts else "")

    # --- melds, calls, endings ---------------------------------------------------

    def _meld(self, action: dict[str, Any], seat: int, before: View, after: View) -> str:
        old = {t["id"] for m in before["table"] for t in m["tiles"]}
        new = [t for m in after["table"] for t in m["tiles"] if t["id"] not in old]
        text = f"{self.names[seat]} melded " + ", ".join(tile_label(t) for t in new)
        if action.get("swaps"):
            text += " and took a Wild from the table"
        if before["phase"] == "croc":
            victim = self._says(after["turn"], "now face", "now faces")
            return text + f" to answer the Croc Snap: {victim} {after['croc']}"
        if len(new) >= 3 and after["phase"] in PLAYING:
            free = action.get("free") if isinstance(action.get("free"), dict) else {}
            target = free.get("target", _next(before, seat))
            if isinstance(target, int) and 0 <= target < len(self.names):
                kind = free.get("kind", "draw")
                what = self._misses(target) if kind == "skip" else self._says(target, "draw 2")
                text += f" — free action: {what}"
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
                return f" and called Rumbaroo! too early, drawing {extra}"
            return f" but didn't call Rumbaroo! and drew {extra}"
        if called and after["holding"][seat] == 1:
            return " and called Rumbaroo!"
        return ""

    def _ending(self, after: View, before: View) -> str:
        if after["phase"] in PLAYING or before["phase"] not in PLAYING:
            return ""
        winner = after.get("round_winner")
        if winner is None:
            return ""
        how = ENDINGS.get(after.get("end_reason") or "", "won the round")
        return f" {self.names[winner]} {how}."

    def _misses(self, seat: int) -> str:
        return self._says(seat, "miss a turn", "misses a turn")

    def _says(self, seat: int, you: str, other: str = "") -> str:
        """A clause about a seat in mid-sentence: "you draw 2" / "Joey 1 draws 2"."""
        if self.names[seat] == "You":
            return f"you {you}"
        verb, _, rest = you.partition(" ")
        return f"{self.names[seat]} {other or (verb + 's ' + rest).strip()}"

    def _obj(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "its owner"
        return "you" if self.names[seat] == "You" else self.names[seat]

    def _obj_and(self, seats: list[int]) -> str:
        names = [self._obj(s) for s in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


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
