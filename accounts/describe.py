"""Names and links for what accounts shows: game kinds, computer levels, table pages."""

from __future__ import annotations

from collections.abc import Iterable

from django.urls import reverse

from games.models import Game, Seat

GAME_NAMES = {
    "tile_rummy": "Tile Rummy",
    "rumbaroo": "Rumbaroo",
    "romanian_tile_rummy": "Romanian Tile Rummy",
    "rumasta": "Rumasta",
}
# Each kind's table page; a kind not listed uses the Tile Rummy table's URL.
TABLE_URL_NAMES = {"tile_rummy": "games:table", "rumbaroo": "games:rumbaroo_table"}
# Levels in the order players think of them; unknown levels sort after these.
LEVEL_ORDER = ("easy", "medium", "expert")
NO_COMPUTERS = "people"
MIXED = "mixed"


def kind_name(kind: str) -> str:
    """``tile_rummy`` → ``Tile Rummy`` (unknown kinds are title-cased, never an error)."""
    return GAME_NAMES.get(kind, kind.replace("_", " ").title())


def level_of(seats: Iterable[Seat]) -> str:
    """The computer level a game was played at: the stats are counted per level."""
    levels = {s.computer_level for s in seats if s.computer_level}
    if not levels:
        return NO_COMPUTERS
    return levels.pop() if len(levels) == 1 else MIXED


def level_sort_key(level: str) -> tuple[int, str]:
    """Easy, medium, expert first, in that order; anything else after, alphabetically."""
    rank = LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER)
    return rank, level


def table_url(game: Game) -> str:
    """Where "Continue game" goes: each game kind has its own table page."""
    name = TABLE_URL_NAMES.get(game.kind, "games:table")
    return reverse(name, kwargs={"game_id": game.id})
