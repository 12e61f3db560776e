"""The API's request and response shapes (pydantic, via django-ninja): the OpenAPI schema.

Kept apart from the endpoints so the published contract reads in one place.
A seat's ``view`` is an open object: its keys are each engine's own (see
GET /kinds and the legal-move schema), and they are exactly what that seat
may see — the same ``engine.view`` the pages render.
"""

from datetime import datetime
from typing import Any
from uuid import UUID

from ninja import Field, Schema

from games import catalogue

MAX_VERSION = 10**9


class Error(Schema):
    detail: str = Field(description="What was wrong, in a sentence a person can act on.")
    code: str = Field(description="A stable word to branch on (stale, illegal, no_game…).")


class FormError(Error):
    errors: dict[str, list[str]] = Field(default_factory=dict, description="Per-option messages.")


class Level(Schema):
    key: str
    label: str


class Choice(Schema):
    value: Any
    label: str


class Option(Schema):
    name: str
    label: str
    default: Any = None
    choices: list[Choice] | None = None
    min: int | None = None
    max: int | None = None
    help: str = ""


class Kind(Schema):
    kind: str
    name: str
    players: str
    levels: list[Level]
    options: list[Option] = Field(description="What POST /games accepts in ``options``.")


class NewGame(Schema):
    # Published as an enum of the catalogue's games; an unlisted kind still gets the API's
    # own refusal (400 bad_kind, naming the kinds) rather than a bare schema error.
    kind: str = Field(
        max_length=32,
        description="A kind from GET /kinds.",
        json_schema_extra={"enum": [entry.kind for entry in catalogue.ready()]},
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="Setup options by name (GET /kinds); missing ones take their defaults.",
    )


class Player(Schema):
    index: int
    name: str
    plays: str = Field(description="computer, program or person")


class GameSummary(Schema):
    id: UUID
    kind: str
    name: str
    status: str = Field(description="active, finished or abandoned")
    version: int = Field(description="Moves applied so far: send it back with your next action.")
    seat: int = Field(description="Your program's seat index.")
    my_turn: bool = Field(description="True when your seat may act now.")
    config: dict[str, Any]
    players: list[Player]
    created: datetime
    updated: datetime


class GameOut(GameSummary):
    view: dict[str, Any] = Field(description="What your seat may see (the engine's view).")


class WaitOut(GameOut):
    changed: bool = Field(description="False when the wait timed out with nothing new.")


class ActionType(Schema):
    type: str
    legal_now: bool | None = Field(
        description="True/False for a type without fields; null when its fields decide."
    )
    needs_fields: bool
    schema_: dict[str, Any] = Field(alias="schema", description="JSON Schema of this action.")


class Legal(Schema):
    id: UUID
    version: int
    seat: int
    my_turn: bool
    timeout_action: dict[str, Any] = Field(
        description="What the site plays for a seat whose clock runs out: legal whenever "
        "my_turn is true."
    )
    actions: list[ActionType]


class ActionIn(Schema):
    version: int = Field(ge=0, le=MAX_VERSION, description="The version your move was made at.")
    action: dict[str, Any] = Field(description='An action, e.g. {"type": "draw"}.')
