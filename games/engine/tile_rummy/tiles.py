"""Tile Rummy's tiles: ids, faces, what a tile costs, rack order and how a tile or set is shown.

Every other module reads a tile through these, so the 106 ids mean one thing everywhere.
"""

from __future__ import annotations

from ..melds import Face, MeldRules, read
from .view_types import SetView, TileView

COLOURS = ("R", "B", "Y", "K")
COLOUR_NAMES = {"R": "red", "B": "blue", "Y": "yellow", "K": "black"}
TILE_COUNT = 106
JOKERS = (104, 105)
JOKER_PENALTY = 30
RULES = MeldRules(colours=COLOURS)


def face_of(tile: int) -> Face:
    """Ids 0-103 are numbered tiles, two per face; 104 and 105 are the jokers."""
    if tile >= 104:
        return Face(None, None)
    return Face(COLOURS[tile // 26], (tile % 26) // 2 + 1)


def tile_value(tile: int) -> int:
    """What a tile left on a rack costs at the end of a round."""
    face = face_of(tile)
    return JOKER_PENALTY if face.wild else face.number or 0


def sort_key(tile: int) -> tuple[int, int, int]:
    """Racks are kept sorted by colour, then number; jokers at the end."""
    face = face_of(tile)
    if face.wild:
        return (len(COLOURS), 0, tile)
    return (COLOURS.index(face.colour or ""), face.number or 0, tile)


def tile_view(tile: int, stands_for: int | None = None) -> TileView:
    face = face_of(tile)
    data: TileView = {
        "id": tile,
        "face": str(face),
        "colour": face.colour,
        "number": face.number,
        "joker": face.wild,
    }
    if face.wild and stands_for is not None:
        data["stands_for"] = stands_for
    return data


def set_view(tiles: list[int]) -> SetView:
    reading = read([face_of(t) for t in tiles], RULES)
    if reading is None:  # a draft may hold half-built sets
        return {"tiles": [tile_view(t) for t in tiles], "kind": None, "value": None}
    return {
        "tiles": [
            tile_view(tiles[i], n) for i, n in zip(reading.order, reading.numbers, strict=True)
        ],
        "kind": reading.kind,
        "value": reading.value,
    }
