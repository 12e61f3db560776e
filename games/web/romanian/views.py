"""The Romanian Tile Rummy screens. Thin: read the request, call a service, render.

The table's plumbing (versions, seats, refusals, frames, speed, leaving) is
shared through games/table_flow.py. What is Romanian stays here: the doubla
prompt and blind swap, the first discard, the draw or a discard chosen from
the row, a draft of combinations confirmed as one engine action, the
discard that ends every turn, and Next round.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import catalogue, services
from games.engine import romanian
from games.gameweb import Pages
from games.table_flow import TableFlow, as_int, person_seat
from games.web import pages
from games.web.romanian import drafts, presenters
from games.web.romanian.forms import SetupForm

GAME = catalogue.get(romanian.KIND)
TABLE = "games/romanian/table.html"
PAGES = Pages("games/romanian/how_to_play.html", "games/romanian/setup.html")

FLOW = TableFlow(
    kind=GAME.kind,
    template=TABLE,
    board_context=presenters.board_context,
    frame_context=presenters.frame_context,
)


# --- the setup's seating (the page is the platform's: games.web.pages) ----------


def seat_specs(request: HttpRequest, form: SetupForm) -> list[services.SeatSpec]:
    level = form.cleaned_data["level"]
    label = GAME.level_label(level).lower()
    bots = [
        services.SeatSpec(f"{GAME.computer_names[i]} ({label})", computer_level=level)
        for i in range(form.cleaned_data["opponents"])
    ]
    return [person_seat(request), *bots]


# --- the draft: a discard chosen from the row, tiles laid ------------------------


def _refused(exc: drafts.DraftError) -> services.ServiceError:
    return services.ServiceError(str(exc), "bad_draft")


@FLOW.refusals
def move_tile(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return FLOW.draft_move(request, game_id, drafts.move_tile, drafts.DraftError)


@FLOW.refusals
def choose(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Tap a discard in the row: it (and every one after it) is what this turn takes."""
    index = as_int(request.POST.get("index"))

    def change(draft: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any] | None:
        try:
            return drafts.choose_discard(draft, view, index)
        except drafts.DraftError as exc:
            raise _refused(exc) from exc

    return FLOW.draft_change(request, game_id, change)


@FLOW.refusals
def reset(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return FLOW.draft_change(request, game_id, lambda draft, view: None)


@FLOW.refusals
def confirm(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Send the whole draft as one engine action: the take with its combination, or a meld."""
    game, seat = FLOW.game_for_post(request, game_id)
    draft = services.current_draft(seat, game.version)
    view = FLOW.view(game, seat)
    if not draft or not drafts.changed(draft):
        message = _("Put a tile into a combination or onto a meld first.")
        if view["phase"] == "draw":
            message = _("Draw from the wall, or tap a discard in the row to take it.")
        return FLOW.refuse(request, game, seat, services.IllegalMove(message, "nothing_placed"))
    return FLOW.act(request, game, seat, drafts.action(draft, view))


# --- single moves ------------------------------------------------------------------


@FLOW.refusals
def discard(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """End the turn with the picked tile (or make the fifteen-tile player's first discard)."""
    game, seat = FLOW.game_for_post(request, game_id)
    tile = as_int(request.POST.get("tile"))
    if tile is None:
        error = services.ServiceError(_("Pick a tile from your rack, then Discard."), "no_tile")
        return FLOW.refuse(request, game, seat, error)
    draft = services.current_draft(seat, game.version)
    if drafts.placed_ids(draft):
        error = services.IllegalMove(
            _("Confirm or reset the tiles you have laid before discarding."), "unconfirmed"
        )
        return FLOW.refuse(request, game, seat, error)
    return FLOW.act(request, game, seat, {"type": "discard", "tile": tile})


@FLOW.refusals
def doubla(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Declare a pair (``pair=a-b``) as a doubla."""
    game, seat = FLOW.game_for_post(request, game_id)
    raw = request.POST.get("pair", "").split("-")
    pair = [as_int(p) for p in raw]
    if len(pair) != 2 or None in pair:
        error = services.ServiceError(_("Pick the pair to declare."), "malformed")
        return FLOW.refuse(request, game, seat, error)
    return FLOW.act(request, game, seat, {"type": "doubla", "pair": pair})


@FLOW.refusals
def swap(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Offer a blind swap of doublas to another declarer (``with`` is their seat)."""
    game, seat = FLOW.game_for_post(request, game_id)
    other = as_int(request.POST.get("with"))
    if other is None:
        error = services.ServiceError(_("Pick who to swap with."), "malformed")
        return FLOW.refuse(request, game, seat, error)
    return FLOW.act(request, game, seat, {"type": "swap", "with": other})


MOVES = {
    name: require_POST(view)
    for name, view in {
        "move": move_tile,
        "choose": choose,
        "reset": reset,
        "confirm": confirm,
        "discard": discard,
        "doubla": doubla,
        "swap": swap,
        "decline": FLOW.simple("decline"),
        "draw": FLOW.simple("draw"),
        "next_round": FLOW.simple("next_round"),
    }.items()
}
URLS = pages.urls(FLOW, MOVES)
