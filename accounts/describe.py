"""Names and links for what accounts shows: game kinds, computer levels, table pages.

All of it comes from the game catalogue, so a new game is described by being listed.
"""

from __future__ import annotations

from collections.abc import Iterable

from games import catalogue
from games.models import Seat
from games.table_flow import table_url

NO_COMPUTERS = "people"
MIXED = "mixed"

__all__ = ["MIXED", "NO_COMPUTERS", "kind_name", "level_of", "level_sort_key", "table_url"]


def kind_name(kind: str) -> str:
    """A kind's display name from the catalogue (unknown kinds are title-cased, never an error)."""
    return catalogue.kind_name(kind)


def level_of(seats: Iterable[Seat]) -> str:
    """The computer level a game was played at: the stats are counted per level."""
    levels = {s.computer_level for s in seats if s.computer_level}
    if not levels:
        return NO_COMPUTERS
    return levels.pop() if len(levels) == 1 else MIXED


def _level_order() -> tuple[str, ...]:
    """Every game's levels, in the order the catalogue lists them (easy before expert)."""
    keys = (level.key for entry in catalogue.CATALOGUE for level in entry.levels)
    return tuple(dict.fromkeys(keys))


def level_sort_key(level: str) -> tuple[int, str]:
    """Levels in the catalogue's order first; anything else after, alphabetically."""
    order = _level_order()
    rank = order.index(level) if level in order else len(order)
    return rank, level
