"""The Tile Rummy screens. Thin: read the request, call a service, render.

The table's request plumbing (versions, seats, refusals, frames, speed,
leaving) is shared with the other games in games/table_flow.py; this module
declares Tile Rummy's :data:`FLOW` and keeps the views that are its own.
"""

from __future__ import annotations

from uuid import UUID

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import catalogue, services
from games.engine import tile_rummy
from games.gameweb import Pages
from games.table_flow import TableFlow, person_seat
from games.web import pages
from games.web.tile_rummy import drafts, hint, presenters
from games.web.tile_rummy.forms import SetupForm

GAME = catalogue.get(tile_rummy.KIND)
TABLE = "games/tile_rummy/table.html"
PAGES = Pages("games/tile_rummy/how_to_play.html", "games/tile_rummy/setup.html")

FLOW = TableFlow(
    kind=GAME.kind,
    template=TABLE,
    board_context=hint.board_context,  # the table's context plus this turn's hint
    frame_context=presenters.frame_context,
    form_context=presenters.form_context,  # a draft move redraws the form alone
)


def seat_specs(request: HttpRequest, form: SetupForm) -> list[services.SeatSpec]:
    level = form.cleaned_data["level"]
    bots = [
        services.SeatSpec(f"{GAME.computer_names[i]} ({level})", computer_level=level)
        for i in range(form.cleaned_data["opponents"])
    ]
    return [person_seat(request), *bots]


@FLOW.refusals
def move_tile(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return FLOW.draft_move(request, game_id, drafts.move_tile, drafts.DraftError)


@FLOW.refusals
def reset(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return FLOW.draft_change(request, game_id, lambda draft, view: None)


@FLOW.refusals
def confirm(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = FLOW.game_for_post(request, game_id)
    draft = services.current_draft(seat, game.version)
    if not draft or not draft["placed"]:
        error = services.IllegalMove(_("Place a tile from your rack first."))
        return FLOW.refuse(request, game, seat, error)
    return FLOW.act(request, game, seat, {"type": "play", "table": draft["table"]})


MOVES = {
    name: require_POST(view)
    for name, view in {
        "move": move_tile,
        "reset": reset,
        "confirm": confirm,
        "draw": FLOW.simple("draw"),
        "next_round": FLOW.simple("next_round"),
        "hint": hint.make_view(FLOW),
    }.items()
}
URLS = pages.urls(FLOW, MOVES)
