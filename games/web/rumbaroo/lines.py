"""A line of Rumbaroo moves in words ("meld 4 tiles, then play the red Hop"), for the
Hint and the post-game review, which both show ``games.bots.rumbaroo.best`` lines.

Tiles are named from their ids through the game's box (the ids come from the
seat's own view, so naming them tells nothing hidden).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine.rumbaroo.boxes import ACTION_NAMES, TileFace, box
from games.web.rumbaroo.presenters import tile_context

Faces = tuple[TileFace, ...]


@cache
def faces_of(difficulty: str, party: bool) -> Faces:
    """Every tile's face in the game's box, by id."""
    return box(difficulty, party)


def tile_dict(tile: int, faces: Faces) -> dict[str, Any]:
    """A tile as the table's presenters take it (what ``view`` says of it)."""
    face = faces[tile]
    return {
        "id": tile,
        "face": face.text,
        "colour": face.colour,
        "number": face.number,
        "action": face.action,
        "action_name": ACTION_NAMES.get(face.action or ""),
        "wild": face.wild,
    }


def tile_name(tile: int, faces: Faces) -> str:
    """The name the table reads aloud: "red 7", "blue Hop", "Wild"."""
    return str(tile_context(tile_dict(tile, faces))["label"])


def tiles_phrase(n: int) -> str:
    return ngettext("%(count)s tile", "%(count)s tiles", n) % {"count": n}


def step_phrase(move: dict[str, Any], faces: Faces, two: bool) -> str:
    """One move of a line: "meld 3 tiles", "play the red Hop (your opponent misses a turn)"."""
    kind = move["type"]
    if kind == "meld":
        n = len(move["placed"])
        if move.get("free") == "skip":
            return ngettext(
                "meld %(count)s tile (free action: your opponent misses a turn)",
                "meld %(count)s tiles (free action: your opponent misses a turn)",
                n,
            ) % {"count": n}
        return ngettext("meld %(count)s tile", "meld %(count)s tiles", n) % {"count": n}
    if kind == "discard":
        tile = tile_name(move["tile"], faces)
        if move.get("again") and two:
            return _("play the %(tile)s (your opponent misses a turn)") % {"tile": tile}
        return _("play the %(tile)s") % {"tile": tile}
    return _("draw a tile")


def line_phrase(moves: list[dict[str, Any]], faces: Faces, two: bool) -> str:
    """The moves one after another: "meld 3 tiles, then play the red 7"."""
    steps = [step_phrase(m, faces, two) for m in moves]
    line = steps[0] if steps else ""
    for step in steps[1:]:
        line = _("%(first)s, then %(next)s") % {"first": line, "next": step}
    return line
