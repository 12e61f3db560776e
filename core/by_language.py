"""Answers that depend only on their arguments and the reader's language, kept per process.

A board is drawn for every seat's socket after every move, and much of its context is
the same from one drawing to the next: a tile's labels and sort keys (the same tile, the
same look, on every board of a table), a past move's line in the log (a move never
changes; only the viewer's names and language do). Working them out again for each
board was about a tenth of drawing one (bench/drawbench). ``@kept_by_language`` keeps
each answer for its arguments and the active language, so the next board takes it.

Only pure functions may be marked: the answer must follow from the arguments and the
language alone (no clock, no database, no request). A dict argument is part of the key
by its items (a tile); an argument that cannot be a key (a list) makes the call run
afresh, uncached. A dict answer is handed out as a copy, so a caller that adds to it
never changes the kept one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache, wraps
from typing import Any

from django.utils import translation


class _Items(tuple):  # type: ignore[type-arg]
    """A dict argument frozen into a key (told apart from a tuple argument)."""


def _freeze(value: Any) -> Hashable:
    if isinstance(value, dict):
        return _Items(sorted(value.items()))
    return value


def _thaw(value: Any) -> Any:
    return dict(value) if isinstance(value, _Items) else value


def kept_by_language[F: Callable[..., Any]](maxsize: int = 8192) -> Callable[[F], F]:
    """Keep ``maxsize`` answers of the marked pure function, by arguments and language."""

    def mark(function: F) -> F:
        @lru_cache(maxsize=maxsize)
        def answer(language: str | None, args: tuple[Any, ...], kwargs: tuple[Any, ...]) -> Any:
            del language  # a part of the key only: the function reads the active language
            return function(*(_thaw(a) for a in args), **{k: _thaw(v) for k, v in kwargs})

        @wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            frozen = tuple(_freeze(a) for a in args)
            named = tuple(sorted((k, _freeze(v)) for k, v in kwargs.items()))
            try:
                found = answer(translation.get_language(), frozen, named)
            except TypeError:  # an argument that cannot be a key
                return function(*args, **kwargs)
            return dict(found) if isinstance(found, dict) else found

        wrapper.cache_clear = answer.cache_clear  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return mark


_said: dict[Hashable, Any] = {}
_SAID_MAX = 20_000  # a long-running process forgets them all at once past this many


def said_once(key: Hashable | None, say: Callable[[], Any]) -> Any:
    """``say()`` once per process for ``key`` in the active language, then what it said.

    For words whose every input ``key`` names for good: a past move's line by its game's
    id (random, never given twice), its number and its rows' primary keys (a move is never
    rewritten; SQLite may give a rolled-back row's key again, so the key alone is not
    enough), and the viewer's names. A None key is said afresh every time.
    """
    if key is None:
        return say()
    full = (translation.get_language(), key)
    found = _said.get(full)
    if found is None:
        if len(_said) >= _SAID_MAX:
            _said.clear()
        found = _said[full] = say()
    return found
