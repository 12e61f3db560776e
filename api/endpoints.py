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
from django.utils.cache import patch_cache_control
from ninja import Field, NinjaAPI, Query, Schema, Status
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.security import HttpBearer

from api import games, tokens
from api.errors import ApiError
from api.models import PLAY, READ, AccessToken
from api.schemas import (
    MAX_VERSION,
    ActionIn,
    Error,
    FormError,
    GameOut,
    GameSummary,
    Kind,
    Legal,
    NewGame,
    WaitOut,
)
from games import services
from games.models import GameStatus
from rummy_site.middleware import count_use

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
            raise ApiError(403, f"This token lacks the '{self.scope}' scope.", "scope")
        limit, window = getattr(settings, "API_REQUEST_LIMIT", (600, 60))
        if not count_use(f"api-requests:{found.pk}", limit, window):
            raise ApiError(429, "Too many requests with this token; slow down.", "too_many")
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
        return response


DESCRIPTION = """Play the site's games from a program.

Make a personal access token on the site's API tokens page (scopes `read` and
`play`) and send it as `Authorization: Bearer <token>`. Start a game against
computers (POST /games), read your seat's view, list the legal action types
with their JSON Schema, submit an action with the version you saw, and wait
for the next change (a bounded long-poll). A stale version is refused with
409, an illegal move with 422; a refusal changes nothing.
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
    return _refused(request, exc.status, exc.body())


@api.exception_handler(services.ServiceError)
def _service_error(request: HttpRequest, exc: services.ServiceError) -> HttpResponse:
    return _refused(request, exc.status, {"detail": exc.message, "code": exc.code})


@api.exception_handler(AuthenticationError)
def _unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    detail = "Send a valid personal access token: 'Authorization: Bearer rmy_…'."
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
    detail = "The request was not understood. " + "; ".join(problems[:5])
    return _refused(request, 400, {"detail": detail, "code": "malformed"})


class ListQuery(Schema):
    status: GameStatus | None = None
    limit: int = Field(20, ge=1, le=games.MAX_LIST)


class WaitQuery(Schema):
    version: int = Field(ge=0, le=MAX_VERSION, description="The version you last saw.")
    timeout: float = Field(20.0, ge=0, le=3600, description="Seconds to wait (at most 30 used).")


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
    """Each action type with its JSON Schema and whether it is legal now."""
    game, seat = games.game_for_program(game_id, request.user)
    return games.legal_actions(game, seat)


@api.post(
    "/games/{game_id}/actions",
    auth=PLAY_AUTH,
    response={200: GameOut, **REFUSALS},
    summary="Submit an action",
)
def submit_action(request: HttpRequest, game_id: UUID, body: ActionIn) -> dict[str, Any]:
    """Play one action for your seat at ``version``; 409 if the game moved on, 422 if illegal."""
    game, seat = games.game_for_program(game_id, request.user)
    game = services.play(game.id, seat.index, body.action, body.version, loaded=game)
    game, seat = games.game_for_program(game.id, request.user)
    return games.game_out(game, seat)


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
