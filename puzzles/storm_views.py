"""Storm's pages. Thin: the run's rules and clock are ``puzzles.storm``'s, the words its
presenters'. Every action names the run and the puzzle in play (``<run>/<seq>/``); one
the run refuses (late, stale, over) comes back with the reason and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.table_flow import picked_tile

from . import storm
from . import storm_presenters as shown
from .errors import PuzzleError
from .models import Solver, StormRun
from .solvers import required as _solver

PLAY = "puzzles/storm.html"


@require_GET
def storm_page(request: HttpRequest) -> HttpResponse:
    """The run being played (the same puzzle on every reload), else the rules and Start."""
    solver = _solver(request)
    run = storm.live_run(solver)
    if run is None:
        return render(request, "puzzles/storm_start.html", shown.start_context(solver))
    return render(request, PLAY, shown.play_context(run, solver))


@require_POST
def storm_start(request: HttpRequest) -> HttpResponse:
    storm.start(_solver(request))
    return redirect("puzzles:storm")


@require_GET
def storm_run(request: HttpRequest, run_id: int) -> HttpResponse:
    """A finished run of the caller's: its score, the bests, each puzzle to review."""
    solver = _solver(request)
    run = get_object_or_404(StormRun, pk=run_id, solver=solver)
    if not storm.settle(run):
        return redirect("puzzles:storm")
    return render(request, "puzzles/storm_run.html", shown.run_context(run, solver))


def _act(request: HttpRequest, run_id: int, action: Callable[[Solver], object]) -> HttpResponse:
    """Run ``action(solver)`` on the caller's run: the board after it, or the run's end."""
    solver = _solver(request)
    run = get_object_or_404(StormRun, pk=run_id, solver=solver)
    error, status = "", 200
    try:
        action(solver)
    except PuzzleError as exc:
        error, status = str(exc), 400
    run.refresh_from_db()
    if run.ended_at is not None:
        if error:
            messages.error(request, error)
        return _leave(request, reverse("puzzles:storm_run", args=[run.pk]))
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("puzzles:storm")
    context = shown.play_context(run, solver, error)
    return render(request, f"{PLAY}#board", context, status=status)


def _leave(request: HttpRequest, url: str) -> HttpResponse:
    """To another page: the whole page, not a board swapped into this one."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_POST
def storm_move(request: HttpRequest, run_id: int, seq: int) -> HttpResponse:
    tile, target = picked_tile(request.POST), request.POST.get("to", "")
    return _act(request, run_id, lambda s: storm.move(run_id, seq, s, tile, target))


@require_POST
def storm_reset(request: HttpRequest, run_id: int, seq: int) -> HttpResponse:
    return _act(request, run_id, lambda s: storm.reset(run_id, seq, s))


@require_POST
def storm_answer(request: HttpRequest, run_id: int, seq: int) -> HttpResponse:
    return _act(request, run_id, lambda s: storm.answer(run_id, seq, s))


@require_POST
def storm_pass(request: HttpRequest, run_id: int, seq: int) -> HttpResponse:
    return _act(request, run_id, lambda s: storm.skip(run_id, seq, s))
