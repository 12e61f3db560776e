"""High Card's table: its flow, its one move (play a card) and its seating.

Setup and How to play are the platform's (games.web.pages); this module names
only what is High Card's own.
"""

from __future__ import annotations

from uuid import UUID

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from games import services
from games.gameweb import Pages
from games.table_flow import TableFlow, as_int, person_seat
from games.web import pages
from tests.fifth_game import ENTRY
from tests.fifth_game.web import presenters
from tests.fifth_game.web.forms import SetupForm

FLOW = TableFlow(
    kind=ENTRY.kind,
    template="games/high_card/table.html",
    board_context=presenters.board_context,
    frame_context=presenters.frame_context,
)
PAGES = Pages("games/high_card/how_to_play.html")  # its setup page is the shared one


@FLOW.refusals
def play(request: HttpRequest, game_id: UUID) -> HttpResponse:
    game, seat = FLOW.game_for_post(request, game_id)
    card = as_int(request.POST.get("card"))
    return FLOW.act(request, game, seat, {"type": "play", "card": card})


def seat_specs(request: HttpRequest, form: SetupForm) -> list[services.SeatSpec]:
    level = form.cleaned_data["level"]
    computer = f"{ENTRY.computer_names[0]} ({ENTRY.level_label(level)})"
    return [person_seat(request), services.SeatSpec(computer, computer_level=level)]


MOVES = {"play": require_POST(play)}
URLS = pages.urls(FLOW, MOVES)
