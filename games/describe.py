"""Names and links for what the pages show of a game: its kind, its level, its table page.

All of it comes from the game catalogue, so a new game is described by being listed.
In the platform because the stats (accounts), the boards (leaderboards) and the home
page must count a game at the same level, and the boards sit below accounts.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext_lazy as _

from games import catalogue, pace
from games.models import Game, Seat
from games.table_flow import table_url

NO_COMPUTERS = "people"
MIXED = "mixed"
# A table between people (``Game.online``) counts apart from games against computers,
# under this one level: the boards' "Online tables" (leaderboards.boards.ONLINE_BOARD).
ONLINE = "online"
ONLINE_LABEL = _("Online tables")
# A correspondence table (days a move, games.pace) counts apart from live ones, as
# players of both expect: its own level and board, "Correspondence tables".
CORRESPONDENCE = "correspondence"
CORRESPONDENCE_LABEL = _("Correspondence tables")

__all__ = [
    "CORRESPONDENCE",
    "MIXED",
    "NO_COMPUTERS",
    "ONLINE",
    "game_level",
    "kind_name",
    "level_label",
    "level_of",
    "level_sort_key",
    "table_url",
]


def kind_name(kind: str) -> str:
    """A kind's display name from the catalogue (unknown kinds are title-cased, never an error)."""
    return catalogue.kind_name(kind)


def level_of(seats: Iterable[Seat]) -> str:
    """The computer level a game was played at: the stats are counted per level."""
    levels = {s.computer_level for s in seats if s.computer_level}
    if not levels:
        return NO_COMPUTERS
    return levels.pop() if len(levels) == 1 else MIXED


def game_level(game: Game, seats: Iterable[Seat] | None = None) -> str:
    """The level a game counts at, the same on the stats page, the charts and the boards.

    An online table is "online" ("correspondence" at days a move); else the setup's
    level option when the catalogue names one (a daily played in a game's first box
    against a medium computer counts in that box, as its weekly chart says), else the
    level of its computers.
    """
    if game.online:
        return CORRESPONDENCE if pace.is_correspondence(game.config) else ONLINE
    entry = catalogue.find(game.kind)
    key = entry.level_key if entry else None
    value = game.config.get(key) if key and isinstance(game.config, dict) else None
    return str(value) if value else level_of(game.seats.all() if seats is None else seats)


def level_label(kind: str, level: str) -> str:
    """A level as players read it ("Big Red", not "big_red"): the catalogue's label."""
    if level == ONLINE:
        return str(ONLINE_LABEL)
    if level == CORRESPONDENCE:
        return str(CORRESPONDENCE_LABEL)
    entry = catalogue.find(kind)
    return entry.shown_level(level) if entry else level.replace("_", " ").capitalize()


def _level_order() -> tuple[str, ...]:
    """Every game's levels, in the order the catalogue lists them (easy before expert)."""
    keys = (level.key for entry in catalogue.CATALOGUE for level in entry.levels)
    return tuple(dict.fromkeys(keys))


def level_sort_key(level: str) -> tuple[int, str]:
    """Levels in the catalogue's order first; anything else after, alphabetically."""
    order = _level_order()
    rank = order.index(level) if level in order else len(order)
    return rank, level
