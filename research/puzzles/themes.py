"""What a Tile Rummy puzzle's optimum teaches, read from the table before and after.

Sets are compared by their faces, not tile ids, so swapping one red 7 for the
other is not mistaken for a rearrangement. An original set "stays" when one
new set holds all its faces (it may have grown); every other original set was
rearranged, and how its tiles moved names the theme.
"""

from __future__ import annotations

from collections import Counter

from games.engine.melds import read
from games.engine.tile_rummy import RULES, face_of

Table = list[list[int]]

# Themes that make a puzzle worth keeping on their own ("a clear theme").
CLEAR = ("jokers", "rearranging", "groups-to-runs", "runs-to-groups", "splitting-a-run", "go-out")


def kind_of(tiles: list[int]) -> str | None:
    reading = read([face_of(t) for t in tiles], RULES)
    return reading.kind if reading else None


def _faces(tiles: list[int]) -> Counter[str]:
    return Counter(str(face_of(t)) for t in tiles)


def themes_of(table: Table, rack: list[int], solution: Table) -> list[str]:
    """The themes of one optimal arrangement, sorted."""
    found: set[str] = set()
    rack_set = set(rack)
    placed = {t for s in solution for t in s if t in rack_set}
    if placed and placed == rack_set:
        found.add("go-out")
    if any(face_of(t).wild for t in placed):
        found.add("jokers")
    new_faces = [_faces(s) for s in solution]
    home = {t: i for i, s in enumerate(solution) for t in s}
    for old in table:
        want = _faces(old)
        if any(not (want - f) for f in new_faces):
            continue  # kept whole (perhaps grown)
        found.add("rearranging")
        if any(face_of(t).wild for t in old):
            found.add("jokers")
        old_kind = kind_of(old)
        new_kinds = {kind_of(solution[home[t]]) for t in old if t in home}
        targets = {home[t] for t in old if t in home}
        if old_kind == "group" and "run" in new_kinds:
            found.add("groups-to-runs")
        if old_kind == "run" and "group" in new_kinds:
            found.add("runs-to-groups")
        if old_kind == "run" and len(targets) >= 2 and new_kinds == {"run"}:
            found.add("splitting-a-run")
    return sorted(found)


def touched_sets(table: Table, solution: Table) -> int:
    """How many original sets do not survive whole: a measure of how deep the answer lies."""
    new_faces = [_faces(s) for s in solution]
    return sum(1 for old in table if not any(not (_faces(old) - f) for f in new_faces))
