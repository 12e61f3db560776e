"""What a Romanian opening puzzle's answer teaches, read from the combinations it lays.

Every such puzzle is an opening ("opening"); the others name what the
answer needs beyond plain runs and sets: a joly laid ("jolys"), a 1 worth
more than five (high in 12-13-1, or in a set of ones: "ones"), a run of
five or more tiles ("long-runs").
"""

from __future__ import annotations

from games.engine.romanian.tiles import HIGH_ONE, face_of, reading_of

Melds = list[list[int]]

THEMES = ("opening", "jolys", "ones", "long-runs")
LONG_RUN = 5


def themes_of(solution: Melds) -> list[str]:
    """The themes of one opening (each combination a list of tile ids), sorted."""
    found = {"opening"}
    for meld in solution:
        reading = reading_of(meld)
        assert reading is not None, "a stored combination is valid"
        faces = [face_of(t) for t in meld]
        if any(f.wild for f in faces):
            found.add("jolys")
        if reading.kind == "run" and len(meld) >= LONG_RUN:
            found.add("long-runs")
        if _values_a_one(reading, faces):
            found.add("ones")
    return sorted(found)


def _values_a_one(reading, faces) -> bool:
    """A real 1 read high (12-13-1) or in a set of ones: worth 10 or 25, not 5."""
    if reading.kind == "group":
        return reading.numbers[0] == 1
    shown = [faces[i] for i in reading.order]
    return any(
        not f.wild and f.number == 1 and n == HIGH_ONE
        for f, n in zip(shown, reading.numbers, strict=True)
    )
