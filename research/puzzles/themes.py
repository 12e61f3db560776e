"""What a Tile Rummy puzzle's answer teaches, read from the table before and after.

Sets are compared by their faces, not tile ids, so swapping one red 7 for the
other is not mistaken for a rearrangement. An original set "stays" when one
new set holds all its faces (it may have grown); every other one was taken
apart. The first bank tagged every such set, so "rearranging" was on 2,018 of
2,020 puzzles and themes could not tell puzzles apart. Now a puzzle has **one
main theme**, what happens to its *key set* (the set the hint points at,
``key_set``), and at most three broad ones beside it:

main (one of):
* ``swapping-a-joker``: a rack tile takes a table joker's place in its set (the
  face it stood for in a run, its number in a missing colour in a group) and
  the joker goes elsewhere;
* ``joker-from-a-run`` / ``joker-from-a-group``: a table joker leaves its run
  (its group) for another set;
* ``splitting-a-run``: a table run is cut into two runs or more;
* ``runs-to-groups``: a tile of a table run goes into a group;
* ``groups-to-runs``: a tile of a table group goes into a run;
* ``joining-sets``: the key set's tiles go whole into a new, larger set
  with tiles of another table set;
* ``new-sets-only``: no table set is taken apart.

beside it:
* ``deep-rearranging``: ``DEEP`` table sets or more are taken apart;
* ``jokers``: a joker from the rack is laid;
* ``go-out``: the whole rack goes down.

Which set is the key: one holding a joker if any is taken apart (a swap first,
then a run, then a group), else the one whose tiles go into the most new sets.
"""

from __future__ import annotations

from collections import Counter

from games.engine.melds import read
from games.engine.tile_rummy import RULES, face_of

Table = list[list[int]]

THEMES = (
    "swapping-a-joker",
    "joker-from-a-run",
    "joker-from-a-group",
    "splitting-a-run",
    "runs-to-groups",
    "groups-to-runs",
    "joining-sets",
    "new-sets-only",
    "deep-rearranging",
    "jokers",
    "go-out",
)
DEEP = 4


def kind_of(tiles: list[int]) -> str | None:
    reading = read([face_of(t) for t in tiles], RULES)
    return reading.kind if reading else None


def _faces(tiles: list[int]) -> Counter[str]:
    return Counter(str(face_of(t)) for t in tiles)


def taken_apart(table: Table, solution: Table) -> list[list[int]]:
    """The original sets that no new set holds whole (by faces)."""
    new_faces = [_faces(s) for s in solution]
    return [old for old in table if not any(not (_faces(old) - f) for f in new_faces)]


def touched_sets(table: Table, solution: Table) -> int:
    """How many original sets are taken apart: a measure of how deep the answer lies."""
    return len(taken_apart(table, solution))


def _swapped(old: list[int], placed: list[int], home: dict[int, int]) -> bool:
    """Does a rack tile laid show the face a joker of ``old`` stood for (in a run, its colour
    and number; in a group, its number in a missing colour), and join old's other tiles?"""
    reading = read([face_of(t) for t in old], RULES)
    if reading is None:
        return False
    naturals = [t for t in old if not face_of(t).wild]
    if reading.kind == "run":
        shown = [old[i] for i in reading.order]
        colour = face_of(naturals[0]).colour
        wild = zip(shown, reading.numbers, strict=True)
        stood = {f"{colour}{n}" for t, n in wild if face_of(t).wild}
    else:
        have = {face_of(t).colour for t in naturals}
        stood = {f"{c}{reading.numbers[0]}" for c in RULES.colours if c not in have}
    joined = {home[t] for t in naturals if t in home}
    return any(str(face_of(t)) in stood and home.get(t) in joined for t in placed)


def _joker_theme(old: list[int], placed: list[int], home: dict[int, int]) -> str:
    if _swapped(old, placed, home):
        return "swapping-a-joker"
    return "joker-from-a-run" if kind_of(old) == "run" else "joker-from-a-group"


def _set_theme(old: list[int], solution: Table, home: dict[int, int]) -> str:
    """What happens to a taken-apart set without a joker: where its tiles went."""
    targets = {home[t] for t in old if t in home}
    kinds = [kind_of(solution[i]) for i in targets]
    if kind_of(old) == "run":
        if "group" in kinds:
            return "runs-to-groups"
        if kinds.count("run") >= 2:
            return "splitting-a-run"
    elif "run" in kinds:
        return "groups-to-runs"
    return "joining-sets"


def key_set(table: Table, rack: list[int], solution: Table) -> tuple[list[int] | None, str]:
    """The set the answer turns on, and the main theme it gives (see the module's text)."""
    apart = taken_apart(table, solution)
    if not apart:
        return None, "new-sets-only"
    home = {t: i for i, s in enumerate(solution) for t in s}
    placed = [t for t in rack if t in home]
    with_joker = [s for s in apart if any(face_of(t).wild for t in s)]
    if with_joker:
        order = ("swapping-a-joker", "joker-from-a-run", "joker-from-a-group")
        key = min(with_joker, key=lambda s: order.index(_joker_theme(s, placed, home)))
        return key, _joker_theme(key, placed, home)
    key = max(apart, key=lambda s: (len({home[t] for t in s}), -table.index(s)))
    return key, _set_theme(key, solution, home)


def themes_of(table: Table, rack: list[int], solution: Table) -> list[str]:
    """The themes of one optimal arrangement, sorted: the main one and the broad ones."""
    _, main = key_set(table, rack, solution)
    found = {main}
    rack_set = set(rack)
    placed = {t for s in solution for t in s if t in rack_set}
    if placed == rack_set:
        found.add("go-out")
    if any(face_of(t).wild for t in placed):
        found.add("jokers")
    if touched_sets(table, solution) >= DEEP:
        found.add("deep-rearranging")
    return sorted(found)
