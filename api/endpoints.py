"""The JSON API for programs (django-ninja), mounted at /api/v1/ with its OpenAPI schema.

In the spirit of lichess's bot API: a personal access token in
``Authorization: Bearer …`` (scopes ``read`` and ``play``), and endpoints that
are thin over ``api.games`` and the one service door. Session cookies never
authenticate here, so CSRF does not apply: a page's cookie cannot make a move
through the API. Every response is ``private, no-store`` (it is one
account's seat), and every refusal is ``{"detail", "code"}`` with the
service's own status (409 stale, 422 illegal, 403 ended…).
"""

from typing import Any
from uuid import UUID

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from ninja import Field, NinjaAPI, Path, Query, Schema, Status
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.security import HttpBearer

from api import (
    action_models,
    challenges,
    game_schemas,
    games,
    limits,
    links,
    rooms,
    talk,
    tokens,
    view_models,
)
from api.errors import ApiError, no_such_game
from api.models import PLAY, READ, AccessToken
from api.schemas import (
    MAX_VERSION,
    ActionIn,
    ChallengeOut,
    CheckOut,
    Error,
    FormError,
    GameOut,
    GameSummary,
    JoinRoom,
    Kind,
    Legal,
    NewGame,
    PhraseIn,
    RoomOut,
    RoomWaitOut,
    SaidPhrase,
    TableTalk,
    WaitOut,
)
from games import catalogue, services
from games.models import GameStatus

REFUSALS: dict[int | tuple[int, ...], Any] = {(400, 401, 403, 404, 409, 422, 429): Error}


class TokenAuth(HttpBearer):
    """A personal access token that carries ``scope``; the token's account becomes the user."""

    def __init__(self, scope: str) -> None:
        super().__init__()
        self.scope = scope

    def authenticate(self, request: HttpRequest, token: str) -> AccessToken | None:
        found = tokens.find(token.strip())
        if found is None:
            return None
        if not found.allows(self.scope):
            detail = _("This token lacks the '%(scope)s' scope.") % {"scope": self.scope}
            raise ApiError(403, detail, "scope")
        quota = limits.count_request(found.pk, request)
        if quota.exceeded:
            detail = _(
                "Too many requests with this token: %(limit)s every %(window)s s. "
                "Try again in %(reset)s s (Retry-After)."
            ) % {"limit": quota.limit, "window": quota.window, "reset": quota.reset}
            raise ApiError(429, detail, "too_many")
        # Whoever the session cookie names, this request is the token's account.
        request.user = found.user
        return found


class ProgramAPI(NinjaAPI):
    """NinjaAPI whose every answer, refusals included, is kept out of caches."""

    def create_response(
        self,
        request: HttpRequest,
        data: Any,
        *,
        status: int | None = None,
        temporal_response: HttpResponse | None = None,
    ) -> HttpResponse:
        response = super().create_response(
            request, data, status=status, temporal_response=temporal_response
        )
        patch_cache_control(response, private=True, no_store=True)
        limits.add_headers(request, response)
        if response.status_code == 429 and not response.has_header("Retry-After"):
            response["Retry-After"] = str(getattr(request, "api_retry_after", 1))
        return response

    def get_openapi_schema(self, **kwargs: Any) -> Any:
        """The generated schema plus the limit headers on every answer (ninja has no field).

        Written in the site's source language whatever the reader's: the document is the
        programs' contract (one document, one set of names), while the ``detail`` of each
        answer speaks the request's language.
        """
        with translation.override(settings.LANGUAGE_CODE):
            schema = super().get_openapi_schema(**kwargs)
            published = game_schemas.publish(view_models.publish(limits.document(schema)))
            return links.add_links(published)


DESCRIPTION = """Play the site's games from a program. The guide is at /api/.

Make a personal access token on the site's API tokens page (scopes `read` and
`play`) and send it as `Authorization: Bearer <token>`. Start a game against
computers (POST /games), take the program seat in a room by its invite code
(POST /rooms/join, then GET /rooms/{id}/wait until the host deals), or accept
a friend's challenge (GET /challenges, POST /challenges/{id}/accept: the game
is dealt at once with your program in it). Read your
seat's view (one schema per game), ask for the legal moves (GET …/legal lists
every complete move you may send now; melds are composed and dry-run with
POST …/check), submit one with the version you saw, and wait for the next
change (GET …/wait, 1 to 30 s). A stale version is refused with 409, an
illegal move with 422; a refusal changes nothing.

At an online table (a room's game) your program may say quick phrases (POST
/games/{id}/phrases) and read those said there (GET …/phrases); programs never
write free text.

Limits: every answer carries `RateLimit-Policy` and `RateLimit` headers (IETF
draft); past the limit the answer is 429 with `Retry-After` (seconds).
"""


api = ProgramAPI(
    title="Rummy API",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api-v1",
    auth=TokenAuth(READ),
)
PLAY_AUTH = TokenAuth(PLAY)


def _refused(request: HttpRequest, status: int, body: dict[str, Any]) -> HttpResponse:
    return api.create_response(request, body, status=status)


@api.exception_handler(ApiError)
def _api_error(request: HttpRequest, exc: ApiError) -> HttpResponse:
    if exc.retry_after is not None:
        request.api_retry_after = exc.retry_after  # type: ignore[attr-defined]
    return _refused(request, exc.status, exc.body())


@api.exception_handler(services.ServiceError)
def _service_error(request: HttpRequest, exc: services.ServiceError) -> HttpResponse:
    return _refused(request, exc.status, {"detail": exc.message, "code": exc.code})


@api.exception_handler(AuthenticationError)
def _unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    detail = _("Send a valid personal access token: 'Authorization: Bearer rmy_…'.")
    return _refused(request, 401, {"detail": detail, "code": "unauthenticated"})


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return _refused(request, exc.status_code, {"detail": str(exc), "code": "refused"})


@api.exception_handler(ValidationError)
def _malformed(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    """A request that does not match the schema: 400 with each problem named."""
    problems = [
        f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', 'invalid')}"
        for e in exc.errors
    ]
    detail = _("The request was not understood. %(problems)s") % {
        "problems": "; ".join(problems[:5])
    }
    return _refused(request, 400, {"detail": detail, "code": "malformed"})


class RoomWaitQuery(Schema):
    timeout: float = Field(
        20.0,
        ge=1,
        le=30,
        description="Seconds to wait for the table to be dealt: 1 to 30 (default 20).",
    )


class ListQuery(Schema):
    status: GameStatus | None = None
    limit: int = Field(20, ge=1, le=games.MAX_LIST)


class WaitQuery(Schema):
    version: int = Field(ge=0, le=MAX_VERSION, description="The version you last saw.")
    timeout: float = Field(
        20.0,
        ge=1,
        le=30,
        description="Seconds to wait for a change: 1 to 30 (default 20). The answer comes "
        "after at most this long (plus a moment), with changed false if nothing moved.",
    )


class PhrasesQuery(Schema):
    after: int = Field(
        0,
        ge=0,
        le=2**63 - 1,
        description="Only the phrases said after this line's id (the last one you read); "
        "0 (the default) for the newest 50.",
    )


# --- endpoints ---------------------------------------------------------------------------


@api.get("/kinds", auth=None, response={200: list[Kind], **REFUSALS}, summary="Games you can start")
def list_kinds(request: HttpRequest) -> list[dict[str, Any]]:
    """Every game a program may start, with its setup options (public, like the setup pages)."""
    return games.kinds()


@api.post(
    "/games",
    auth=PLAY_AUTH,
    response={201: GameOut, 400: FormError, **REFUSALS},
    summary="Start a game against computers",
)
def create_game(request: HttpRequest, body: NewGame) -> Status[dict[str, Any]]:
    """Deal a game read by the game's own setup form; your program takes the person's seat."""
    game = games.create(request, body.kind, body.options)
    game, seat = games.game_for_program(game.id, request.user)
    return Status(201, games.game_out(game, seat))


@api.get("/games", response={200: list[GameSummary], **REFUSALS}, summary="Your program's games")
def list_games(request: HttpRequest, filters: Query[ListQuery]) -> list[dict[str, Any]]:
    """Games where the token's account has a program seat, most recently changed first."""
    seats = games.program_games(request.user, filters.status, filters.limit)
    return [games.summary(seat.game, seat) for seat in seats]


@api.get("/games/{game_id}", response={200: GameOut, **REFUSALS}, summary="Your seat's view")
def read_game(request: HttpRequest, game_id: UUID) -> dict[str, Any]:
    """The game and exactly what your seat may see of it now."""
    game, seat = games.game_for_program(game_id, request.user)
    return games.game_out(game, seat)


@api.get(
    "/games/{game_id}/legal",
    response={200: Legal, **REFUSALS},
    by_alias=True,
    summary="Legal action types and their schema",
)
def legal_actions(request: HttpRequest, game_id: UUID) -> dict[str, Any]:
    """Each action type with its JSON Schema, whether it is legal now and its choices.

    Like ``wait``, it first plays computer answers that fell due in a timed window,
    so the choices hold for the version it names.
    """
    game, seat = games.game_for_program(game_id, request.user)
    if game.awaiting_computer and services.run_due_computer_turns(game.pk):
        game, seat = games.game_for_program(game_id, request.user)
    return games.legal_actions(game, seat)


# The any-game forms of the two action endpoints, as programs written before each game had
# its own (below) call them: still served, no longer published, since one schema for every
# game's actions cannot say which types a game has.
@api.post("/games/{game_id}/actions", auth=PLAY_AUTH, include_in_schema=False)
def submit_action(request: HttpRequest, game_id: UUID, body: ActionIn) -> dict[str, Any]:
    """Play one action for your seat at ``version``; 409 if the game moved on, 422 if illegal."""
    return _submitted(request, game_id, "", body.action, body.version)


@api.post("/games/{game_id}/check", include_in_schema=False)
def check_action(request: HttpRequest, game_id: UUID, body: ActionIn) -> dict[str, Any]:
    """Would this action be accepted now? As each game's own check, for any game."""
    return _checked(request, game_id, "", body.action, body.version)


def _submitted(
    request: HttpRequest, game_id: UUID, kind: str, action: dict[str, Any], version: int
) -> dict[str, Any]:
    game, seat = _program_game(request, game_id, kind)
    game = services.play(game.id, seat.index, action, version, loaded=game)
    game, seat = games.game_for_program(game.id, request.user)
    return games.game_out(game, seat)


def _checked(
    request: HttpRequest, game_id: UUID, kind: str, action: dict[str, Any], version: int
) -> dict[str, Any]:
    game, seat = _program_game(request, game_id, kind)
    return games.check_action(game, seat, action, version)


def _program_game(request: HttpRequest, game_id: UUID, kind: str) -> tuple[Any, Any]:
    """The program's game and seat; a game of another kind than ``kind`` (when named) is 404."""
    game, seat = games.game_for_program(game_id, request.user)
    if kind and game.kind != kind:
        raise no_such_game()
    return game, seat


def _game_action_endpoints(entry: catalogue.GameEntry) -> None:
    """One game's own action endpoints, whose body is that game's actions and no other's.

    Under ``/<kind>/games/{game_id}/``: a game of another kind is not found there (404).
    """
    body_model = action_models.action_in(entry.kind)
    base, kind = f"/{entry.kind}/games/{{game_id}}", entry.kind

    def submit(request: HttpRequest, game_id: UUID, body: body_model) -> dict[str, Any]:
        return _submitted(request, game_id, kind, action_models.plain(body.action), body.version)

    def check(request: HttpRequest, game_id: UUID, body: body_model) -> dict[str, Any]:
        return _checked(request, game_id, kind, action_models.plain(body.action), body.version)

    submit.__doc__ = (
        f"Play one {entry.name} action for your seat at ``version``; 409 if the game moved "
        f"on, 422 if the game refuses the move now, 404 for a game that is not {entry.name}."
    )
    check.__doc__ = (
        f"Would this {entry.name} action be accepted now? Nothing changes; the answer is 200 "
        "either way.\n\nRefused, it carries the same ``code`` and ``detail`` as the move would "
        "get (409 if ``version`` is stale, 403 once the game has ended). Use it for composed "
        "moves (melds, whole tables) before sending them; it counts against the request limit "
        "like any call."
    )
    api.post(
        f"{base}/actions",
        auth=PLAY_AUTH,
        response={200: GameOut, **REFUSALS},
        summary=f"Submit a {entry.name} action",
        operation_id=f"api_endpoints_submit_{entry.kind}_action",
        url_name=f"submit_{entry.kind}_action",
    )(submit)
    api.post(
        f"{base}/check",
        response={200: CheckOut, **REFUSALS},
        summary=f"Dry-run a {entry.name} action",
        operation_id=f"api_endpoints_check_{entry.kind}_action",
        url_name=f"check_{entry.kind}_action",
    )(check)


for _entry in catalogue.ready():
    _game_action_endpoints(_entry)


@api.get(
    "/games/{game_id}/wait",
    response={200: WaitOut, **REFUSALS},
    summary="Wait for the next change",
)
def wait(request: HttpRequest, game_id: UUID, params: Query[WaitQuery]) -> dict[str, Any]:
    """Answer once the game is past ``version`` (or has ended), or after ``timeout`` seconds.

    A bounded long-poll (at most 30 s): ``changed`` says which. Ask again with
    the new version to keep waiting.
    """
    game, seat = games.game_for_program(game_id, request.user)
    changed = games.wait_for_change(game, params.version, params.timeout, request.user)
    if changed:
        game, seat = games.game_for_program(game_id, request.user)
    return {**games.game_out(game, seat), "changed": changed}


# --- table talk: quick phrases only ---------------------------------------------------------


@api.get(
    "/games/{game_id}/phrases",
    response={200: TableTalk, **REFUSALS},
    summary="Quick phrases at your table",
)
def read_phrases(
    request: HttpRequest, game_id: UUID, params: Query[PhrasesQuery]
) -> dict[str, Any]:
    """The quick phrases your program may say, and those said at its online table by its
    seats (yours included), oldest first: the newest 50, or only those after ``after``.

    Programs talk in quick phrases only: written messages and the spectators' talk are
    never here, nor anyone your account muted or blocked. 409 ``no_talk`` for your own game
    against computers, 404 for anyone else's.
    """
    return talk.table_talk(game_id, request.user, params.after)


@api.post(
    "/games/{game_id}/phrases",
    auth=PLAY_AUTH,
    response={201: SaidPhrase, **REFUSALS},
    summary="Say a quick phrase",
)
def say_phrase(request: HttpRequest, game_id: UUID, body: PhraseIn) -> Status[dict[str, Any]]:
    """Say one quick phrase at your online table, as your program's seat: everyone at the
    table reads it in their own language. There is no free text for programs.

    400 ``unknown_phrase`` for a key that is not a phrase, 429 ``too_fast`` within 2 s of
    your last phrase (``Retry-After``), 403 ``silenced`` while your account is timed out or
    suspended, 409 ``no_talk`` for your own game against computers (it has no talk), 404
    for anyone else's game.
    """
    return Status(201, talk.say(game_id, request.user, body.phrase))


# --- rooms: a program seat at a friend's table ---------------------------------------------


@api.get("/rooms", response={200: list[RoomOut], **REFUSALS}, summary="Rooms you may join")
def list_rooms(request: HttpRequest) -> list[dict[str, Any]]:
    """Listed rooms waiting with a free seat, and every open room your account sits in.

    A private room is not listed until you join it with its invite code.
    """
    return [rooms.room_out(room, request.user) for room in rooms.joinable(request.user)]


@api.post(
    "/rooms/join",
    auth=PLAY_AUTH,
    response={200: RoomOut, **REFUSALS},
    summary="Seat your program in a room",
)
def join_room(request: HttpRequest, body: JoinRoom) -> dict[str, Any]:
    """Take the first free seat of the room as your account's program (by its invite code).

    The room page shows the seat as your program's; when the host deals, ``game``
    names the game to play. 404 for a wrong code, 409 when every seat is taken or a
    game is being played, 400 for a table name the room refuses.
    """
    room = rooms.join(request.user, body.code, body.table_name)
    return rooms.room_out(room, request.user)


@api.get("/rooms/{room_id}", response={200: RoomOut, **REFUSALS}, summary="A room")
def read_room(request: HttpRequest, room_id: str) -> dict[str, Any]:
    """The room's seats and status, and its game once dealt (404 unless you may see it)."""
    return rooms.room_out(rooms.visible_room(room_id, request.user), request.user)


@api.get(
    "/rooms/{room_id}/wait",
    response={200: RoomWaitOut, **REFUSALS},
    summary="Wait for the table to start",
)
def wait_for_room(
    request: HttpRequest, room_id: str, params: Query[RoomWaitQuery]
) -> dict[str, Any]:
    """Answer once the host has dealt a game your program plays in (or the room closed), or
    after ``timeout`` seconds with ``changed`` false: ask again to keep waiting."""
    room = rooms.visible_room(room_id, request.user)
    room, changed = rooms.wait_for_game(room, request.user, params.timeout)
    return {**rooms.room_out(room, request.user), "changed": changed}


# --- challenges: a friend's invitation to one game ----------------------------------------


class ChallengePath(Schema):
    challenge_id: int = Field(ge=1, le=2**63 - 1, description="A challenge's id.")


@api.get(
    "/challenges",
    response={200: list[ChallengeOut], **REFUSALS},
    summary="Challenges waiting for your answer",
)
def list_challenges(request: HttpRequest) -> list[dict[str, Any]]:
    """Friends' challenges to your account that are not yet answered, newest first (at most
    50). Accept one to play it with your program, or decline it."""
    return challenges.pending(request.user)


@api.post(
    "/challenges/{challenge_id}/accept",
    auth=PLAY_AUTH,
    response={200: RoomOut, **REFUSALS},
    summary="Accept a challenge for your program",
)
def accept_challenge(request: HttpRequest, path: Path[ChallengePath]) -> dict[str, Any]:
    """Accept it with the account page's rules: a private two-seat room opens and its game is
    dealt at once, your program in the second seat. The answer is the room, ``game`` set:
    play it with the games endpoints (``GET rooms/{id}/wait`` also answers at once).

    404 for a challenge that is not yours (or none), 409 once it was answered or withdrawn,
    403 when one of you blocked the other.
    """
    room = challenges.accept(request.user, path.challenge_id)
    return rooms.room_out(rooms.visible_room(room.public_id, request.user), request.user)


@api.post(
    "/challenges/{challenge_id}/decline",
    auth=PLAY_AUTH,
    response={200: ChallengeOut, **REFUSALS},
    summary="Decline a challenge",
)
def decline_challenge(request: HttpRequest, path: Path[ChallengePath]) -> dict[str, Any]:
    """Say no: the sender sees it declined. 404 for a challenge that is not yours (or none),
    409 once it was answered or withdrawn."""
    return challenges.decline(request.user, path.challenge_id)
