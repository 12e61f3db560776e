"""The Rumbaroo screens. Thin: read the request, call a service, render.

The table's request plumbing is shared with Tile Rummy through
games/table_flow.py: every POST names the version it was made against; the
seat comes from who is asking, never from the form; a refusal answers 4xx
with the board and the reason, the game unchanged; other players' moves are
shown one at a time through ``board/?at=N``. What is Rumbaroo's own stays
here: a discard whose tile needs a choice (a colour, a target, a number...)
answers with the board and a prompt instead of moving.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games import rumbaroo_drafts as drafts
from games import rumbaroo_presenters as rp
from games import rumbaroo_prompts as prompts
from games import services
from games.access import get_game_for_player
from games.forms import RumbarooSetupForm
from games.models import Game, Seat
from games.table_flow import TableFlow, as_int

KIND = "rumbaroo"
TABLE = "games/rumbaroo/table.html"


def _game_for_player(request: HttpRequest, game_id: UUID) -> tuple[Game, Seat]:
    """The caller's Rumbaroo game and seat; 404 for strangers and for other games."""
    game, seat = get_game_for_player(request, game_id)
    if game.kind != KIND:
        raise Http404("No such game.")
    return game, seat


FLOW = TableFlow(
    kind=KIND,
    table_url_name="games:rumbaroo_table",
    board_url_name="games:rumbaroo_board",
    template=TABLE,
    board_context=rp.board_context,
    frame_context=rp.frame_context,
    speed_key="rumbaroo_speed",  # its own key: Rumbaroo defaults to Fast, other games do not
    default_speed="fast",
    game_for_player=_game_for_player,
)


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
    return FLOW.board(request, game, seat, template=TABLE)


@require_GET
def board(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """The board at version ``at``: one move's frame, or the live table; 204 if not there yet."""
    return FLOW.board_at(request, game_id)


@require_POST
def speed(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return FLOW.set_speed(request, game_id)


# --- the meld draft --------------------------------------------------------------


@require_POST
@FLOW.refusals
def move_tile(request: HttpRequest, game_id: UUID) -> HttpResponse:
    tile, target = as_int(request.POST.get("tile")), request.POST.get("to", "")

    def change(draft: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
        if tile is None:
            raise services.ServiceError("Pick a tile first, then where it goes.", "no_tile")
        if view["phase"] != "play" and not (view["phase"] == "croc" and view["party"]):
            raise services.IllegalMove("You can't meld now.", "not_now")
        try:
            return drafts.move_tile(draft, view, tile, target)
        except drafts.DraftError as exc:
            raise services.ServiceError(str(exc), "bad_draft") from exc

    return FLOW.draft_change(request, game_id, change)


@require_POST
@FLOW.refusals
def revert(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return FLOW.draft_change(request, game_id, drafts.revert)


@require_POST
@FLOW.refusals
def call(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Press or release Rumbaroo!: it rides along with whatever move ends the turn."""
    return FLOW.draft_change(request, game_id, drafts.toggle_call)


@require_POST
@FLOW.refusals
def confirm(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = FLOW.game_for_post(request, game_id)
    draft = services.current_draft(seat, game.version)
    if not draft or not drafts.changed(draft, FLOW.view(game, seat)):
        error = services.IllegalMove("Place a tile from your hand first.", "nothing_placed")
        return FLOW.refuse(request, game, seat, error)
    action = drafts.meld_action(draft)
    if "free_target" in request.POST or "free_kind" in request.POST:
        free: dict[str, Any] = {"kind": request.POST.get("free_kind", "draw")}
        free["target"] = as_int(request.POST.get("free_target"))
        if free["target"] is None:
            error = services.ServiceError("Pick an opponent for your free action.", "malformed")
            return FLOW.refuse(request, game, seat, error)
        action["free"] = free
    return FLOW.act(request, game, seat, _with_call(action, draft))


# --- single moves ------------------------------------------------------------------


@require_POST
@FLOW.refusals
def discard(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Play a tile on the pile; ask first when the tile needs a choice."""
    game, seat = FLOW.game_for_post(request, game_id)
    tile = as_int(request.POST.get("tile"))
    if tile is None:
        error = services.ServiceError("Pick a tile first, then the discard pile.", "no_tile")
        return FLOW.refuse(request, game, seat, error)
    try:
        answers = prompts.answers_from(request.POST)
    except prompts.PromptError as exc:
        return FLOW.refuse(request, game, seat, services.ServiceError(str(exc), "malformed"))
    view = FLOW.view(game, seat)
    choice = prompts.needs_asking(view, tile, answers)
    current = as_int(request.POST.get("version")) == game.version  # else: refused as stale below
    if choice is not None and current and seat.index in view["to_act"]:
        prompt = rp.prompt_context(game, seat, view, tile, choice)
        return FLOW.board(request, game, seat, prompt=prompt)
    draft = services.current_draft(seat, game.version)
    action = prompts.discard_action(tile, answers, bool(draft and draft.get("call")))
    return FLOW.act(request, game, seat, action)


@require_POST
@FLOW.refusals
def draw(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return _simple(request, game_id, "draw")


@require_POST
@FLOW.refusals
def keep(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Keep the tile just drawn (the engine's ``pass``)."""
    return _simple(request, game_id, "pass")


@require_POST
@FLOW.refusals
def take(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Take the tiles a Croc Snap left waiting."""
    return _simple(request, game_id, "take")


@require_POST
@FLOW.refusals
def next_round(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return _simple(request, game_id, "next_round")


# --- helpers -------------------------------------------------------------------------


def _simple(request: HttpRequest, game_id: UUID, kind: str) -> HttpResponse:
    game, seat = FLOW.game_for_post(request, game_id)
    draft = services.current_draft(seat, game.version)
    return FLOW.act(request, game, seat, _with_call({"type": kind}, draft))


def _with_call(action: dict[str, Any], draft: dict[str, Any] | None) -> dict[str, Any]:
    if draft and draft.get("call") and action["type"] != "next_round":
        action["call"] = True
    return action
