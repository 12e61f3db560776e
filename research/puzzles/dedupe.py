"""No repeats in a bank: puzzles compared by what the tiles show, never by tile ids.

A face is a colour and a number ("B7"), a joker (or joly) is "J": the two
copies of a face are one and the same to a player. Two puzzles repeat each
other, and the later one is refused, when any of these holds:

* they come from the same source game and that game already gave
  ``PER_GAME`` puzzles;
* their tables are equal by faces (a Romanian opening's table is empty, so
  there the rack is compared instead: equal racks by faces);
* their answers add the same multiset of new sets (the answer's sets, by
  faces, less the table's own sets that it leaves as they were);
* their racks differ only by tiles their answers leave unused: what the
  answers lay from the rack is the same multiset of faces;
* from the same game, they share ``NEAR`` or more of their tiles by faces
  (consecutive turns of one game give near-twins).

``Deduper.admit`` is the one door: it answers the rule a puzzle breaks (or
None) and remembers the puzzles let in. ``check.py`` and
``romanian_check.py`` run the same rules again over a shipped file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

Table = list[list[int]]
FaceOf = Callable[[int], object]
PER_GAME = 3
NEAR = 0.9


def faces(tiles: Iterable[int], face_of: FaceOf) -> tuple[str, ...]:
    return tuple(sorted(str(face_of(t)) for t in tiles))


def table_key(table: Sequence[Sequence[int]], face_of: FaceOf) -> tuple[tuple[str, ...], ...]:
    return tuple(sorted(faces(s, face_of) for s in table))


def new_sets_key(table: Table, solution: Table, face_of: FaceOf) -> tuple[tuple[str, ...], ...]:
    """The answer's sets by faces, less those the table already had (as a multiset)."""
    added = Counter(faces(s, face_of) for s in solution) - Counter(faces(s, face_of) for s in table)
    return tuple(sorted(added.elements()))


def laid_key(rack: list[int], solution: Table, face_of: FaceOf) -> tuple[str, ...]:
    """The rack tiles the answer lays, by faces: racks equal up to unused tiles share it."""
    mine = set(rack)
    return faces((t for s in solution for t in s if t in mine), face_of)


def game_of(puzzle: dict[str, Any]) -> str:
    return str(puzzle["source"]).split(":")[0]


def shared(a: Counter[str], b: Counter[str]) -> float:
    """The share of tiles two positions have in common (of the larger one), by faces."""
    return sum((a & b).values()) / max(sum(a.values()), sum(b.values()), 1)


def position(puzzle: dict[str, Any], face_of: FaceOf) -> Counter[str]:
    tiles = [t for s in puzzle["table"] for t in s] + list(puzzle["rack"])
    return Counter(str(face_of(t)) for t in tiles)


class Deduper:
    """The puzzles admitted so far and the keys they hold."""

    def __init__(self, face_of: FaceOf) -> None:
        self.face_of = face_of
        self.tables: set[object] = set()
        self.new_sets: set[object] = set()
        self.laid: set[object] = set()
        self.per_game: dict[str, list[Counter[str]]] = {}

    def keys(self, puzzle: dict[str, Any]) -> tuple[object, object, object]:
        f = self.face_of
        table = (
            table_key(puzzle["table"], f) if puzzle["table"] else ("rack", faces(puzzle["rack"], f))
        )
        new = new_sets_key(puzzle["table"], puzzle["solution"], f)
        return table, new, laid_key(puzzle["rack"], puzzle["solution"], f)

    def why_not(self, puzzle: dict[str, Any]) -> str | None:
        """The rule this puzzle would break beside those admitted, or None."""
        table, new, laid = self.keys(puzzle)
        siblings = self.per_game.get(game_of(puzzle), [])
        if len(siblings) >= PER_GAME:
            return "per_game"
        if table in self.tables:
            return "same_table"
        if new in self.new_sets:
            return "same_new_sets"
        if laid in self.laid:
            return "same_laid"
        mine = position(puzzle, self.face_of)
        if any(shared(mine, other) >= NEAR for other in siblings):
            return "near_sibling"
        return None

    def admit(self, puzzle: dict[str, Any]) -> str | None:
        """Let the puzzle in unless it repeats one already in; the rule it breaks, if any."""
        why = self.why_not(puzzle)
        if why is None:
            table, new, laid = self.keys(puzzle)
            self.tables.add(table)
            self.new_sets.add(new)
            self.laid.add(laid)
            self.per_game.setdefault(game_of(puzzle), []).append(position(puzzle, self.face_of))
        return why


def repeats(puzzles: list[dict[str, Any]], face_of: FaceOf) -> list[str]:
    """Every repeat in a finished bank, as "puzzle <id>: <rule>" (empty: none)."""
    deduper = Deduper(face_of)
    found = []
    for p in puzzles:
        why = deduper.admit(p)
        if why:
            found.append(f"puzzle {p['id']}: {why}")
    return found
