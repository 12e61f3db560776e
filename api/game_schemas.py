"""Each game's own names in the OpenAPI document, and its setup schema.

Why one named component per game: inline ``oneOf`` branches leave client generators
to invent names, which collide (openapi-python-client dropped four setup models and
two action models as duplicates, and its ``create_game`` module failed to import). So
every object is a component named after its game, with the prefix its seat view has
(``TileRummyView`` → ``TileRummy…``):

* ``NewGame`` is ``oneOf`` ``NewTileRummyGame``, ``NewRumbarooGame``… told apart
  by ``kind``; each names its own options object (``TileRummySetup``…), published
  from the setup forms (``api.games.kinds``), which read the options;
* each game's actions are ``TileRummyAction`` = ``TileRummyPlayAction`` | … (models:
  ``api.action_models``), named here.

Nothing here names a game.
"""

from __future__ import annotations

from typing import Any

from api.games import kinds  # the setup forms are Django's: read when publishing
from api.legal import action_types
from api.view_models import model_names
from games import catalogue

REF = "#/components/schemas/"


def game_prefix(kind: str) -> str:
    """The name a game's components start with: its view model's, less ``View``."""
    return model_names()[kind].removesuffix("View")


def action_name(prefix: str, kind: str) -> str:
    """The component name of one action type of a game (``TileRummyDrawAction``…)."""
    return prefix + "".join(part.capitalize() for part in kind.split("_")) + "Action"


def _union(names: dict[str, str], key: str, description: str) -> dict[str, Any]:
    """``oneOf`` the named components, with a discriminator mapping ``key``'s values to them."""
    mapping = {value: REF + name for value, name in names.items()}
    return {
        "description": description,
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": key, "mapping": mapping},
    }


def example(entry: catalogue.GameEntry) -> dict[str, Any]:
    """A game's component names for the guide: its prefix and its first two action types'."""
    types = action_types(catalogue.load(entry.engine))[:2]
    prefix = game_prefix(entry.kind)
    names = [action_name(prefix, t) for t in types]
    return {"kind": entry.kind, "prefix": prefix, "actions": names}


# --- setup ---------------------------------------------------------------------------------


def _option_schema(option: dict[str, Any]) -> dict[str, Any]:
    """One setup option as JSON Schema: its choices, or an integer range."""
    described: dict[str, Any] = {"description": option["label"]}
    if option["choices"]:
        values = [c["value"] for c in option["choices"]]
        kind = "integer" if all(isinstance(v, int) for v in values) else "string"
        return {**described, "type": kind, "enum": values, "default": option["default"]}
    if option["min"] is not None or option["max"] is not None:
        bounds = {"minimum": option["min"], "maximum": option["max"]}
        bounds = {k: v for k, v in bounds.items() if v is not None}
        return {**described, "type": "integer", **bounds}
    return {**described, "type": "string", "maxLength": 64}


def setup_components() -> dict[str, Any]:
    """``NewGame`` as one named branch a kind, each with its own options (names, choices, ranges).

    An option another game has, or a value outside its choices, is then outside the
    schema; what the schema cannot say (two options that do not go together, such
    as teams for too few players) is the 400 ``bad_options`` it documents.
    """
    components: dict[str, Any] = {}
    names: dict[str, str] = {}
    for kind in kinds():
        prefix = game_prefix(kind["kind"])
        setup, new = f"{prefix}Setup", f"New{prefix}Game"
        names[kind["kind"]] = new
        components[setup] = {
            "title": setup,
            "description": f"The setup options of {kind['name']}; missing ones take their "
            "defaults.",
            "type": "object",
            "properties": {o["name"]: _option_schema(o) for o in kind["options"]},
            "additionalProperties": False,
        }
        components[new] = {
            "title": new,
            "description": f"A new game of {kind['name']} against computers.",
            "type": "object",
            "properties": {
                "kind": {"type": "string", "const": kind["kind"]},
                "options": {"$ref": REF + setup},
            },
            "required": ["kind"],
        }
    components["NewGame"] = {
        "title": "NewGame",
        **_union(names, "kind", "A new game: one kind from GET /kinds and its options."),
    }
    return components


def publish(schema: dict[str, Any]) -> dict[str, Any]:
    """Put every game's setup components in the document (its actions are models:
    api.action_models, published by ninja like any body)."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components.update(setup_components())
    return schema
