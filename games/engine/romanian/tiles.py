"""The Romanian set and what its tiles are worth: faces from ids, values, meld rules.

Ids 0-103 are the numbered tiles, two per face (colour by blocks of 26, as
in Tile Rummy); 104 and 105 are the jolys. Values differ from Rummikub's
face values: 2-9 are worth 5, 10-13 ten, and the 1 is worth 5 low in a run,
10 high in a run (12-13-1) and 25 in a set of ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..melds import Face, MeldRules, Reading, read
from .view_types import TileView

COLOURS = ("R", "B", "Y", "K")
COLOUR_NAMES = {"R": "red", "B": "blue", "Y": "yellow", "K": "black"}
TILE_COUNT = 106
JOLYS = (104, 105)
JOLY_MELDED = 50  # to whoever first melded it
JOLY_ON_RACK = 25  # cost to whoever is left holding it
HIGH_ONE = 14  # how the shared meld reader numbers a 1 after the 13


def number_value(number: int, kind: str) -> int:
    """One tile's worth inside a combination of ``kind`` (reading numbers, 14 = a high 1)."""
    if number == 1:
        return 25 if kind == "group" else 5
    if number == HIGH_ONE:
        return 10
    return 5 if number <= 9 else 10


def meld_value(kind: str, numbers: Sequence[int]) -> int:
    """The value of a combination with every joly counted as the tile it stands for."""
    return sum(number_value(n, kind) for n in numbers)


RULES = MeldRules(
    colours=COLOURS,
    one_after_high=True,
    max_group=4,
    wild_ratio="double",
    value=meld_value,
)


def face_of(tile: int) -> Face:
    if tile >= 104:
        return Face(None, None)
    return Face(COLOURS[tile // 26], (tile % 26) // 2 + 1)


def is_joly(tile: int) -> bool:
    return tile in JOLYS


def rack_value(tile: int) -> int:
    """What a tile left on a rack costs: a joly 25, a 1 five (RULINGS), else its value."""
    face = face_of(tile)
    if face.wild:
        return JOLY_ON_RACK
    return number_value(face.number or 0, "rack")


def sort_key(tile: int) -> tuple[int, int, int]:
    """Racks are shown by colour, then number; jolys at the end."""
    face = face_of(tile)
    if face.wild:
        return (len(COLOURS), 0, tile)
    return (COLOURS.index(face.colour or ""), face.number or 0, tile)


def sort_tiles(tiles: list[int]) -> list[int]:
    return sorted(tiles, key=sort_key)


def reading_of(tiles: Sequence[int]) -> Reading | None:
    return read([face_of(t) for t in tiles], RULES)


def tile_view(tile: int, stands_for: str | None = None) -> TileView:
    face = face_of(tile)
    data: TileView = {
        "id": tile,
        "face": str(face),
        "colour": face.colour,
        "number": face.number,
        "joly": face.wild,
    }
    if face.wild and stands_for is not None:
        data["stands_for"] = stands_for
    return data


def reading_face(colour: str | None, number: int) -> str:
    """``R`` and 14 → ``R1`` (a high one): the tile a joly stands for, as a face."""
    return f"{colour or ''}{1 if number == HIGH_ONE else number}"
