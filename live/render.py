"""A board drawn for an audience rather than for a request: what a group is sent.

A seat's board is the table flow's own board partial (``TableFlow.board``, what the
long poll answers with), drawn from ``view(state, seat)``; the spectators' is the
watch page's ``#live`` part (``matchmaking.watching``), drawn from
``view(state, None)``. Both are drawn by the same code as the pages, given a
stand-in request that carries only what the audience says (language, speed,
signed in) and nothing of anyone's session: the names this audience does not see
are replaced before drawing, as the pages' name screen would have.

A form's CSRF token drawn here is the stand-in's, which no browser holds:
static/js/live.js puts the page's own token in its place before swapping (and a move's
answer drawn here, ``games.table_flow.drawn_answer``, the request's). So it is one fixed
placeholder (``FORM_TOKEN``), not a token masked afresh for every drawing: masking one
took about 0.12 ms, a twentieth of drawing a board.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import translation
from django_htmx.middleware import HtmxDetails

from games.access import stamp_of
from games.gameweb import web_for
from games.models import Game
from games.online import placeholder_name
from games.table_flow import TableRequest, socket_form_token
from live.viewer import Audience
from matchmaking import watching
from preferences.feel import DEFAULT
from rooms import services as rooms

WATCH_LIVE = "matchmaking/watch.html#live"
FORM_TOKEN = "drawn" + "0" * 59  # a CSRF token's shape; the page's own replaces it
BOARD, WATCH = "board", "watch-live"  # the element each fragment replaces (its id)


class _SignedIn(AnonymousUser):
    """Someone signed in, as far as a board shows it ("Saved after every move to your account")."""

    @property
    def is_authenticated(self) -> bool:  # type: ignore[override]
        return True


def stand_in(audience: Audience, speed_key: str) -> HttpRequest:
    """A request that asks for the board partial as the audience would."""
    request = HttpRequest()
    request.method = "GET"
    request.META.update(SERVER_NAME="live", SERVER_PORT="80", HTTP_HX_REQUEST="true")
    request.htmx = HtmxDetails(request)  # type: ignore[attr-defined]
    request.user = _SignedIn() if audience.signed_in else AnonymousUser()
    # The names a block keeps from this viewer are in ``audience.hidden`` already (found
    # when it connected): leaderboards.blocks.names_kept_from reads this as "none more".
    request._players_kept_apart = set()  # type: ignore[attr-defined]
    request.session = {speed_key: audience.speed}  # type: ignore[assignment]
    request.feel = DEFAULT  # type: ignore[attr-defined]
    request.device_key = ""  # type: ignore[attr-defined]
    request.form_token = FORM_TOKEN  # type: ignore[attr-defined]
    return request


def render(game: Game, audience: Audience) -> dict[str, Any] | None:
    """The channel layer message for ``audience``: its board at ``game``'s version.

    None when there is nothing to draw for it (no such seat, a table nobody may watch).
    """
    seats = {seat.index: seat for seat in game.seats.all()}
    if audience.seat is not None and audience.seat not in seats:
        return None
    flow = web_for(game.kind).flow
    request = stand_in(audience, flow.speed_key)
    html, trigger = "", ""
    with translation.override(audience.language), _names_hidden(game, audience.hidden):
        if audience.seat is None:
            room = rooms.room_for_game(game.id)
            if room is None or not watching.watchable_game(game):
                return None
            context = watching.page_context(request, game, room, None)
            context.update(socket_form_token(request))  # the part around the board
            html = render_to_string(WATCH_LIVE, context, request=request)
            target = WATCH
        else:
            response = flow.board(cast(TableRequest, request), game, seats[audience.seat])
            html = response.content.decode()
            trigger = response.headers.get("HX-Trigger", "")
            target = BOARD
    return {
        "type": "live.board",
        "version": game.version,
        "stamp": stamp_of(game.updated),
        "target": target,
        "html": html,
        "trigger": trigger,
    }


@contextmanager
def _names_hidden(game: Game, indexes: frozenset[int]) -> Iterator[None]:
    """The seats in ``indexes`` named by their placeholders while drawing, then as they were
    (the game and its seats are drawn again for the next audience)."""
    seats = [seat for seat in game.seats.all() if seat.index in indexes]
    kept = [(seat, seat.display_name) for seat in seats]
    for seat in seats:
        seat.display_name = placeholder_name(seat.index)
    try:
        yield
    finally:
        for seat, name in kept:
            seat.display_name = name
