"""The pages every game has, served by the platform: setup and How to play.

Each game used to write both views itself, four copies that differed only in
the names they read; now they read them from the game's catalogue entry and
its :class:`~games.gameweb.GameWeb` (its form, seating rule and templates), so
a game declares what differs and nothing else. :func:`urls` mounts the two
pages beside its table's URLs, under the names every game answers to
(``<kind>:setup``, ``<kind>:how_to_play``, ``<kind>:table``…).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path

from games import catalogue, services
from games.gameweb import web_for
from presets.picker import initial_for

if TYPE_CHECKING:
    from games.table_flow import TableFlow, View


def setup(request: HttpRequest, kind: str) -> HttpResponse:
    """The setup form; a valid one deals a game (a preset, ``?preset=``, fills it first).

    A setup the engine refuses although the form took it is said on the form (400),
    so a form that checks less than its engine still never answers 500.
    """
    web = web_for(kind)
    form = web.setup_form(request.POST or None, initial=initial_for(request, kind))
    if request.method == "POST" and form.is_valid():
        seats = web.seats(request, form)
        try:
            game = services.create_game(kind, form.engine_config(), seats)
        except services.ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(web.flow.table_url_name, game_id=game.id)
    context = {"entry": catalogue.get(kind), "form": form}
    return render(request, web.pages.setup, context, status=400 if form.errors else 200)


def how_to_play(request: HttpRequest, kind: str) -> HttpResponse:
    """The game's rules, every setup option, and how its online tables run."""
    return render(request, web_for(kind).pages.how_to_play, {"entry": catalogue.get(kind)})


@dataclass(frozen=True)
class GameUrls:
    """A game's URLconf (``GameWeb.urls``): its pages, then its table's URLs."""

    urlpatterns: list[URLPattern]


def urls(flow: TableFlow, moves: dict[str, View]) -> GameUrls:
    """Setup, How to play, and the table's shared URLs plus the game's own POST views."""
    kind = {"kind": flow.kind}
    return GameUrls(
        [
            path("new/", setup, kind, name="setup"),
            path("how-to-play/", how_to_play, kind, name="how_to_play"),
            *flow.urls(moves),
        ]
    )
