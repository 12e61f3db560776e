"""Which discard keeps the most options: a count of live tiles, from the seat's own view.

The measure, kept simple so a player can check it: after discarding a tile,
a *live tile* is a tile the seat has not seen (not on its rack, the table,
the row of discards or the first discard; each face has two copies, the
jolys two) that would make a combination of three with two tiles left on
the rack. Counting copies, not faces, weighs a face whose twin is already
out as half. ``live_counts`` gives that count for discarding each face of
the rack; the discard that keeps the most options is the one with the
highest count. It knows nothing of what the other players hold or want:
it says which discard leaves the rack the most ways to grow, not which is safe.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from games.engine.romanian.tiles import COLOURS, face_of

from .search import JOLY, face_reading

COPIES = 2
HIGH_ONE = 14


def live_counts(rack: Sequence[int], seen: Iterable[int]) -> dict[str, int]:
    """For each face on ``rack``: the live tiles left after discarding one tile of it."""
    faces = Counter(str(face_of(t)) for t in rack)
    seen_faces = Counter(str(face_of(t)) for t in seen)
    pairs = [(a, b, _makers(a, b)) for a, b in combinations(sorted(faces), 2)]
    counts = {}
    for discard in sorted(faces):
        left = faces - Counter([discard])
        live: set[str] = set()
        for a, b, makers in pairs:
            if left[a] and left[b]:
                live |= makers
        counts[discard] = sum(max(COPIES - seen_faces[f], 0) for f in live)
    return counts


def best_discards(counts: dict[str, int]) -> list[str]:
    """The faces whose discard keeps the most live tiles (all of them, when tied)."""
    most = max(counts.values(), default=0)
    return sorted(f for f, n in counts.items() if n == most)


def _makers(a: str, b: str) -> frozenset[str]:
    """The faces that make a combination of three with ``a`` and ``b``."""
    return frozenset(f for f in _near(a, b) if face_reading([f, a, b]) is not None)


def _near(a: str, b: str) -> set[str]:
    """Faces that could possibly join ``a`` and ``b``: a joly, the same number in another
    colour, or the same colour up to two places away (a 1 also after the 13)."""
    out = {JOLY}
    for face in (a, b):
        if face == JOLY:
            continue
        colour, number = face[0], int(face[1:])
        out |= {f"{c}{number}" for c in COLOURS}
        for step in (-2, -1, 1, 2):
            for n in {number + step, (HIGH_ONE if number == 1 else number) + step}:
                if 1 <= n <= HIGH_ONE:
                    out.add(f"{colour}{1 if n == HIGH_ONE else n}")
    return out
