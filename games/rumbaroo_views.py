"""The Rumbaroo screens. Thin: read the request, call a service, render.

Same shape as the Tile Rummy views (games/views.py): every POST names the
version it was made against; the seat comes from who is asking, never from
the form; a refusal answers 4xx with the board and the reason, the game
unchanged; other players' moves are shown one at a time through
``board/?at=N``. A discard whose tile needs a choice (a colour, a target, a
number...) answers with the board and a prompt instead of moving.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games import presenters, services
from games import rumbaroo_drafts as drafts
from games import rumbaroo_presenters as rp
from games import rumbaroo_prompts as prompts
from games.access import get_game_for_player
from games.engine.registry import engine_for
from games.forms import RumbarooSetupForm
from games.models import Game, Move, Seat

KIND = "rumbaroo"
TABLE = "games/rumbaroo/table.html"
SPEED_KEY = "rumbaroo_speed"  # its own key: Rumbaroo defaults to Fast, other games do not
DEFAULT_SPEED = "fast"
Change = Callable[[dict[str, Any] | None, dict[str, Any]], dict[str, Any] | None]


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


# --- pages ---------------------------------------------------------------------


def setup(request: HttpRequest) -> HttpResponse:
    form = RumbarooSetupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        game = services.create_game(KIND, form.engine_config(), _seats(request, form))
        return redirect("games:rumbaroo_table", game_id=game.id)
    status = 400 if form.errors else 200
    return render(request, "games/rumbaroo/setup.html", {"form": form}, status=status)


def _seats(request: HttpRequest, form: RumbarooSetupForm) -> list[services.SeatSpec]:
    """You, then computers named after the difficulty they play ("Wallaby 2")."""
    user_id = request.user.pk if request.user.is_authenticated else None
    me = services.SeatSpec("You", user_id=user_id, device_key=request.device_key)
    level = form.cleaned_data["difficulty"]
    name = rp.LEVEL_NAME[level]
    bots = [
        services.SeatSpec(f"{name} {i}", computer_level=level)
        for i in range(1, form.cleaned_data["players"])
    ]
    return [me, *bots]


def how_to_play(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rumbaroo/how_to_play.html")


@require_GET
def table(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = _game_for_player(request, game_id)
    return _board(request, game, seat, template=TABLE)


@require_GET
def board(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """The board at version ``at``: one move's frame, or the live table; 204 if not there yet."""
    at = _int(request.GET.get("at"))
    current = Game.objects.filter(id=game_id).values_list("version", flat=True).first()
    if current is not None and at is not None and at > current:
        return HttpResponse(status=204)
    game, seat = _game_for_player(request, game_id)
    if at is not None and at < game.version:
        move = Move.objects.filter(game=game, seq=at).first()
        if move is not None:
            return _frame(request, game, seat, move)
    return _board(request, game, seat)


@require_POST
def speed(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = _game_for_player(request, game_id)
    choice = request.POST.get("speed", "")
    if choice in presenters.SPEEDS:
        request.session[SPEED_KEY] = choice
    return _board(request, game, seat)


# --- the meld draft --------------------------------------------------------------


@require_POST
@_refusals
def move_tile(request: HttpRequest, game_id: UUID) -> HttpResponse:
    tile, target = _int(request.POST.get("tile")), request.POST.get("to", "")

    def change(draft: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
        if tile is None:
            raise services.ServiceError("Pick a tile first, then where it goes.", "no_tile")
        if view["phase"] != "play" and not (view["phase"] == "croc" and view["party"]):
            raise services.IllegalMove("You can't meld now.", "not_now")
        try:
            return drafts.move_tile(draft, view, tile, target)
        except drafts.DraftError as exc:
            raise services.ServiceError(str(exc), "bad_draft") from exc

    return _draft_change(request, game_id, change)


@require_POST
@_refusals
def revert(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return _draft_change(request, game_id, drafts.revert)


@require_POST
@_refusals
def call(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Press or release Rumbaroo!: it rides along with whatever move ends the turn."""
    return _draft_change(request, game_id, drafts.toggle_call)


@require_POST
@_refusals
def confirm(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = _game_for_post(request, game_id)
    draft = services.current_draft(seat, game.version)
    if not draft or not drafts.changed(draft, _view(game, seat)):
        error = services.IllegalMove("Place a tile from your hand first.", "nothing_placed")
        return _refuse(request, game, seat, error)
    action = drafts.meld_action(draft)
    if "free_target" in request.POST or "free_kind" in request.POST:
        free: dict[str, Any] = {"kind": request.POST.get("free_kind", "draw")}
        free["target"] = _int(request.POST.get("free_target"))
        if free["target"] is None:
            error = services.ServiceError("Pick an opponent for your free action.", "malformed")
            return _refuse(request, game, seat, error)
        action["free"] = free
    return _act(request, game, seat, _with_call(action, draft))


# --- single moves ------------------------------------------------------------------


@require_POST
@_refusals
def discard(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Play a tile on the pile; ask first when the tile needs a choice."""
    game, seat = _game_for_post(request, game_id)
    tile = _int(request.POST.get("tile"))
    if tile is None:
        error = services.ServiceError("Pick a tile first, then the discard pile.", "no_tile")
        return _refuse(request, game, seat, error)
    try:
        answers = prompts.answers_from(request.POST)
    except prompts.PromptError as exc:
        return _refuse(request, game, seat, services.ServiceError(str(exc), "malformed"))
    view = _view(game, seat)
    choice = prompts.needs_asking(view, tile, answers)
    current = _int(request.POST.get("version")) == game.version  # else: refused as stale below
    if choice is not None and current and seat.index in view["to_act"]:
        prompt = rp.prompt_context(game, seat, view, tile, choice)
        return _board(request, game, seat, prompt=prompt)
    draft = services.current_draft(seat, game.version)
    action = prompts.discard_action(tile, answers, bool(draft and draft.get("call")))
    return _act(request, game, seat, action)


@require_POST
@_refusals
def draw(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return _simple(request, game_id, "draw")


@require_POST
@_refusals
def keep(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Keep the tile just drawn (the engine's ``pass``)."""
    return _simple(request, game_id, "pass")


@require_POST
@_refusals
def take(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Take the tiles a Croc Snap left waiting."""
    return _simple(request, game_id, "take")


@require_POST
@_refusals
def next_round(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return _simple(request, game_id, "next_round")


# --- helpers -------------------------------------------------------------------------


def _game_for_player(request: HttpRequest, game_id: UUID) -> tuple[Game, Seat]:
    """The caller's Rumbaroo game and seat; 404 for strangers and for other games."""
    game, seat = get_game_for_player(request, game_id)
    if game.kind != KIND:
        raise Http404("No such game.")
    return game, seat


def _game_for_post(request: HttpRequest, game_id: UUID) -> tuple[Game, Seat]:
    """Refuse a forged seat or a missing version before anything else is read."""
    game, seat = _game_for_player(request, game_id)
    claimed = request.POST.get("seat")
    if claimed is not None and claimed != str(seat.index):
        raise _Refused(services.NotAllowed("That seat isn't yours.", "forged_seat"), game, seat)
    if _int(request.POST.get("version")) is None:
        error = services.ServiceError("The request was missing the game version.", "malformed")
        raise _Refused(error, game, seat)
    return game, seat


def _simple(request: HttpRequest, game_id: UUID, kind: str) -> HttpResponse:
    game, seat = _game_for_post(request, game_id)
    draft = services.current_draft(seat, game.version)
    return _act(request, game, seat, _with_call({"type": kind}, draft))


def _with_call(action: dict[str, Any], draft: dict[str, Any] | None) -> dict[str, Any]:
    if draft and draft.get("call") and action["type"] != "next_round":
        action["call"] = True
    return action


def _view(game: Game, seat: Seat) -> dict[str, Any]:
    engine = engine_for(game.kind)
    return engine.view(engine.from_json(game.state), seat.index)


def _act(request: HttpRequest, game: Game, seat: Seat, action: dict[str, Any]) -> HttpResponse:
    version = _int(request.POST.get("version"))
    try:
        services.play(game.id, seat.index, action, version or 0)
    except services.ServiceError as exc:
        return _refuse(request, game, seat, exc)
    game.refresh_from_db()
    if not request.htmx:
        return redirect("games:rumbaroo_table", game_id=game.id)
    # Our own move first; the board then steps through the computers' turns.
    return _board(request, game, seat, shown=(version or 0) + 1)


def _draft_change(request: HttpRequest, game_id: UUID, change: Change) -> HttpResponse:
    game, seat = _game_for_post(request, game_id)
    try:
        services.update_draft(game.id, seat.index, _int(request.POST.get("version")) or 0, change)
    except services.ServiceError as exc:
        return _refuse(request, game, seat, exc)
    if not request.htmx:
        return redirect("games:rumbaroo_table", game_id=game.id)
    seat.refresh_from_db()
    return _board(request, game, seat)


def _refuse(
    request: HttpRequest, game: Game, seat: Seat, error: services.ServiceError
) -> HttpResponse:
    game.refresh_from_db()
    seat.refresh_from_db()
    if not request.htmx:
        messages.error(request, error.message)
        return redirect("games:rumbaroo_table", game_id=game.id)
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
    prompt: dict[str, Any] | None = None,
) -> HttpResponse:
    if shown is not None and shown < game.version:
        move = Move.objects.filter(game=game, seq=shown).first()
        if move is not None:
            return _frame(request, game, seat, move)
    view = _view(game, seat)
    draft = services.current_draft(seat, game.version)
    context = rp.board_context(game, seat, view, draft, prompt)
    context.update(_timing(request, game, context), error=error)
    if prompt is not None and not request.htmx:
        template = TABLE  # without htmx the prompt comes as a whole page
    response = render(request, template, context, status=status)
    if request.htmx and view["phase"] == "game_over" and template != TABLE:
        response.headers["HX-Trigger"] = "game-over"
    return response


def _frame(request: HttpRequest, game: Game, seat: Seat, move: Move) -> HttpResponse:
    context = rp.frame_context(game, seat, _view(game, seat), move)
    context.update(_timing(request, game, context), error=None)
    context["next_at"] = move.seq + 1
    return render(request, f"{TABLE}#board", context)


def _timing(request: HttpRequest, game: Game, context: dict[str, Any]) -> dict[str, Any]:
    speed = request.session.get(SPEED_KEY, DEFAULT_SPEED)
    waiting = context["waiting"] and game.awaiting_computer
    return {
        "speed": speed,
        "speeds": list(presenters.SPEEDS),
        "delay_ms": presenters.SPEEDS.get(speed, presenters.SPEEDS[DEFAULT_SPEED]),
        "next_at": game.version + 1 if waiting else None,
        "board_url": reverse("games:rumbaroo_board", kwargs={"game_id": game.id}),
    }


def _int(raw: str | None) -> int | None:
    try:
        return int(raw) if raw is not None else None
    except ValueError:
        return None
