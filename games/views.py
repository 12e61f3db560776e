"""The Tile Rummy screens. Thin: read the request, call a service, render.

Every POST names the version it was made against; the seat comes from who is
asking (account or signed device cookie), never from the form. A refusal is
answered with a 4xx and the board redrawn with the reason, game unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.describe import table_url
from games import drafts, presenters, services
from games.access import get_game_for_player, owned_seats
from games.engine.registry import engine_for
from games.forms import TileRummySetupForm
from games.models import Game, GameStatus, Move, Seat
from games.signals import game_saved

TABLE = "games/table.html"
ABANDON = "games/abandon.html"
COMPUTER_NAMES = ("Ada", "Bruno", "Cleo")


class _Refused(Exception):
    def __init__(self, error: services.ServiceError, game: Game, seat: Seat) -> None:
        self.error, self.game, self.seat = error, game, seat


def _refusals(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Answer a refusal raised before the service ran with the board and its reason."""

    @wraps(view)
    def wrapper(request: HttpRequest, game_id: UUID) -> HttpResponse:
        try:
            return view(request, game_id)
        except _Refused as refused:
            return _refuse(request, refused.game, refused.seat, refused.error)

    return wrapper


def setup(request: HttpRequest) -> HttpResponse:
    form = TileRummySetupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        game = services.create_game("tile_rummy", form.engine_config(), _seats(request, form))
        return redirect("games:table", game_id=game.id)
    return render(request, "games/setup.html", {"form": form}, status=400 if form.errors else 200)


def _seats(request: HttpRequest, form: TileRummySetupForm) -> list[services.SeatSpec]:
    user_id = request.user.pk if request.user.is_authenticated else None
    me = services.SeatSpec("You", user_id=user_id, device_key=request.device_key)
    level = form.cleaned_data["level"]
    bots = [
        services.SeatSpec(f"{COMPUTER_NAMES[i]} ({level})", computer_level=level)
        for i in range(form.cleaned_data["opponents"])
    ]
    return [me, *bots]


def how_to_play(request: HttpRequest) -> HttpResponse:
    return render(request, "games/how_to_play.html")


@require_GET
def table(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = get_game_for_player(request, game_id)
    if game.kind != "tile_rummy":  # every kind has its own table page
        return redirect(table_url(game))
    return _board(request, game, seat, template=TABLE)


@require_GET
def board(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """The board at version ``at``: a frame of someone else's move, or the live table.

    Asked for one version after another, it shows the computers' turns one
    at a time; a version not reached yet answers 204 without rendering.
    """
    at = _int(request.GET.get("at"))
    # One cheap query that also checks the seat: a stranger learns nothing, not even the version.
    mine = Game.objects.filter(id=game_id, seats__in=owned_seats(request))
    current = mine.values_list("version", flat=True).first()
    if current is not None and at is not None and at > current:
        return HttpResponse(status=204)
    game, seat = get_game_for_player(request, game_id)
    if at is not None and at < game.version:
        move = Move.objects.filter(game=game, seq=at).first()
        if move is not None:
            return _frame(request, game, seat, move)
    return _board(request, game, seat)


@require_POST
@_refusals
def move_tile(request: HttpRequest, game_id: UUID) -> HttpResponse:
    tile, target = _int(request.POST.get("tile")), request.POST.get("to", "")

    def change(draft: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
        if tile is None:
            raise services.ServiceError("Pick a tile first, then where it goes.", "no_tile")
        try:
            return drafts.move_tile(draft, view, tile, target)
        except drafts.DraftError as exc:
            raise services.ServiceError(str(exc), "bad_draft") from exc

    return _draft_change(request, game_id, change)


@require_POST
@_refusals
def reset(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return _draft_change(request, game_id, lambda draft, view: None)


@require_POST
@_refusals
def confirm(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = _game_for_post(request, game_id)
    draft = services.current_draft(seat, game.version)
    if not draft or not draft["placed"]:
        return _refuse(
            request, game, seat, services.IllegalMove("Place a tile from your rack first.")
        )
    return _act(request, game, seat, {"type": "play", "table": draft["table"]})


@require_POST
@_refusals
def draw(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = _game_for_post(request, game_id)
    return _act(request, game, seat, {"type": "draw"})


@require_POST
@_refusals
def next_round(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = _game_for_post(request, game_id)
    return _act(request, game, seat, {"type": "next_round"})


@require_POST
def speed(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = get_game_for_player(request, game_id)
    choice = request.POST.get("speed", "")
    if choice in presenters.SPEEDS:
        request.session["speed"] = choice
    return _board(request, game, seat)


@require_POST
@_refusals
def save_and_exit(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Leave the table. Every move is already saved; this makes it the newest save."""
    game, seat = _game_for_post(request, game_id)
    if game.status == GameStatus.ACTIVE:
        game_saved.send(sender=Game, game=game, seat=seat)
        messages.success(request, "Game saved. Continue it from the home page.")
    return redirect("games:home")


@require_http_methods(["GET", "POST"])
def abandon(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Ask first (GET), then end the game for good (POST); it counts as a loss."""
    game, seat = get_game_for_player(request, game_id)
    if game.status != GameStatus.ACTIVE:
        messages.info(request, "This game has already ended.")
        return redirect("games:table", game_id=game.id)
    error: services.ServiceError | None = None
    if request.method == "POST":
        version = _int(request.POST.get("version"))
        if version is None:
            error = services.ServiceError("The request was missing the game version.", "malformed")
        else:
            try:
                services.abandon(game.id, seat.index, version)
            except services.ServiceError as exc:
                error = exc
            else:
                messages.info(request, "Game abandoned. It counts as a loss.")
                return redirect("games:home")
        game.refresh_from_db()
    context = {"game": game, "version": game.version, "error": error and error.message}
    return render(request, ABANDON, context, status=error.status if error else 200)


# --- helpers -----------------------------------------------------------------


def _game_for_post(request: HttpRequest, game_id: UUID) -> tuple[Game, Seat]:
    """The caller's game and seat; a forged seat or a missing version is refused here."""
    game, seat = get_game_for_player(request, game_id)
    claimed = request.POST.get("seat")
    if claimed is not None and claimed != str(seat.index):
        raise _Refused(services.NotAllowed("That seat isn't yours.", "forged_seat"), game, seat)
    if _int(request.POST.get("version")) is None:
        error = services.ServiceError("The request was missing the game version.", "malformed")
        raise _Refused(error, game, seat)
    return game, seat


def _act(request: HttpRequest, game: Game, seat: Seat, action: dict[str, Any]) -> HttpResponse:
    version = _int(request.POST.get("version"))
    try:
        services.play(game.id, seat.index, action, version or 0)
    except services.ServiceError as exc:
        return _refuse(request, game, seat, exc)
    game.refresh_from_db()
    if not request.htmx:
        return redirect("games:table", game_id=game.id)
    # Show our own move first; the board then steps through the computers' turns.
    return _board(request, game, seat, shown=(version or 0) + 1)


def _draft_change(request: HttpRequest, game_id: UUID, change: Any) -> HttpResponse:
    game, seat = _game_for_post(request, game_id)
    try:
        services.update_draft(game.id, seat.index, _int(request.POST.get("version")) or 0, change)
    except services.ServiceError as exc:
        return _refuse(request, game, seat, exc)
    if not request.htmx:
        return redirect("games:table", game_id=game.id)
    seat.refresh_from_db()
    return _board(request, game, seat)


def _refuse(
    request: HttpRequest, game: Game, seat: Seat, error: services.ServiceError
) -> HttpResponse:
    game.refresh_from_db()
    seat.refresh_from_db()
    if not request.htmx:
        messages.error(request, error.message)
        return redirect("games:table", game_id=game.id)
    return _board(request, game, seat, error=error.message, status=error.status)


def _board(
    request: HttpRequest,
    game: Game,
    seat: Seat,
    *,
    template: str = f"{TABLE}#board",
    error: str | None = None,
    status: int = 200,
    shown: int | None = None,
) -> HttpResponse:
    if shown is not None and shown < game.version:
        move = Move.objects.filter(game=game, seq=shown).first()
        if move is not None:
            return _frame(request, game, seat, move)
    engine = engine_for(game.kind)
    view = engine.view(engine.from_json(game.state), seat.index)
    draft = services.current_draft(seat, game.version)
    context = presenters.board_context(game, seat, view, draft)
    context.update(_timing(request, game, context), error=error)
    response = render(request, template, context, status=status)
    if request.htmx and view["phase"] == "game_over" and template != TABLE:
        response.headers["HX-Trigger"] = "game-over"
    return response


def _frame(request: HttpRequest, game: Game, seat: Seat, move: Move) -> HttpResponse:
    engine = engine_for(game.kind)
    view = engine.view(engine.from_json(game.state), seat.index)
    context = presenters.frame_context(game, seat, view, move)
    context.update(_timing(request, game, context), error=None)
    context["next_at"] = move.seq + 1
    return render(request, f"{TABLE}#board", context)


def _timing(request: HttpRequest, game: Game, context: dict[str, Any]) -> dict[str, Any]:
    speed = request.session.get("speed", "normal")
    waiting = context["waiting"] and game.awaiting_computer
    return {
        "speed": speed,
        "speeds": list(presenters.SPEEDS),
        "delay_ms": presenters.SPEEDS.get(speed, 800),
        "next_at": game.version + 1 if waiting else None,
        "board_url": reverse("games:board", kwargs={"game_id": game.id}),
    }


def _int(raw: str | None) -> int | None:
    try:
        return int(raw) if raw is not None else None
    except ValueError:
        return None
