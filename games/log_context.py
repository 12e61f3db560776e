"""The game a log line is about, on every line logged while a move is handled.

A context variable (not a thread-local) so the same code is right in gunicorn's
threads, Celery's worker and tests. ``GameIdFilter`` (settings.LOGGING) copies it
onto each record, so the formatter can print ``game=<id>`` on every line of a
move, including lines from Django, psycopg or Celery logged meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from uuid import UUID

_GAME: ContextVar[str] = ContextVar("rummy_game_id", default="-")


@contextmanager
def about_game(game_id: UUID | str) -> Iterator[None]:
    """Tag every log line inside the block with ``game_id``."""
    token = _GAME.set(str(game_id))
    try:
        yield
    finally:
        _GAME.reset(token)


def current_game() -> str:
    """The game being handled, or ``-`` outside a move."""
    return _GAME.get()


class GameIdFilter(logging.Filter):
    """Put ``record.game_id`` on every record (never drops one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "game_id"):
            record.game_id = _GAME.get()
        return True
