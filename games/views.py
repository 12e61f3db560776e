"""The Tile Rummy screens. Thin: read the request, call a service, render.

The table's request plumbing (versions, seats, refusals, frames, speed) is
shared with the other games in games/table_flow.py; this module declares
Tile Rummy's :data:`FLOW` and keeps the views that are Tile Rummy's own.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.describe import table_url
from games import drafts, presenters, services
from games.access import get_game_for_player
from games.forms import TileRummySetupForm
from games.models import Game, GameStatus
from games.signals import game_saved
from games.table_flow import TableFlow, as_int

TABLE = "games/table.html"
ABANDON = "games/abandon.html"
COMPUTER_NAMES = ("Ada", "Bruno", "Cleo")

FLOW = TableFlow(
    kind="tile_rummy",
    table_url_name="games:table",
    board_url_name="games:board",
    template=TABLE,
    board_context=presenters.board_context,
    frame_context=presenters.frame_context,
)


def setup(request: HttpRequest) -> HttpResponse:
    form = TileRummySetupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        game = services.create_game(FLOW.kind, form.engine_config(), _seats(request, form))
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
    if game.kind != FLOW.kind:  # every kind has its own table page
        return redirect(table_url(game))
    return FLOW.board(request, game, seat, template=TABLE)


@require_GET
def board(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """The board at version ``at``: a frame of someone else's move, or the live table."""
    return FLOW.board_at(request, game_id)


@require_POST
@FLOW.refusals
def move_tile(request: HttpRequest, game_id: UUID) -> HttpResponse:
    tile, target = as_int(request.POST.get("tile")), request.POST.get("to", "")

    def change(draft: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
        if tile is None:
            raise services.ServiceError("Pick a tile first, then where it goes.", "no_tile")
        try:
            return drafts.move_tile(draft, view, tile, target)
        except drafts.DraftError as exc:
            raise services.ServiceError(str(exc), "bad_draft") from exc

    return FLOW.draft_change(request, game_id, change)


@require_POST
@FLOW.refusals
def reset(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return FLOW.draft_change(request, game_id, lambda draft, view: None)


@require_POST
@FLOW.refusals
def confirm(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = FLOW.game_for_post(request, game_id)
    draft = services.current_draft(seat, game.version)
    if not draft or not draft["placed"]:
        error = services.IllegalMove("Place a tile from your rack first.")
        return FLOW.refuse(request, game, seat, error)
    return FLOW.act(request, game, seat, {"type": "play", "table": draft["table"]})


@require_POST
@FLOW.refusals
def draw(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = FLOW.game_for_post(request, game_id)
    return FLOW.act(request, game, seat, {"type": "draw"})


@require_POST
@FLOW.refusals
def next_round(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = FLOW.game_for_post(request, game_id)
    return FLOW.act(request, game, seat, {"type": "next_round"})


@require_POST
def speed(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return FLOW.set_speed(request, game_id)


@require_POST
@FLOW.refusals
def save_and_exit(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Leave the table. Every move is already saved; this makes it the newest save."""
    game, seat = FLOW.game_for_post(request, game_id)
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
        version = as_int(request.POST.get("version"))
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
