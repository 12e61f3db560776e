"""Every action is read against its game's declared shape before the engine sees it.

Why here and not in each engine: an engine judges moves by the rules, but it
reads only the keys it needs, so anything else a client adds would be stored
in the move log as sent (a 2 MB "colour" on a number tile, a NUL byte that the
database refuses with a 500). This layer is the one gate in
``games.services.play``: unknown keys are dropped, strings are bounded to a
fixed set, numbers are parsed with ``int()`` and range-checked, nested lists
are bounded by the game's tile count. A malformed action is refused as an
``IllegalAction`` (422, game unchanged), like any illegal move.

Each engine declares its shapes as pure data, ``ACTION_FIELDS``::

    {"*": {"call": ("bool",)},                   # fields every action may carry
     "discard": {"tile": ("int", 0, 299),
                 "colour": ("choice", ("R", "B"), "Choose the next colour.")},  # its refusal
     "meld": {"table": ("table", 0, 299, 300),   # lists of ids, at most 300 in all
              "swaps": ("pairs", 0, 299, 300),   # [[id, id], ...], 300 ids in all
              "free": ("object", {"target": ("int", 0, 7)})},
     "draw": {}}

``("nested", low, high, most)`` takes rows such as ``[[owner, meld, [ids]], ...]``.
``("list", most, item)`` takes at most ``most`` items, each read as ``item`` (any
shape, an ``object`` too); ``("list", most, item, True)`` keeps null items as null.

An engine that declares none yet gets the generic bounds only (JSON size,
depth, string and list lengths, no NUL, finite numbers), never an error.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from games.engine.base import IllegalAction, gettext_noop

Spec = tuple[Any, ...]
MAX_JSON_BYTES = 16 * 1024
MAX_DEPTH = 6
MAX_STRING = 64
MAX_LIST = 512
MAX_DIGITS = 12  # longer digit strings are never a tile, seat or number

MALFORMED = gettext_noop("That move could not be read. Please try again from the table.")
# The field it could not read stays as the action names it (a program's word).
MALFORMED_FIELD = gettext_noop(
    "That move could not be read. Please try again from the table. (%(field)s)"
)


def _refuse(detail: str = "") -> IllegalAction:
    if not detail:
        return IllegalAction("malformed", MALFORMED)
    return IllegalAction("malformed", MALFORMED_FIELD, field=detail)


def clean_action(engine: ModuleType, action: Any) -> dict[str, Any]:
    """The action with only its declared fields, each checked; ``IllegalAction`` otherwise."""
    if not isinstance(action, Mapping):
        raise _refuse()
    check_generic(action)
    fields: Mapping[str, Mapping[str, Spec]] | None = getattr(engine, "ACTION_FIELDS", None)
    if fields is None:
        return dict(action)
    kind = action.get("type")
    if not isinstance(kind, str) or kind == "*" or kind not in fields:
        raise IllegalAction("unknown_action", gettext_noop("That isn't a move in this game."))
    allowed = {**fields.get("*", {}), **fields[kind]}
    cleaned: dict[str, Any] = {"type": kind}
    for name, spec in allowed.items():
        value = action.get(name)
        if value is not None:
            cleaned[name] = read_value(spec, value, name)
    return cleaned


def read_value(spec: Spec, value: Any, name: str) -> Any:
    """One field's value, parsed to what ``spec`` allows; ``IllegalAction`` otherwise."""
    shape = spec[0]
    if shape == "int":
        return _int(value, spec[1], spec[2], name)
    if shape == "bool":
        if not isinstance(value, bool):
            raise _refuse(name)
        return value
    if shape == "choice":
        if not isinstance(value, str) or value not in spec[1]:
            raise IllegalAction("malformed", spec[2]) if len(spec) > 2 else _refuse(name)
        return value
    if shape == "table":
        return _table(value, spec[1], spec[2], spec[3], name)
    if shape == "pairs":
        pairs = _table(value, spec[1], spec[2], spec[3], name)
        if any(len(pair) != 2 for pair in pairs):
            raise _refuse(name)
        return pairs
    if shape == "nested":
        return _nested(value, spec[1], spec[2], [spec[3]], name, 0)
    if shape == "object":
        if not isinstance(value, Mapping):
            raise _refuse(name)
        inner: Mapping[str, Spec] = spec[1]
        return {k: read_value(s, value[k], k) for k, s in inner.items() if value.get(k) is not None}
    if shape == "list":
        return _list(value, spec, name)
    raise ValueError(f"unknown field shape {shape!r} for {name!r}")  # a bug in a declaration


def _int(value: Any, low: int, high: int, name: str) -> int:
    if isinstance(value, bool):
        raise _refuse(name)
    if isinstance(value, str):
        if len(value) > MAX_DIGITS:
            raise _refuse(name)
        try:
            value = int(value.strip())
        except ValueError:
            raise _refuse(name) from None
    if not isinstance(value, int) or not low <= value <= high:
        raise _refuse(name)
    return value


def _list(value: Any, spec: Spec, name: str) -> list[Any]:
    """Up to ``spec[1]`` items of shape ``spec[2]``; nulls kept only when ``spec[3]`` says so."""
    nullable = len(spec) > 3 and spec[3]
    if not isinstance(value, list | tuple) or len(value) > spec[1]:
        raise _refuse(name)
    if not nullable and any(item is None for item in value):
        raise _refuse(name)
    return [None if item is None else read_value(spec[2], item, name) for item in value]


def _table(value: Any, low: int, high: int, most: int, name: str) -> list[list[int]]:
    if not isinstance(value, list | tuple) or len(value) > most:
        raise _refuse(name)
    table: list[list[int]] = []
    total = 0
    for group in value:
        if not isinstance(group, list | tuple):
            raise _refuse(name)
        total += len(group)
        if total > most:
            raise _refuse(name)
        table.append([_int(item, low, high, name) for item in group])
    return table


def _nested(value: Any, low: int, high: int, left: list[int], name: str, depth: int) -> Any:
    """Lists of lists (three deep at most) whose leaves are ints in range, ``left[0]`` in all.

    For moves made of rows such as ``[owner, meld, [ids]]``: the shape is the
    engine's to judge, this only keeps every number a plain, bounded int.
    """
    if not isinstance(value, list | tuple):
        if depth == 0:
            raise _refuse(name)
        left[0] -= 1
        if left[0] < 0:
            raise _refuse(name)
        return _int(value, low, high, name)
    if depth >= 3:
        raise _refuse(name)
    return [_nested(item, low, high, left, name, depth + 1) for item in value]


def check_generic(value: Any) -> None:
    """Bounds every action meets, declared or not: size, depth, lengths, storable values."""
    try:
        size = len(json.dumps(value, allow_nan=False, ensure_ascii=False).encode())
    except (TypeError, ValueError):
        raise _refuse() from None
    if size > MAX_JSON_BYTES:
        raise _refuse()
    _walk(value, 0)


def _walk(value: Any, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise _refuse()
    if isinstance(value, str):
        if len(value) > MAX_STRING or "\x00" in value:
            raise _refuse()
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise _refuse()
    elif isinstance(value, Mapping):
        if len(value) > MAX_LIST:
            raise _refuse()
        for key, item in value.items():
            _walk(key, depth + 1)
            _walk(item, depth + 1)
    elif isinstance(value, list | tuple):
        if len(value) > MAX_LIST:
            raise _refuse()
        for item in value:
            _walk(item, depth + 1)
