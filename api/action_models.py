"""Each game's actions as pydantic models: one model a type, one union a game, read exactly.

Why models, and why per game: one schema listing every game's action types called
``{"type": "add"}`` (one game's move) a valid action of every game, which the others then
refused as unknown. Here a game's body (``TileRummyActionIn``) carries that game's union
(``TileRummyAction``: ``TileRummyPlayAction``, ``TileRummyDrawAction``… told apart by
``type``), so the published schema and the reading of a request are one definition:
what fits the schema is read, and what does not is a 400 before the game is asked.

The models are built from each engine's declared shapes (``ACTION_FIELDS``, see
``games.action_schema``), the same data the service reads every move with, so they
cannot drift from it: a field is optional, an unknown field is refused, a whole
number is a JSON number (never ``"5"`` or ``true``, which pydantic would read), a
choice is one of its values. Only the total count of ids in a table ("at most N in
all") is beyond a schema; the service still refuses it, as a move (422).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any, Literal, Union

from annotated_types import Ge, Le
from ninja import Schema
from pydantic import BeforeValidator, ConfigDict, Field, RootModel, StrictBool, create_model

from api.game_schemas import action_name, game_prefix
from api.legal import action_types
from api.schemas import MAX_VERSION
from games import catalogue

Spec = tuple[Any, ...]


class ActionPart(Schema):
    """An action or a part of one: only its declared fields; a missing one is left out."""

    model_config = ConfigDict(extra="forbid")


def _number_only(value: Any) -> Any:
    """The schema says integer: text and true/false are not one, though pydantic reads them."""
    if isinstance(value, str | bool):
        raise ValueError("expected a whole number")
    return value


def _whole(low: int, high: int) -> Any:
    return Annotated[int, Ge(low), Le(high), BeforeValidator(_number_only)]


def field_type(spec: Spec, name: str) -> Any:
    """One declared field shape as a pydantic type (``name`` names a nested object's model)."""
    shape = spec[0]
    if shape == "int":
        return _whole(spec[1], spec[2])
    if shape == "bool":
        return StrictBool
    if shape == "choice":
        described = Field(description=spec[2]) if len(spec) > 2 else Field()
        return Annotated[Literal[tuple(spec[1])], described]
    if shape in ("table", "pairs"):
        row: Any = list[_whole(spec[1], spec[2])]
        if shape == "pairs":
            row = Annotated[row, Field(min_length=2, max_length=2)]
        return Annotated[list[row], Field(max_length=spec[3], description=_in_all(spec[3]))]
    if shape == "nested":  # rows such as [owner, meld, [ids]]: three lists deep at most
        leaf = _whole(spec[1], spec[2])
        inner = Union[leaf, list[leaf]]  # noqa: UP007 (built at run time)
        return Annotated[list[Union[leaf, list[inner]]], Field(description=_in_all(spec[3]))]  # noqa: UP007
    if shape == "object":
        return _model(name, spec[1])
    if shape == "list":
        item = field_type(spec[2], name)
        if len(spec) > 3 and spec[3]:
            item = item | None
        return Annotated[list[item], Field(max_length=spec[1])]
    raise ValueError(f"unknown field shape {shape!r} for {name!r}")  # a bug in a declaration


def _in_all(most: int) -> str:
    return f"At most {most} ids in all."


def _model(name: str, fields: Mapping[str, Spec], **fixed: Any) -> type[ActionPart]:
    """A model of optional fields, each of its declared type (none is ever null)."""
    declared: dict[str, Any] = {
        field: (field_type(spec, name + field.capitalize()), Field(None, validate_default=False))
        for field, spec in fields.items()
    }
    return create_model(
        name,
        __base__=ActionPart,
        __module__=__name__,
        **fixed,
        **declared,
    )


@cache
def action_models(kind: str) -> dict[str, type[ActionPart]]:
    """One model a type of the game's actions, by type, in the engine's order."""
    engine = catalogue.load(catalogue.get(kind).engine)
    prefix = game_prefix(kind)
    fields: Mapping[str, Mapping[str, Spec]] = engine.ACTION_FIELDS
    models = {}
    for move in action_types(engine):
        name = action_name(prefix, move)
        typed = (Literal[move], Field(description=f'"{move}": this type of action.'))
        models[move] = _model(name, {**fields.get("*", {}), **fields[move]}, type=typed)
    return models


@cache
def action_union(kind: str) -> type[RootModel[Any]]:
    """The game's action: one of its types' models, told apart by ``type``."""
    models = tuple(action_models(kind).values())
    one_of = Annotated[Union[models], Field(discriminator="type")]  # noqa: UP007 (run time)
    name = f"{game_prefix(kind)}Action"
    doc = f"An action in {catalogue.get(kind).name}: one of its types, with its fields."
    return type(name, (RootModel[one_of],), {"__module__": __name__, "__doc__": doc})


@cache
def action_in(kind: str) -> type[Schema]:
    """The body of the game's own action endpoints: a move of this game and its version."""
    doc = f"A move in {catalogue.get(kind).name} and the version it was made at."
    body: type[Schema] = create_model(
        f"{game_prefix(kind)}ActionIn",
        __base__=ActionPart,
        __module__=__name__,
        __doc__=doc,
        version=(
            _whole(0, MAX_VERSION),  # false is no version, though pydantic would read it as 0
            Field(description="The version your move was made at."),
        ),
        action=(
            action_union(kind),
            Field(
                description="One of the choices GET games/{id}/legal lists, or a composed "
                "move built from its type's fields. A move the game refuses now is a 422."
            ),
        ),
    )
    return body


def plain(action: RootModel[Any]) -> dict[str, Any]:
    """The action as the service reads it: a dict of the fields sent."""
    sent: dict[str, Any] = action.root.model_dump(exclude_unset=True)
    return sent
