"""Answers that depend only on their inputs and the reader's language, kept per process.

A board is drawn for every seat's socket after every move, and much of it is the same from
one drawing to the next: a tile's labels and sort keys (the same tile, the same look, on
every board of a table), a past move's line in the log (a move never changes; only the
viewer's names and language do), the parts of a board ``{% kept %}`` marks. Working them
out again for each board was about a third of drawing one (bench/drawbench).

``said_once(key, say)`` is the one store: ``say()`` once per key and language. ``freeze``
makes a key of values by what they render as (strings safe or not, booleans apart from
numbers, and lists and dicts of them) and refuses anything else, a model or an object whose
content could change under the same hash. ``@kept_by_language`` keeps a pure function's
answers by its frozen arguments; an argument that cannot be frozen makes the call run
afresh, and a dict answer is handed out as a copy, so a caller that adds to it never
changes the kept one.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable, Hashable
from decimal import Decimal
from functools import wraps
from typing import Any
from uuid import UUID

from django.utils import translation
from django.utils.functional import Promise
from django.utils.safestring import SafeData

# Values keyed as they are, with their exact type (True apart from 1, a safe string apart
# from a plain one): the kinds a board's context holds.
_PLAIN = frozenset(
    {str, int, bool, float, type(None), Decimal, UUID, datetime.date, datetime.datetime}
)
_said: dict[Hashable, Any] = {}
_SAID_MAX = 20_000  # a long-running process forgets them all at once past this many
_lock = threading.Lock()


def freeze(value: Any) -> Hashable:
    """``value`` as a key that tells apart what would render differently; TypeError for
    anything but the kinds the module's docstring lists."""
    kind = type(value)
    if kind in _PLAIN:
        return (kind, value)
    if isinstance(value, Promise):
        return (str, str(value))  # a lazy translation: its words in the active language
    if isinstance(value, SafeData) and isinstance(value, str):
        return (SafeData, str(value))
    if kind is dict:
        items = []
        for key, item in value.items():  # a loop, not a call a value: tiles are many
            items.append((key, type(item), item) if type(item) in _PLAIN else (key, freeze(item)))
        return (dict, tuple(sorted(items)))
    if kind is list or kind is tuple:
        return (list, tuple((type(v), v) if type(v) in _PLAIN else freeze(v) for v in value))
    raise TypeError(f"cannot key an answer by a {kind.__name__}")


def said_once(key: Hashable, say: Callable[[], Any]) -> Any:
    """``say()`` once per process for ``key`` in the active language, then what it said.

    Only for words whose every input ``key`` names for good: a past move's line by its
    game's id (random, never given twice), its number and the viewer's names (a move is
    never rewritten); a marked part of a board by its frozen values.
    """
    full = (translation.get_language(), key)
    found = _said.get(full)
    if found is None:
        found = say()
        with _lock:
            if len(_said) >= _SAID_MAX:
                _said.clear()
            _said[full] = found
    return found


def kept_by_language[F: Callable[..., Any]](function: F) -> F:
    """Keep the marked pure function's answers by its arguments and the language."""

    @wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            key = (function.__module__, function.__qualname__, freeze(args), freeze(kwargs))
        except TypeError:  # an argument that cannot be a key
            return function(*args, **kwargs)
        found = said_once(key, lambda: function(*args, **kwargs))
        return dict(found) if isinstance(found, dict) else found

    return wrapper  # type: ignore[return-value]


def forget() -> None:
    """Tests: nothing kept yet."""
    with _lock:
        _said.clear()
