"""The API's request and response shapes (pydantic, via django-ninja): the OpenAPI schema.

Kept apart from the endpoints so the published contract reads in one place.
A seat's ``view`` is an open object: its keys are each engine's own (see
GET /kinds and the legal-move schema), and they are exactly what that seat
may see — the same ``engine.view`` the pages render.
"""

from datetime import datetime
from functools import cache
from typing import Any
from uuid import UUID

from ninja import Field, Schema
from pydantic import ConfigDict, field_validator

from games import catalogue
from talk import phrases

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
    """Read leniently: the document publishes one named branch a kind, with that kind's own
    options (api.game_schemas); an unlisted kind still gets the API's own refusal (400
    bad_kind, naming the kinds), and its options are read by the game's setup form."""

    kind: str = Field(max_length=32, description="A kind from GET /kinds.")
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
    view: dict[str, Any] = Field(
        description="What your seat may see, and nothing else: one schema per game, told "
        "apart by its kind (TileRummyView, RumbarooView…)."
    )


class WaitOut(GameOut):
    changed: bool = Field(description="False when the wait timed out with nothing new.")


class ChoiceSlots(Schema):
    """Many complete actions of one type, stated exactly in little space (a two-pile discard)."""

    field: str = Field(description="The action field the family fills (a list), e.g. cards.")
    options: list[list[Any]] = Field(
        description="Per position of that list, every value allowed there now: options[0] for "
        "the first entry, options[1] for the second… (for a discard of one card onto each of "
        "two piles: the cards that may go on pile 0, then those that may go on pile 1)."
    )
    distinct: bool = Field(description="True when no value may appear twice in one action.")


class ActionType(Schema):
    type: str
    legal_now: bool = Field(
        description="True when some move of this type is accepted now: one of its choices, "
        "one from its slots, or (composed) one you build from the view and check first."
    )
    needs_fields: bool = Field(description="True when the type takes fields besides type.")
    composed: bool = Field(
        description="True when more moves of this type exist than are listed (melds, whole "
        "tables): build one from your view and dry-run it with POST games/{id}/check."
    )
    choices: list[dict[str, Any]] = Field(
        description="Complete actions of this type the game accepts now, each ready to send "
        "as it stands (every discard, target, number, pile…). Empty when none is, or when "
        "slots states them."
    )
    slots: ChoiceSlots | None = Field(
        description="Null, or a family of choices too many to list one by one: every action "
        '{"type": type, slots.field: [v0, v1, …]} with each v_i from slots.options[i] (all '
        "different when slots.distinct) is accepted now, e.g. options [[4, 9], [4, 9]] with "
        "distinct true stands for cards [4, 9] and [9, 4]. With choices, these are all this "
        "type's complete moves."
    )
    schema_: dict[str, Any] = Field(alias="schema", description="JSON Schema of this action.")


class Legal(Schema):
    id: UUID
    version: int = Field(description="The version these choices hold for.")
    seat: int
    my_turn: bool
    timeout_action: dict[str, Any] = Field(
        description="What the site plays for a seat whose clock runs out: legal whenever "
        "my_turn is true."
    )
    hold_seconds: float = Field(
        description="Seconds before a move other than an answer to an open window is "
        "accepted (others still have time to answer); 0 almost always. Wait, then send."
    )
    actions: list[ActionType]


class CheckOut(Schema):
    accepted: bool = Field(description="True when the game would accept this action now.")
    code: str | None = Field(
        description="When refused: the stable reason code, as a move would be refused."
    )
    detail: str | None = Field(description="When refused: the reason, as the pages show it.")
    version: int = Field(description="The version the action was checked at.")


@cache
def _action_types() -> list[str]:
    """Every action type of every ready game (GET games/{id}/legal lists one game's)."""
    types: dict[str, None] = {}
    for entry in catalogue.ready():
        declared = getattr(catalogue.load(entry.engine), "ACTION_FIELDS", {})
        types.update(dict.fromkeys(t for t in declared if t != "*"))
    return list(types)


class ActionIn(Schema):
    """A move and its version for any game: the body of POST games/{id}/actions and …/check,
    kept for programs written before each game had its own (api.action_models)."""

    version: int = Field(ge=0, le=MAX_VERSION, description="The version your move was made at.")
    action: dict[str, Any] = Field(
        description='An action, e.g. {"type": "draw"}: one of the choices GET games/{id}/legal '
        "lists, or a composed one built from its schema. A type the game does not have, or a "
        "move it refuses now, is a 422 with the reason."
    )

    @field_validator("action")
    @classmethod
    def _has_a_type(cls, action: dict[str, Any]) -> dict[str, Any]:
        """An action has a type some game has (400 otherwise), as it always had to."""
        if action.get("type") not in _action_types():
            raise ValueError(
                'an action is an object with a "type" some game has, e.g. {"type": "draw"}'
            )
        return action


class RoomSeatOut(Schema):
    index: int
    plays: str = Field(description="empty, person, computer or program")
    name: str = Field(description="The table name ('' for an empty seat or a computer).")


class RoomOut(Schema):
    id: str = Field(description="The room's public id (GET rooms/{id}, GET rooms/{id}/wait).")
    name: str
    kind: str = Field(description="The game the room plays (a kind from GET /kinds).")
    game_name: str
    status: str = Field(description="waiting (seats still changing), playing or closed")
    listed: bool = Field(description="True when the room is in the public lobby.")
    seats: list[RoomSeatOut]
    my_seat: int | None = Field(description="Your account's seat in the room, if it has one.")
    my_seat_is_program: bool = Field(description="True when that seat is your program's.")
    ready: bool = Field(description="Every seat is filled: the host may deal.")
    game: UUID | None = Field(
        description="The game being played, once dealt, when your program sits in it: "
        "play it with the games endpoints. Null until the host deals."
    )
    updated: datetime


class RoomWaitOut(RoomOut):
    changed: bool = Field(description="False when the wait timed out with no game dealt.")


class JoinRoom(Schema):
    code: str = Field(
        min_length=1,
        max_length=32,
        description="The room's invite code (from its invite link …/rooms/invite/<code>/), "
        "or a listed room's id.",
    )
    table_name: str = Field(
        min_length=1, max_length=40, description="The name your program goes by at the table."
    )


class ChallengeOut(Schema):
    id: int = Field(description="The challenge's number (POST challenges/{id}/accept or decline).")
    kind: str = Field(description="The game it is for (a kind from GET /kinds).")
    game_name: str
    sender: str = Field(description="The friend who sent it, by their board name.")
    status: str = Field(description="pending (waiting for your answer), accepted or declined")
    created: datetime
    answered: datetime | None = Field(description="When it was answered; null while pending.")
    room: str | None = Field(
        description="Once accepted: the id of the room it opened (GET rooms/{id})."
    )


# --- table talk: quick phrases only ------------------------------------------------------


class QuickPhrase(Schema):
    key: str = Field(description="What you send to say it (POST games/{id}/phrases).")
    words: str = Field(description="How it reads, in the request's language.")


class SaidPhrase(Schema):
    id: int = Field(
        description="The line's number, growing: send the last one you read as ``after``."
    )
    seat: int = Field(description="The seat that said it (your own included).")
    phrase: str = Field(description="The phrase's key (one of the phrases listed).")
    words: str = Field(description="How it reads, in the request's language.")
    at: datetime = Field(description="When it was said.")


class TableTalk(Schema):
    phrases: list[QuickPhrase] = Field(description="Every quick phrase your program may say.")
    said: list[SaidPhrase] = Field(
        description="The quick phrases said at the table by its seats, oldest first (the "
        "newest 50, or those after ``after``). Written messages and spectators' talk are "
        "never here."
    )


class PhraseIn(Schema):
    """A quick phrase to say at the table; programs never send free text (no other field)."""

    model_config = ConfigDict(extra="forbid")

    # Read as any key and refused by talk itself (400 unknown_phrase), as the table's own
    # phrase bar is; the document lists the keys.
    phrase: str = Field(
        max_length=32,
        description="A phrase's key, from GET games/{id}/phrases: hello, good_luck…",
        json_schema_extra={"enum": list(phrases.PHRASES)},
    )
