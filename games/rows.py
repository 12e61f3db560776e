"""Model instances from one hand-written join, for the statements every table request runs.

Building ``Seat.objects.select_related("game")`` cost more of Django's time than
PostgreSQL spent answering it (the compiler runs on every request), so the read
of a game with its seats is a fixed statement, prepared on PostgreSQL
(``core.db.hot_cursor``). The columns are the models' own concrete fields
in order, and each value goes through the same converters Django would apply
(JSON, dates on SQLite), so the instances are exactly what the ORM would build.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.models import Field, Model

from core.db import hot_cursor
from games.models import Game, Seat


class ModelRow[M: Model]:
    """How to turn a slice of a result row into one ``model`` instance."""

    def __init__(self, model: type[M], alias: str) -> None:
        self.model = model
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [f.attname for f in self.fields]
        self.alias = alias
        self._converters: dict[str, list[tuple[int, list[Any], Any]]] = {}

    @property
    def columns(self) -> str:
        quote = connection.ops.quote_name
        return ", ".join(f"{self.alias}.{quote(_column(f))}" for f in self.fields)

    def converters(self) -> list[tuple[int, list[Any], Any]]:
        """(position, converter functions, column expression) for fields that need any."""
        vendor = connection.vendor
        if vendor not in self._converters:
            found = []
            for i, field in enumerate(self.fields):
                col = field.get_col(self.model._meta.db_table)
                fns = connection.ops.get_db_converters(col) + field.get_db_converters(connection)
                if fns:
                    found.append((i, fns, col))
            self._converters[vendor] = found
        return self._converters[vendor]

    def build(self, values: Sequence[Any]) -> M:
        row = list(values)
        for i, fns, col in self.converters():
            for fn in fns:
                row[i] = fn(row[i], col, connection)
        return self.model.from_db(connection.alias, self.attnames, row)

    def __len__(self) -> int:
        return len(self.fields)


def _column(field: Field[Any, Any]) -> str:
    """A concrete field's column: Django types it optional, for fields that have none."""
    assert field.column is not None, field
    return field.column


_SEAT = ModelRow(Seat, "s")
_GAME = ModelRow(Game, "g")


@functools.cache
def _game_sql() -> str:
    return (
        f"SELECT {_SEAT.columns}, {_GAME.columns}"
        f" FROM {Seat._meta.db_table} s JOIN {Game._meta.db_table} g ON g.id = s.game_id"
        ' WHERE s.game_id = %s ORDER BY s."index"'
    )


def read_game_and_seats(game_id: Any) -> tuple[Game, list[Seat]] | None:
    """The game and its seats in index order, from one prepared statement; None if none."""
    pk = Game._meta.pk.get_db_prep_value(game_id, connection)
    with hot_cursor() as cursor:
        cursor.execute(_game_sql(), [pk])
        rows = cursor.fetchall()
    if not rows:
        return None
    width = len(_SEAT)
    game = _GAME.build(rows[0][width:])
    seats = [_SEAT.build(row[:width]) for row in rows]
    return game, seats
