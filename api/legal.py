"""The legal-move schema a program reads: each engine's ``ACTION_FIELDS`` as JSON Schema.

Why derived rather than written per game: ``games.action_schema`` already
reads every action against the engine's declared shapes before the engine
sees it, so describing those same shapes is the only way the published schema
can never drift from what the service accepts. Nothing here names a game.

Whether an action type is legal *now* is the engine's call. For a type
without fields (draw, pass, next round…) the answer is exact: the engine is
asked to apply it to a copy of the state (``apply`` never mutates its input)
and only the yes/no leaves this module, never the resulting state. A type
with fields (a meld, a discard) depends on the fields chosen, so it is
``None``: "submit one and the engine will say".

Pure Python (no Django), like the engines it reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from games.engine.base import IllegalAction

Spec = tuple[Any, ...]
JsonSchema = dict[str, Any]


def field_schema(spec: Spec) -> JsonSchema:
    """One declared field shape (see ``games.action_schema``) as JSON Schema."""
    shape = spec[0]
    if shape == "int":
        return {"type": "integer", "minimum": spec[1], "maximum": spec[2]}
    if shape == "bool":
        return {"type": "boolean"}
    if shape == "choice":
        schema: JsonSchema = {"type": "string", "enum": list(spec[1])}
        if len(spec) > 2:
            schema["description"] = spec[2]
        return schema
    if shape in ("table", "pairs"):
        return _rows(spec, pairs=shape == "pairs")
    if shape == "nested":
        return _nested(spec)
    if shape == "object":
        inner: Mapping[str, Spec] = spec[1]
        return {"type": "object", "properties": {k: field_schema(s) for k, s in inner.items()}}
    if shape == "list":
        item = field_schema(spec[2])
        if len(spec) > 3 and spec[3]:
            item = {"anyOf": [item, {"type": "null"}]}
        return {"type": "array", "items": item, "maxItems": spec[1]}
    raise ValueError(f"unknown field shape {shape!r}")  # a bug in an engine's declaration


def _rows(spec: Spec, *, pairs: bool) -> JsonSchema:
    """A list of id lists (a whole table, or [tile, wild] pairs), ``spec[3]`` ids in all."""
    ids = {"type": "integer", "minimum": spec[1], "maximum": spec[2]}
    row: JsonSchema = {"type": "array", "items": ids}
    if pairs:
        row.update(minItems=2, maxItems=2)
    return {
        "type": "array",
        "items": row,
        "maxItems": spec[3],
        "description": f"At most {spec[3]} ids in all.",
    }


def _nested(spec: Spec) -> JsonSchema:
    """Rows such as [owner, meld, [ids]]: ints or lists, three deep at most."""
    leaf: JsonSchema = {"type": "integer", "minimum": spec[1], "maximum": spec[2]}
    level = leaf
    for _ in range(2):
        level = {"anyOf": [leaf, {"type": "array", "items": level}]}
    return {"type": "array", "items": level, "description": f"At most {spec[3]} ids in all."}


def action_schema(engine: ModuleType, kind: str) -> JsonSchema:
    """The JSON Schema of one action type, with the fields every action may carry."""
    fields: Mapping[str, Mapping[str, Spec]] = engine.ACTION_FIELDS
    declared = {**fields.get("*", {}), **fields[kind]}
    properties: JsonSchema = {"type": {"const": kind}}
    properties.update({name: field_schema(spec) for name, spec in declared.items()})
    return {"type": "object", "properties": properties, "required": ["type"]}


def action_types(engine: ModuleType) -> list[str]:
    """The action types an engine declares, in its own order ("*" is not a type)."""
    fields = getattr(engine, "ACTION_FIELDS", None) or {}
    return [kind for kind in fields if kind != "*"]


def legal_now(engine: ModuleType, state: Any, seat: int, kind: str) -> bool | None:
    """True/False when ``{"type": kind}`` alone is (not) legal now; None when fields decide."""
    if seat not in engine.to_act(state):
        return False
    if engine.ACTION_FIELDS[kind]:
        return None
    try:
        engine.apply(state, seat, {"type": kind})
    except IllegalAction:
        return False
    return True


def describe(engine: ModuleType, state: Any, seat: int) -> list[dict[str, Any]]:
    """Every action type with its schema and whether it is legal now (see ``legal_now``)."""
    return [
        {
            "type": kind,
            "legal_now": legal_now(engine, state, seat, kind),
            "needs_fields": bool(engine.ACTION_FIELDS[kind]),
            "schema": action_schema(engine, kind),
        }
        for kind in action_types(engine)
    ]
