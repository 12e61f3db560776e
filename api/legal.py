"""What a program reads about legal moves: each action type's JSON Schema and its choices now.

Why the schema is derived rather than written per game: ``games.action_schema``
already reads every action against the engine's declared shapes before the
engine sees it, so describing those same shapes is the only way the published
schema can never drift from what the service accepts. Nothing here names a game.

Which moves are legal *now* is the engine's call: each engine has a pure
``legal_actions(state, seat)`` in its package (``<engine>.legal``) listing,
per type, the complete actions it accepts (or, where they run to hundreds, a ``slots``
family stating them exactly: see ``games.engine.choices``) and whether more
of that type can be composed (melds: dry-run them with ``POST …/check``).
Only the yes/no of a tried move leaves this module, never a resulting state.

Pure Python (no Django), like the engines it reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import import_module
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


@cache
def lister(engine: ModuleType) -> Any:
    """The engine's ``legal_actions`` (``<engine>.legal``), or None."""
    try:
        return import_module(f"{engine.__name__}.legal").legal_actions
    except ModuleNotFoundError:
        return None


def listing(engine: ModuleType, state: Any, seat: int) -> dict[str, dict[str, Any]]:
    """The engine's listing, or for an engine without one the field-less types tried alone."""
    found = lister(engine)
    if found is not None:
        result: dict[str, dict[str, Any]] = found(state, seat)
        return result
    out: dict[str, dict[str, Any]] = {}
    if seat not in engine.to_act(state):
        return out
    for kind in action_types(engine):
        if not engine.ACTION_FIELDS[kind]:
            try:
                engine.apply(state, seat, {"type": kind})
            except IllegalAction:
                continue
            out[kind] = {"choices": [{"type": kind}], "composed": False}
        else:
            out[kind] = {"choices": [], "composed": True}
    return out


def describe(engine: ModuleType, state: Any, seat: int) -> list[dict[str, Any]]:
    """Every action type with its schema, whether it is legal now and its concrete choices.

    ``legal_now`` is True when some move of the type is accepted now: one of
    its ``choices``, one of its ``slots`` family, or (``composed``) one built
    from the view and checked.
    """
    found = listing(engine, state, seat)
    described = []
    for kind in action_types(engine):
        entry = found.get(kind, {"choices": [], "composed": False})
        family = entry.get("slots")
        described.append(
            {
                "type": kind,
                "legal_now": bool(entry["choices"]) or entry["composed"] or bool(family),
                "needs_fields": bool(engine.ACTION_FIELDS[kind]),
                "composed": entry["composed"],
                "choices": entry["choices"],
                "slots": family,
                "schema": action_schema(engine, kind),
            }
        )
    return described
