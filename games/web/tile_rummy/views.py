"""The Tile Rummy screens. Thin: read the request, call a service, render.

The table's request plumbing (versions, seats, refusals, frames, speed,
leaving) is shared with the other games in games/table_flow.py; this module
declares Tile Rummy's :data:`FLOW` and keeps the views that are its own.
"""

from __future__ import annotations

from uuid import UUID

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from games import catalogue, services
from games.engine import tile_rummy
from games.gameweb import Pages
from games.table_flow import TableFlow
from games.web import pages
from games.web.table_views import draft_step, posted, tile_move, you_and_computers
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
    level, count = form.cleaned_data["level"], form.cleaned_data["opponents"]
    return you_and_computers(request, GAME.computer_names[:count], level, label=level)


@FLOW.refusals
def confirm(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = FLOW.game_for_post(request, game_id)
    draft = services.current_draft(seat, game.version)
    if not draft or not draft["placed"]:
        error = services.IllegalMove(_("Place a tile from your rack first."))
        return FLOW.refuse(request, game, seat, error)
    return FLOW.act(request, game, seat, {"type": "play", "table": draft["table"]})


MOVES = posted(
    {
        "move": tile_move(FLOW, drafts.move_tile, drafts.DraftError),
        "reset": draft_step(FLOW, "reset", lambda draft, view: None),
        "confirm": confirm,
        "draw": FLOW.simple("draw"),
        "next_round": FLOW.simple("next_round"),
        "hint": hint.make_view(FLOW),
    }
)
URLS = pages.urls(FLOW, MOVES)
