"""A seat's turn draft written by compare-and-set: one statement instead of a locked read.

A tap (a tile moved within the seat's own, unconfirmed turn) is the commonest
request at a table. The view has already read the game with its seats, so the
write need not lock and read them again: it succeeds only if the seat's draft
is still what was read and the game is still at that version, active, not
paused and not an online table (whose first tile of a meld moves the clock,
which ``services`` does under the lock). A tap that finds anything changed
reports ``RACED`` and is done again under the lock. Drafts carry the version
they were made at (``services.current_draft``), so a draft written just before
a move commits is simply ignored afterwards.
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any, Final, Literal

from django.db import connection

from core.db import hot_cursor
from games.models import Game, GameStatus, Seat


class _Raced(Enum):
    """A one-value type, so ``is not RACED`` tells the type checker the draft is left."""

    RACED = "raced"


RACED: Final = _Raced.RACED  # the seat's draft or its game changed since it was read
Raced = Literal[_Raced.RACED]


def as_stored(draft: dict[str, Any] | None) -> str | None:
    """The draft as its column holds it: Django's JSONField writes ``json.dumps``."""
    return None if draft is None else json.dumps(draft)


def _sql() -> str:
    if connection.vendor == "postgresql":
        draft, same = "%s::jsonb", "IS NOT DISTINCT FROM %s::jsonb"
    else:  # SQLite keeps JSON as the text Django wrote; IS is its null-safe equality
        draft, same = "%s", "IS %s"
    return (
        f"UPDATE {Seat._meta.db_table} SET turn_draft = {draft}"
        f" WHERE id = %s AND turn_draft {same} AND EXISTS ("
        f"SELECT 1 FROM {Game._meta.db_table} g WHERE g.id = %s AND g.version = %s"
        " AND g.status = %s AND g.paused_until IS NULL AND NOT g.online)"
    )


def swap(seat: Seat, game: Game, before: str | None, new: dict[str, Any] | None) -> bool:
    """Write ``new`` if the seat's draft is still ``before`` and the game as it was read."""
    game_pk = Game._meta.pk.get_db_prep_value(game.pk, connection)
    params = [as_stored(new), seat.pk, before, game_pk, game.version, GameStatus.ACTIVE.value]
    with hot_cursor() as cursor:
        cursor.execute(_sql(), params)
        return cursor.rowcount == 1
