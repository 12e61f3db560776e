"""Each game's seat view as pydantic models: the one definition the OpenAPI document publishes.

What ``GET games/{id}`` answers in ``view`` is the engine's ``view(state, seat)``:
only what that seat may see. These models describe it field by field, so a
program can be written from the schema alone. They are documentation and a
contract, not a filter: the API sends the engine's view as it is, and the
contract test (tests/api/test_view_models.py) validates every view of seeded
playouts of every short configuration against these models with no unknown
key allowed, so an engine that changes its view fails that test until the
models say so too. (First drafted from those playouts, then described by hand.)

Each game's models live in its own web package (``api_view.py``), whose
``VIEW`` is the whole seat view and the package's ``GameWeb.api_view``; this
module holds only the shared base and finds the views through the catalogue's
games (games.gameweb.web_for), so a new game touches nothing here.
They are looked up on first use, not at import, because those modules import
:class:`ViewPart` from here.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Union

from ninja import Schema
from pydantic import ConfigDict, Field, TypeAdapter

from games import catalogue
from games.gameweb import web_for


class ViewPart(Schema):
    """A part of a view: every key is described; no other key is expected."""

    model_config = ConfigDict(extra="forbid")


class Piece(ViewPart):
    """A tile as the tile games show it: the fields every such piece has (a game's own
    piece model adds what else it carries: a joker flag, who laid it…)."""

    id: int = Field(description="The piece's id (what actions name).")
    face: str = Field(description="The piece's face as text (R7, K13, J, AS…).")
    colour: str | None = Field(description="The colour letter, or null for a joker.")
    number: int | None = Field(description="The number 1-13, or null.")


@cache
def view_classes() -> dict[str, type[ViewPart]]:
    """Each ready game's seat-view model, by kind, in the catalogue's order."""
    return {entry.kind: _view_model(entry.kind) for entry in catalogue.ready()}


def _view_model(kind: str) -> type[ViewPart]:
    model = web_for(kind).api_view
    assert issubclass(model, ViewPart), f"{kind}'s api_view is not a ViewPart"
    return model


def seat_view() -> Any:
    """Every game's view as one type, told apart by its ``kind`` field."""
    models = tuple(view_classes().values())
    if len(models) == 1:
        return models[0]
    return Annotated[Union[models], Field(discriminator="kind")]  # noqa: UP007 (built at run time)


def model_names() -> dict[str, str]:
    """Each game's view model's name (its schema's name in the OpenAPI document), by kind."""
    return {kind: model.__name__ for kind, model in view_classes().items()}


def __getattr__(name: str) -> Any:
    """``VIEW_MODELS`` (kind → view model name) and ``SeatView``, built on first use."""
    if name == "VIEW_MODELS":
        return model_names()
    if name == "SeatView":
        return seat_view()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def view_schemas() -> dict[str, Any]:
    """The view models as JSON Schema definitions, for the OpenAPI document's components."""
    schema = TypeAdapter(seat_view()).json_schema(ref_template="#/components/schemas/{model}")
    defs: dict[str, Any] = schema.get("$defs", {})
    return defs


def publish(schema: dict[str, Any]) -> dict[str, Any]:
    """Put the views in the OpenAPI document and point ``view`` at them (each game's
    actions and setup are api.game_schemas's)."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components.update(view_schemas())
    names = model_names()
    refs = [{"$ref": f"#/components/schemas/{name}"} for name in names.values()]
    mapping = {kind: ref["$ref"] for kind, ref in zip(names, refs, strict=True)}
    view = components["GameOut"]["properties"]["view"]
    view.pop("additionalProperties", None)
    view.pop("type", None)
    view.update(oneOf=refs, discriminator={"propertyName": "kind", "mapping": mapping})
    return schema
