"""Runs, groups and wilds, shared by every tile game on the site.

One module, parameterised by ``MeldRules``, decides whether a handful of
tiles is a valid set and how its wilds read. Tile order inside a set does not
matter: ``read`` finds the reading most favourable to the player who laid it
(RULINGS.md) and returns the set in display order. ``check_table`` validates
a whole rearranged table in one place: every earlier table tile still there,
every set valid, new tiles only from the player's own rack.

Out of scope: card melds (canastas), which follow other rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TypedDict

from .base import Message, gettext_noop

WILD_FACE = "J"


@dataclass(frozen=True)
class Face:
    """What a tile shows: a colour and a number, or neither for a wild."""

    colour: str | None
    number: int | None

    @property
    def wild(self) -> bool:
        return self.number is None

    @classmethod
    def parse(cls, text: str) -> Face:
        """``"R7"`` → red 7, ``"J"`` → wild; the notation used in tests and logs."""
        if text == WILD_FACE:
            return cls(None, None)
        return cls(text[0], int(text[1:]))

    def __str__(self) -> str:
        return WILD_FACE if self.wild else f"{self.colour}{self.number}"


class TileFaceView(TypedDict):
    """What every tile game's view says of a tile; each game's ``TileView`` adds its own."""

    id: int
    face: str
    colour: str | None
    number: int | None


def sum_of_numbers(kind: str, numbers: Sequence[int]) -> int:
    """Default set value: each tile, wilds included, is worth the number it stands for."""
    return sum(numbers)


@dataclass(frozen=True)
class MeldRules:
    """The knobs that differ between games.

    ``one_after_high``: a 1 may also end a run after the top number (12-13-1);
    in a reading that 1 is numbered ``high + 1``.
    ``wild_ratio``: "any" (at least one real tile), "double" (at least twice as
    many real tiles as wilds) or "more" (more real tiles than wilds).
    """

    colours: tuple[str, ...]
    low: int = 1
    high: int = 13
    one_after_high: bool = False
    min_size: int = 3
    max_group: int = 4
    wild_ratio: str = "any"
    value: Callable[[str, Sequence[int]], int] = sum_of_numbers


@dataclass(frozen=True)
class Reading:
    """How a valid set reads: ``order`` indexes the input in display order,
    ``numbers`` is the number each displayed tile stands for."""

    kind: str
    order: tuple[int, ...]
    numbers: tuple[int, ...]
    value: int


def read(faces: Sequence[Face], rules: MeldRules) -> Reading | None:
    """The best valid reading of ``faces`` as one set, or None if it is not a set."""
    if why_not(faces, rules) is not None:
        return None
    readings = [r for r in (_read_group(faces, rules), *_read_runs(faces, rules)) if r]
    return max(readings, key=lambda r: r.value) if readings else None


def why_not(faces: Sequence[Face], rules: MeldRules) -> Message | None:
    """A short reason in plain words why ``faces`` is not a valid set, or None if it is."""
    reals = [f for f in faces if not f.wild]
    wilds = len(faces) - len(reals)
    if len(faces) < rules.min_size:
        return Message(
            gettext_noop("a set needs at least %(count)s tiles"), {"count": rules.min_size}
        )
    if not reals:
        return Message(gettext_noop("a set needs at least one real tile"))
    if rules.wild_ratio == "double" and len(reals) < 2 * wilds:
        return Message(gettext_noop("it needs at least twice as many real tiles as jokers"))
    if rules.wild_ratio == "more" and len(reals) <= wilds:
        return Message(gettext_noop("it needs more real tiles than jokers"))
    if _read_group(faces, rules) or any(_read_runs(faces, rules)):
        return None
    return _explain(faces, reals, rules)


def _explain(faces: Sequence[Face], reals: list[Face], rules: MeldRules) -> Message:
    numbers = {f.number for f in reals if f.number is not None}  # every real has one
    colours = [f.colour for f in reals]
    if len(numbers) == 1:
        if len(set(colours)) < len(colours):
            return Message(gettext_noop("a group can't hold the same colour twice"))
        most = min(rules.max_group, len(rules.colours))
        return Message(gettext_noop("a group holds at most %(count)s tiles"), {"count": most})
    if len(set(colours)) == 1:
        if len(numbers) < len(reals):
            return Message(gettext_noop("a run can't hold the same number twice"))
        span = max(numbers) - min(numbers) + 1
        if span > len(faces):
            return Message(gettext_noop("the numbers in this run don't follow on from each other"))
        return Message(
            gettext_noop("a run can't go past %(high)s or below %(low)s"),
            {"high": rules.high, "low": rules.low},
        )
    return Message(
        gettext_noop("tiles must be all one number (a group) or one colour in sequence (a run)")
    )


def _read_group(faces: Sequence[Face], rules: MeldRules) -> Reading | None:
    reals = [f for f in faces if not f.wild]
    if not reals or len({f.number for f in reals}) != 1:
        return None
    if len({f.colour for f in reals}) != len(reals):
        return None
    if len(faces) > min(rules.max_group, len(rules.colours)):
        return None
    number = reals[0].number
    assert number is not None
    order = _display_order(faces, lambda f: rules.colours.index(f.colour or ""))
    numbers = tuple(number for _ in faces)
    return Reading("group", order, numbers, rules.value("group", numbers))


def _read_runs(faces: Sequence[Face], rules: MeldRules) -> list[Reading]:
    reals = [f for f in faces if not f.wild]
    if not reals or len({f.colour for f in reals}) != 1:
        return []
    mappings = [False, True] if rules.one_after_high else [False]
    return [r for r in (_read_run(faces, rules, high_one) for high_one in mappings) if r]


def _read_run(faces: Sequence[Face], rules: MeldRules, high_one: bool) -> Reading | None:
    def pos(f: Face) -> int:
        n = f.number or 0
        return rules.high + 1 if high_one and n == rules.low else n

    real_idx = [i for i, f in enumerate(faces) if not f.wild]
    positions = sorted(pos(faces[i]) for i in real_idx)
    if len(set(positions)) != len(positions):
        return None
    top = rules.high + 1 if high_one else rules.high
    bottom = rules.low + 1 if high_one else rules.low
    n = len(faces)
    start = min(positions[0], top - n + 1)  # as high as possible: most favourable
    if start < bottom or start + n - 1 < positions[-1]:
        return None
    by_pos = {pos(faces[i]): i for i in real_idx}
    wild_idx = iter(i for i, f in enumerate(faces) if f.wild)
    order = tuple(by_pos[p] if p in by_pos else next(wild_idx) for p in range(start, start + n))
    numbers = tuple(range(start, start + n))
    return Reading("run", order, numbers, rules.value("run", numbers))


def _display_order(faces: Sequence[Face], key: Callable[[Face], int]) -> tuple[int, ...]:
    reals = sorted((i for i, f in enumerate(faces) if not f.wild), key=lambda i: key(faces[i]))
    return tuple(reals + [i for i, f in enumerate(faces) if f.wild])


@dataclass(frozen=True)
class TableProblem:
    """One thing wrong with a submitted table; ``index`` is the set it concerns, if any."""

    index: int | None
    message: Message


def check_table(
    before: Iterable[int],
    after: Sequence[Sequence[int]],
    rack: Collection[int],
    face_of: Callable[[int], Face],
    rules: MeldRules,
) -> tuple[list[int], list[TableProblem]]:
    """Validate a rearranged table: returns (tiles placed from the rack, problems).

    The rack may only give; nothing that was on the table may leave it.
    """
    before_set = set(before)
    rack_set = set(rack)
    problems: list[TableProblem] = []
    seen = Counter(t for s in after for t in s)
    for tile, count in seen.items():
        if count > 1 or (tile not in before_set and tile not in rack_set):
            text = gettext_noop("tile %(tile)s can't be placed there")
            problems.append(TableProblem(None, Message(text, {"tile": str(face_of(tile))})))
    missing = before_set - seen.keys()
    if missing:
        names = " ".join(sorted(str(face_of(t)) for t in missing))
        text = gettext_noop("tiles already on the table must stay there: %(tiles)s")
        problems.append(TableProblem(None, Message(text, {"tiles": names})))
    for index, tiles in enumerate(after):
        reason = why_not([face_of(t) for t in tiles], rules)
        if reason:
            text = gettext_noop("Set %(number)s: %(reason)s")
            problems.append(
                TableProblem(index, Message(text, {"number": index + 1, "reason": reason}))
            )
    placed = sorted(t for t in seen if t in rack_set and t not in before_set)
    return placed, problems
