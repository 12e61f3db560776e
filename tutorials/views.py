"""The guided first games' pages. Thin: who is asking (``progress``), what to change, what to show.

The guided game itself is played at the game's own table (its URLs, its template, its
controls); these views list the tutorials, introduce one, start or resume it, skip it,
and wave the setup page's offer away.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.new_games import refuse_new_game
from games import catalogue, services
from games.table_flow import table_url

from . import progress
from .registry import find, offered
from .steps import Tutorial


def _tutorial(kind: str) -> tuple[catalogue.GameEntry, Tutorial]:
    entry, tutorial = catalogue.find(kind), find(kind)
    if entry is None or tutorial is None or not entry.ready:
        raise Http404("No guided game for that game.")
    return entry, tutorial


def _keeping(request: HttpRequest) -> None:
    if not progress.can_keep(request):
        raise Http404("No device key: please allow cookies to play a guided game.")


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """Every game's guided first game and how far the person is in each."""
    mine = progress.rows(request)
    games = [
        {
            "entry": entry,
            "tutorial": tutorial,
            "done": progress.is_done(mine.get(entry.kind)),
            "playing": progress.resumable(mine.get(entry.kind)) is not None,
        }
        for entry, tutorial in offered()
    ]
    return render(request, "tutorials/index.html", {"games": games})


@require_GET
def intro(request: HttpRequest, kind: str) -> HttpResponse:
    """What one guided game teaches, step by step, with Start (or Resume) and Start over."""
    entry, tutorial = _tutorial(kind)
    row = progress.row_for(request, kind)
    context = {
        "entry": entry,
        "tutorial": tutorial,
        "done": progress.is_done(row),
        "playing": progress.resumable(row) is not None,
    }
    return render(request, "tutorials/intro.html", context)


@require_POST
def start(request: HttpRequest, kind: str) -> HttpResponse:
    """Open the person's guided game: the one in progress, else (or ``restart``) a new deal."""
    _entry, tutorial = _tutorial(kind)
    _keeping(request)
    restart = request.POST.get("restart") == "1"
    if restart or progress.resumable(progress.row_for(request, kind)) is None:
        refused = refuse_new_game(request)  # a new deal counts like any new game
        if refused is not None:
            return refused
    try:
        game = progress.start(request, tutorial, restart=restart)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("tutorials:intro", kind=kind)
    return redirect(table_url(game))


@require_POST
def skip(request: HttpRequest, kind: str) -> HttpResponse:
    """Leave the guided game: marked skipped; the game's page keeps the way back to it."""
    entry, _tutorial_ = _tutorial(kind)
    _keeping(request)
    progress.skip(request, kind)
    messages.info(
        request,
        _("Guided game skipped. You can play it any time from the game's page."),
    )
    return redirect(f"{entry.url_name}:setup")


@require_POST
def dismiss(request: HttpRequest, kind: str) -> HttpResponse:
    """Wave the setup page's offer away; htmx removes the banner, a plain form goes back."""
    entry, _tutorial_ = _tutorial(kind)
    _keeping(request)
    progress.dismiss(request, kind)
    if getattr(request, "htmx", False):
        return HttpResponse("")
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = ""
    return redirect(back or f"{entry.url_name}:setup")
