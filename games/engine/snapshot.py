"""A game's state as JSON and back, the same way for every engine.

Every engine keeps its state as a dataclass of plain data (ints, strings, lists,
small dicts) holding its setup as a ``config`` dataclass, so a save is ``asdict``
and loading rebuilds the config first, through the game's own check of it, then
the state. A save written before an option was dropped still loads: a config keeps
only the keys it knows (:func:`known_fields`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import Field, asdict
from typing import Any, ClassVar, Protocol


class DataclassInstance(Protocol):
    """Any dataclass, for the type checker (what ``asdict`` takes)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]


def known_fields(cls: type[DataclassInstance], data: Mapping[str, Any]) -> dict[str, Any]:
    """The entries of ``data`` that name a field of the dataclass ``cls``."""
    return {k: v for k, v in data.items() if k in cls.__dataclass_fields__}


def codec[S: DataclassInstance](
    state: type[S], config: Callable[[Any], Any], deep: bool = False
) -> tuple[Callable[[S], dict[str, Any]], Callable[[dict[str, Any]], S]]:
    """An engine's ``to_json`` and ``from_json`` for its ``state`` class, whose ``config``
    field is loaded by ``config`` (the game's ``Config.from_dict``). ``deep`` copies the
    data first, for a state whose lists would otherwise be the caller's own."""

    def to_json(value: S) -> dict[str, Any]:
        return asdict(value)

    def from_json(data: dict[str, Any]) -> S:
        data = copy.deepcopy(data) if deep else dict(data)
        data["config"] = config(data["config"])
        return state(**data)

    return to_json, from_json
