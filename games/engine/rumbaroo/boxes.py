"""Rumbaroo's boxes: which face every tile id shows, per difficulty and table size.

Ids are contiguous from 0 in a fixed order: the number tiles (colour by
colour, 1-13, two copies of each face, four at a Party table), then the
Wilds, then the action tiles in the order of ``ACTIONS``. A face is written
as in DESIGN.md: ``R7``, ``J`` (Wild), ``R-HOP``, ``BILLABONG``.

Counts (rules/rumbaroo.md "Tiles" and "Party tables"):

==========  =======  =====  =======  =====
difficulty  numbers  Wilds  actions  total
==========  =======  =====  =======  =====
joey        104      4      12       120
wallaby     104      4      24       132
big_red     104      4      36       144
Party joey  208      8      18       234
Party wall. 208      8      36       252
Party b.r.  208      8      54       270
==========  =======  =====  =======  =====

A 4-colour action has one tile per colour (Party: six, the two extra copies
rotating through the colours so no colour is favoured across the box); Dust
Storms are red + yellow and Didgeridoos blue + green (Party adds a third red
Dust Storm and a third blue Didgeridoo); Billabongs are colourless (4, Party 6).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..melds import Face, MeldRules

COLOURS = ("R", "B", "G", "Y")
COLOUR_NAMES = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
DIFFICULTIES = ("joey", "wallaby", "big_red")

HOP = "HOP"
BOOMERANG = "BOOMERANG"
POUCH = "POUCH"
DINGO = "DINGO"
BILLABONG = "BILLABONG"
MOB = "MOB"
SWAP = "SWAP"  # Outback Swap
DUST = "DUST"  # Dust Storm
CROC = "CROC"  # Croc Snap
DIDGERIDOO = "DIDGERIDOO"

ACTION_NAMES = {
    HOP: "Hop",
    BOOMERANG: "Boomerang",
    POUCH: "Pouch",
    DINGO: "Dingo",
    BILLABONG: "Billabong",
    MOB: "Mob",
    SWAP: "Outback Swap",
    DUST: "Dust Storm",
    CROC: "Croc Snap",
    DIDGERIDOO: "Didgeridoo",
}

# Which actions each difficulty adds (each level keeps the ones before it).
LEVEL_ACTIONS = {
    "joey": (HOP, BOOMERANG, POUCH),
    "wallaby": (DINGO, BILLABONG, MOB),
    "big_red": (SWAP, DUST, CROC, DIDGERIDOO),
}
# Colours of the rarer actions; None = colourless.
RARE_COLOURS: dict[str, tuple[str | None, ...]] = {
    DUST: ("R", "Y"),
    DIDGERIDOO: ("B", "G"),
    BILLABONG: (None, None, None, None),
}
PARTY_RARE_EXTRA: dict[str, tuple[str | None, ...]] = {
    DUST: ("R",),
    DIDGERIDOO: ("B",),
    BILLABONG: (None, None),
}

RULES = MeldRules(colours=COLOURS, max_group=4)


@dataclass(frozen=True)
class TileFace:
    """What a tile shows: a number tile, a Wild, or an action (coloured or not)."""

    text: str
    colour: str | None
    number: int | None
    action: str | None

    @property
    def wild(self) -> bool:
        return self.text == "J"

    @property
    def is_number(self) -> bool:
        return self.number is not None

    def meld_face(self) -> Face:
        """The face the shared meld module reads (action tiles never reach it)."""
        return _meld_face(self.colour, self.number)

    @classmethod
    def parse(cls, text: str) -> TileFace:
        if text == "J":
            return cls(text, None, None, None)
        if text == BILLABONG:
            return cls(text, None, None, BILLABONG)
        if "-" in text:
            colour, action = text.split("-", 1)
            if colour not in COLOURS or action not in ACTION_NAMES:
                raise ValueError(f"unknown tile {text!r}")
            return cls(text, colour, None, action)
        if text[:1] not in COLOURS or not text[1:].isdigit() or not 1 <= int(text[1:]) <= 13:
            raise ValueError(f"unknown tile {text!r}")
        return cls(text, text[0], int(text[1:]), None)

    def __str__(self) -> str:
        return self.text


@cache
def _meld_face(colour: str | None, number: int | None) -> Face:
    return Face(colour, number) if number is not None else Face(None, None)


def actions_in(difficulty: str) -> tuple[str, ...]:
    """Every action in play at a difficulty, in box order."""
    out: list[str] = []
    for level in DIFFICULTIES:
        out.extend(LEVEL_ACTIONS[level])
        if level == difficulty:
            return tuple(out)
    raise ValueError(f"unknown difficulty {difficulty!r}")


@cache
def box(difficulty: str, party: bool) -> tuple[TileFace, ...]:
    """The faces of every tile id in one box, index = tile id."""
    copies = 4 if party else 2
    texts: list[str] = [f"{c}{n}" for c in COLOURS for n in range(1, 14) for _ in range(copies)]
    texts += ["J"] * (8 if party else 4)
    rotation = 0
    for action in actions_in(difficulty):
        colours: tuple[str | None, ...]
        if action in RARE_COLOURS:
            colours = RARE_COLOURS[action] + (PARTY_RARE_EXTRA[action] if party else ())
        else:
            colours = COLOURS
            if party:  # six of each: the two extra copies rotate through the colours
                colours = COLOURS + (COLOURS[rotation % 4], COLOURS[(rotation + 1) % 4])
                rotation += 2
        texts += [action if c is None else f"{c}-{action}" for c in colours]
    return tuple(TileFace.parse(t) for t in texts)


def tile_value(face: TileFace, big_red: bool) -> int:
    """What a tile left in a hand or pouch scores for the round's winner."""
    if face.wild:
        return 30
    if face.action is not None:
        return 30 if big_red else 20
    return face.number or 0


def sort_key(face: TileFace, tile: int) -> tuple[int, int, int]:
    """Hands are kept sorted: numbers by colour then number, then Wilds, then actions."""
    if face.number is not None:
        return (COLOURS.index(face.colour or ""), face.number, tile)
    if face.wild:
        return (4, 0, tile)
    return (5, list(ACTION_NAMES).index(face.action or ""), tile)
