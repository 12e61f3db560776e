"""``{% tile_markup "…/_tile.html" t group=… swap_ok=… still=… %}``: a tile drawn once per look.

A board draws a tile for every table tile, hand tile and pouch tile, and including a
tile template for each was a third of drawing a board where a game's tiles are
included one by one (0.15 ms a tile, 12 to 60 a board; a board is drawn for every
seat's socket after every move). Yet a tile looks the same whenever it is in the same
state: its markup depends only on what it is given here (its face, its spoken label
in the reader's language, and the three switches), all of it what this seat may see.
So each look is rendered once per process and reused: by this tag in a template, or
by a game's presenters calling ``tile_markup`` to pre-draw their tiles. The template
sees only these values, never the page's context.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import template
from django.conf import settings
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag
def tile_markup(
    name: str, t: dict[str, Any], group: str = "tile", swap_ok: Any = False, still: Any = False
) -> SafeString:
    """The markup of the tile ``t`` by the template ``name``."""
    switches = (group or "tile", bool(swap_ok), bool(still))
    if settings.DEBUG:  # templates edited while the dev server runs show at once
        return _render(name, t, *switches)
    try:
        return _cached(name, tuple(sorted(t.items())), *switches)
    except TypeError:  # a value that cannot be a key (a list): drawn afresh
        return _render(name, t, *switches)


@lru_cache(maxsize=8192)
def _cached(
    name: str, items: tuple[tuple[str, Any], ...], group: str, swap_ok: bool, still: bool
) -> SafeString:
    return _render(name, dict(items), group, swap_ok, still)


def _render(name: str, t: dict[str, Any], group: str, swap_ok: bool, still: bool) -> SafeString:
    context = {"t": t, "group": group, "swap_ok": swap_ok, "still": still}
    return mark_safe(get_template(name).render(context))  # noqa: S308 - the template escapes
