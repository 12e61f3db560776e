"""Does a view have the shape its TypedDict declares? Keys and types, at every depth.

Why at run time too: mypy checks that the engine builds each view from typed parts,
but a value typed ``Any`` (a state field read from JSON, a dict copied whole) can
still carry a key the type does not name, or miss one it does. Each type is turned
into a checking function once (``checker``), so the playouts can check every view.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable
from typing import Any

Checker = Callable[[Any], None]


def check(value: Any, hint: Any, where: str = "view") -> None:
    """Fail (AssertionError) at the first place ``value`` does not match ``hint``."""
    try:
        checker(hint)(value)
    except AssertionError as failure:
        raise AssertionError(f"{where}{failure}") from None


@functools.cache
def view_type(view: Any) -> Any:
    """The TypedDict an engine's ``view`` is annotated to return."""
    return typing.get_type_hints(view)["return"]


@functools.cache
def checker(hint: Any) -> Checker:
    """A function checking values against ``hint``; a TypeVar (a generic's part) takes any.
    A failure names its place from the inside out, so a match pays for no names."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or isinstance(hint, typing.TypeVar):
        return lambda value: None
    if origin in (types.UnionType, typing.Union):
        arms = [arm for arm in args if arm is not types.NoneType]
        if len(arms) == 1:  # X | None: a failure then says where inside X
            return _optional(checker(arms[0]))
        return _union([checker(arm) for arm in args], hint)
    if typing.is_typeddict(origin or hint):
        return _typeddict(origin or hint)
    if origin is list:
        return _list(args[0])
    return _plain(hint)


def _plain(kind: type) -> Checker:
    def check_plain(value: Any) -> None:
        if not isinstance(value, kind):
            raise AssertionError(f": {value!r} is not {kind.__name__}")

    return check_plain


def _list(item: Any) -> Checker:
    def check_list(value: Any) -> None:
        if not isinstance(value, list):
            raise AssertionError(f": {value!r} is not a list")
        each = checker(item)
        for i, element in enumerate(value):
            try:
                each(element)
            except AssertionError as failure:
                raise AssertionError(f"[{i}]{failure}") from None

    return check_list


def _optional(inner: Checker) -> Checker:
    def check_optional(value: Any) -> None:
        if value is not None:
            inner(value)

    return check_optional


def _union(arms: list[Checker], hint: Any) -> Checker:
    def check_union(value: Any) -> None:
        for arm in arms:
            try:
                arm(value)
                return
            except AssertionError:
                continue
        raise AssertionError(f": {value!r} is not {hint}")

    return check_union


QUALIFIERS = (typing.NotRequired, typing.Required, typing.ReadOnly)


def _qualifiers(hint: Any) -> set[Any]:
    """The ``NotRequired``, ``ReadOnly``… wrapped around a key's type."""
    found = set()
    while typing.get_origin(hint) in QUALIFIERS:
        found.add(typing.get_origin(hint))
        hint = typing.get_args(hint)[0]
    return found


def _unqualified(hint: Any) -> Any:
    while typing.get_origin(hint) in QUALIFIERS:
        hint = typing.get_args(hint)[0]
    return hint


def _typeddict(shape: Any) -> Checker:
    """Keys read from the annotations: with postponed annotations (every engine module)
    ``__required_keys__`` cannot see ``NotRequired`` at run time."""
    hints = typing.get_type_hints(shape, include_extras=True)
    optional = {k for k, h in hints.items() if typing.NotRequired in _qualifiers(h)}
    fields = {k: _unqualified(h) for k, h in hints.items()}
    required = set(fields) - optional

    def check_typeddict(value: Any) -> None:
        if not isinstance(value, dict):
            raise AssertionError(f": {value!r} is not a dict")
        keys = value.keys()
        if not required <= keys or not keys <= fields.keys():
            raise AssertionError(f": keys missing {required - keys}, unnamed {keys - fields}")
        for key, item in value.items():
            try:
                checker(fields[key])(item)
            except AssertionError as failure:
                raise AssertionError(f".{key}{failure}") from None

    return check_typeddict
