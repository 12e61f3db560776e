"""What a Romanian opening puzzle's answer teaches, read from the combinations it lays.

Every such puzzle is an opening: ``opening`` is the game's own theme (its page
practises the game; the catalogue names it), on all of them by design, so the
"no theme on more than 40% of a bank" rule leaves it out. Beside it each puzzle
has **one main theme**, the first of these its answer shows, and perhaps
``just-enough`` (the answer reaches the threshold with ``JUST`` points or fewer
to spare: little room for a wrong combination):

* ``joly-in-a-group``: a joly (the wild tile) completes a group;
* ``ones``: a 1 worth more than five (high in 12-13-1, or in a set of ones);
* ``long-runs``: a run of ``LONG_RUN`` tiles or more;
* ``many-combinations``: ``MANY`` combinations or more;
* ``joly-in-a-run``: a joly fills a gap inside a run;
* ``joly-extends-a-run``: a joly lengthens a run at one end;
* ``two-runs``: two runs or more (the greedies each take one long one);
* ``run-and-groups``: one plain run and plain groups.

The first bank tagged every property at once, so "groups" and "jolys" were on
most puzzles and its themes could not tell them apart.
"""

from __future__ import annotations

from games.engine.melds import Face, Reading
from games.engine.romanian.tiles import HIGH_ONE, face_of, reading_of

Melds = list[list[int]]

THEMES = (
    "opening",
    "joly-in-a-group",
    "ones",
    "long-runs",
    "many-combinations",
    "joly-in-a-run",
    "joly-extends-a-run",
    "two-runs",
    "run-and-groups",
    "just-enough",
)
LONG_RUN = 5
MANY = 4
JUST = 5


def main_theme(solution: Melds) -> str:
    """The first theme of the list above that the opening shows."""
    readings = [reading_of(m) for m in solution]
    assert all(r is not None for r in readings), "a stored combination is valid"
    pairs = [(r, [face_of(t) for t in m]) for m, r in zip(solution, readings, strict=True) if r]
    jolly = [(r, any(f.wild for f in faces)) for r, faces in pairs]
    if any(r.kind == "group" and wild for r, wild in jolly):
        return "joly-in-a-group"
    if any(_values_a_one(r, faces) for r, faces in pairs):
        return "ones"
    if any(r.kind == "run" and len(faces) >= LONG_RUN for r, faces in pairs):
        return "long-runs"
    if len(solution) >= MANY:
        return "many-combinations"
    places = [_joly_place(r, faces) for r, faces in pairs if r.kind == "run"]
    if "gap" in places:
        return "joly-in-a-run"
    if "end" in places:
        return "joly-extends-a-run"
    if sum(r.kind == "run" for r, _ in pairs) >= 2:
        return "two-runs"
    return "run-and-groups"


def themes_of(solution: Melds, threshold: int | None = None) -> list[str]:
    """The themes of one opening (each combination a list of tile ids), sorted."""
    found = {"opening", main_theme(solution)}
    total = sum(r.value for r in map(reading_of, solution) if r)
    if threshold is not None and total - threshold <= JUST:
        found.add("just-enough")
    return sorted(found)


def _joly_place(reading: Reading, faces: list[Face]) -> str | None:
    """Where a run's joly stands: "gap" (between two of its tiles), "end", or None."""
    shown = [faces[i] for i in reading.order]
    places = [k for k, f in enumerate(shown) if f.wild]
    if any(0 < k < len(shown) - 1 for k in places):
        return "gap"
    return "end" if places else None


def _values_a_one(reading: Reading, faces: list[Face]) -> bool:
    """A real 1 read high (12-13-1) or in a set of ones: worth 10 or 25, not 5."""
    if reading.kind == "group":
        return reading.numbers[0] == 1
    shown = [faces[i] for i in reading.order]
    return any(
        not f.wild and f.number == 1 and n == HIGH_ONE
        for f, n in zip(shown, reading.numbers, strict=True)
    )
