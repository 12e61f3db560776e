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

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from games import catalogue, services
from games.engine import rumbaroo
from games.gameweb import Pages
from games.models import Game, Seat
from games.table_flow import TableFlow, View, as_int
from games.web import pages
from games.web.rumbaroo import drafts, hint, prompts
from games.web.rumbaroo import presenters as rp
from games.web.rumbaroo.forms import SetupForm
from games.web.table_views import built_move, draft_step, posted, tile_move, you_and_computers

GAME = catalogue.get(rumbaroo.KIND)
TABLE = "games/rumbaroo/table.html"
PAGES = Pages("games/rumbaroo/how_to_play.html", "games/rumbaroo/setup.html")

FLOW = TableFlow(
    kind=GAME.kind,
    template=TABLE,
    board_context=hint.board_context,  # the table's context plus this turn's hint
    frame_context=rp.frame_context,
    speed_key="rumbaroo_speed",  # its own key: Rumbaroo defaults to Fast, other games do not
    default_speed="fast",
)


# --- the setup's seating (the page is the platform's: games.web.pages) ----------


def seat_specs(request: HttpRequest, form: SetupForm) -> list[services.SeatSpec]:
    """You, then computers named after the difficulty they play ("Wallaby 2")."""
    level = form.cleaned_data["difficulty"]
    name = GAME.level_label(level)
    names = [f"{name} {i}" for i in range(1, form.cleaned_data["players"])]
    return you_and_computers(request, names, level)


# --- the meld draft --------------------------------------------------------------


def _may_meld(view: dict[str, Any]) -> None:
    """Melds are built on your own turn (at a Party table, also as a Croc Snap answer)."""
    if view["phase"] != "play" and not (view["phase"] == "croc" and view["party"]):
        raise services.IllegalMove(_("You can't meld now."), "not_now")


@FLOW.refusals
def confirm(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = FLOW.game_for_post(request, game_id)
    draft = services.current_draft(seat, game.version)
    if not draft or not drafts.changed(draft, FLOW.view(game, seat)):
        error = services.IllegalMove(_("Place a tile from your hand first."), "nothing_placed")
        return FLOW.refuse(request, game, seat, error)
    action = drafts.meld_action(draft)
    if "free_target" in request.POST or "free_kind" in request.POST:
        free: dict[str, Any] = {"kind": request.POST.get("free_kind", "draw")}
        free["target"] = as_int(request.POST.get("free_target"))
        if free["target"] is None:
            error = services.ServiceError(_("Pick an opponent for your free action."), "malformed")
            return FLOW.refuse(request, game, seat, error)
        action["free"] = free
    return FLOW.act(request, game, seat, _with_call(action, draft))


# --- single moves ------------------------------------------------------------------


@FLOW.refusals
def discard(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Play a tile on the pile; ask first when the tile needs a choice."""
    game, seat = FLOW.game_for_post(request, game_id)
    tile = as_int(request.POST.get("tile"))
    if tile is None:
        error = services.ServiceError(_("Pick a tile first, then the discard pile."), "no_tile")
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


def _simple(kind: str) -> View:
    """A move of one word (draw, keep: the engine's ``pass``, take what a Croc Snap left,
    next round), with the Rumbaroo! call the draft holds riding along."""

    def build(request: HttpRequest, game: Game, seat: Seat) -> dict[str, Any]:
        return _with_call({"type": kind}, services.current_draft(seat, game.version))

    return built_move(FLOW, kind, build)


# --- helpers -------------------------------------------------------------------------


def _with_call(action: dict[str, Any], draft: dict[str, Any] | None) -> dict[str, Any]:
    if draft and draft.get("call") and action["type"] != "next_round":
        action["call"] = True
    return action


MOVES = posted(
    {
        "move": tile_move(FLOW, drafts.move_tile, drafts.DraftError, _may_meld),
        "revert": draft_step(FLOW, "revert", drafts.revert),
        # Press or release Rumbaroo!: it rides along with whatever move ends the turn.
        "call": draft_step(FLOW, "call", drafts.toggle_call),
        "confirm": confirm,
        "discard": discard,
        "draw": _simple("draw"),
        "keep": _simple("pass"),
        "take": _simple("take"),
        "next_round": _simple("next_round"),
        "hint": hint.make_view(FLOW),
    }
)
URLS = pages.urls(FLOW, MOVES)
