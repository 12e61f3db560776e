"""Reads shared by every drawing of one table, while one publisher draws them all.

After a move, the live process's publisher (live.publish) draws the table once for each
audience: every seat, and the spectators in each language. The drawings read the same
rows (the last moves for the log, how many watch, the table's room), so inside
``shared_reads()`` a function marked ``@shared`` answers from the first call with the
same arguments: a move costs those reads once, whatever the number of audiences.
Outside such a block (every page and poll) the functions read as before.

A block inside another shares the outer one's answers: a seat's move (``TableFlow.act``)
opens one around the move and its answer, so the publish its commit runs and the board
answered to the mover read those rows once between them. Only reads that stay true for
the rest of a request are marked (the moves up to a version never change).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any

_answers: ContextVar[dict[Hashable, Any] | None] = ContextVar("shared_reads", default=None)


@contextmanager
def shared_reads() -> Iterator[None]:
    """Within the block, ``@shared`` functions answer each set of arguments once."""
    if _answers.get() is not None:  # inside another: one set of answers for both
        yield
        return
    token = _answers.set({})
    try:
        yield
    finally:
        _answers.reset(token)


def _key(value: Any) -> Hashable:
    """Model instances by their class and primary key; other arguments as they are."""
    pk = getattr(value, "pk", None)
    return (type(value).__name__, pk) if pk is not None else value


def shared[F: Callable[..., Any]](function: F) -> F:
    """Mark a read whose answer every drawing of one publish may share."""

    @wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        answers = _answers.get()
        if answers is None:
            return function(*args, **kwargs)
        key = (function.__qualname__, tuple(_key(a) for a in args), tuple(sorted(kwargs.items())))
        if key not in answers:
            answers[key] = function(*args, **kwargs)
        found = answers[key]
        return list(found) if isinstance(found, list) else found  # a list each its own

    return wrapper  # type: ignore[return-value]


def keep(key: Hashable, value: Any) -> None:
    """Hold ``value`` for the rest of the block, for a later step of the same request to
    take instead of making it again (outside a block: nothing is held)."""
    answers = _answers.get()
    if answers is not None:
        answers[("kept", key)] = value


def kept(key: Hashable) -> Any:
    """What ``keep`` held under ``key`` in this block; None if nothing."""
    answers = _answers.get()
    return None if answers is None else answers.get(("kept", key))
