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

from games import catalogue, services
from games.engine import romanian
from games.gameweb import Pages
from games.models import Game, Seat
from games.table_flow import TableFlow, TableRequest, as_int
from games.web import pages
from games.web.romanian import drafts, hint, presenters
from games.web.romanian.forms import SetupForm
from games.web.table_views import built_move, draft_step, posted, tile_move, you_and_computers

GAME = catalogue.get(romanian.KIND)
TABLE = "games/romanian/table.html"
PAGES = Pages("games/romanian/how_to_play.html", "games/romanian/setup.html")

FLOW = TableFlow(
    kind=GAME.kind,
    template=TABLE,
    board_context=hint.board_context,  # the table's context plus this turn's hint
    frame_context=presenters.frame_context,
)


# --- the setup's seating (the page is the platform's: games.web.pages) ----------


def seat_specs(request: HttpRequest, form: SetupForm) -> list[services.SeatSpec]:
    level, count = form.cleaned_data["level"], form.cleaned_data["opponents"]
    label = GAME.level_label(level).lower()
    return you_and_computers(request, GAME.computer_names[:count], level, label)


# --- the draft: a discard chosen from the row, tiles laid ------------------------


def _refused(exc: drafts.DraftError) -> services.ServiceError:
    return services.ServiceError(str(exc), "bad_draft")


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


def discard(request: TableRequest, game: Game, seat: Seat) -> dict[str, Any]:
    """End the turn with the picked tile (or make the fifteen-tile player's first discard)."""
    tile = as_int(request.POST.get("tile"))
    if tile is None:
        raise services.ServiceError(_("Pick a tile from your rack, then Discard."), "no_tile")
    if drafts.placed_ids(services.current_draft(seat, game.version)):
        raise services.IllegalMove(
            _("Confirm or reset the tiles you have laid before discarding."), "unconfirmed"
        )
    return {"type": "discard", "tile": tile}


def doubla(request: TableRequest, game: Game, seat: Seat) -> dict[str, Any]:
    """Declare a pair (``pair=a-b``) as a doubla."""
    pair = [as_int(p) for p in request.POST.get("pair", "").split("-")]
    if len(pair) != 2 or None in pair:
        raise services.ServiceError(_("Pick the pair to declare."), "malformed")
    return {"type": "doubla", "pair": pair}


def swap(request: TableRequest, game: Game, seat: Seat) -> dict[str, Any]:
    """Offer a blind swap of doublas to another declarer (``with`` is their seat)."""
    other = as_int(request.POST.get("with"))
    if other is None:
        raise services.ServiceError(_("Pick who to swap with."), "malformed")
    return {"type": "swap", "with": other}


MOVES = posted(
    {
        "move": tile_move(FLOW, drafts.move_tile, drafts.DraftError),
        "choose": choose,
        "reset": draft_step(FLOW, "reset", lambda draft, view: None),
        "confirm": confirm,
        "discard": built_move(FLOW, "discard", discard),
        "doubla": built_move(FLOW, "doubla", doubla),
        "swap": built_move(FLOW, "swap", swap),
        "decline": FLOW.simple("decline"),
        "draw": FLOW.simple("draw"),
        "next_round": FLOW.simple("next_round"),
        "hint": hint.make_view(FLOW),
    }
)
URLS = pages.urls(FLOW, MOVES)
