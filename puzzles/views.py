"""Puzzle pages. Thin: who is asking (``solvers``), what to change (``solving``), what to show.

Every attempt belongs to the solver asking; the puzzle page always shows the
solver's own latest attempt at that puzzle, so a reload shows the same
attempt (nothing is skipped or restarted by reloading).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from games.table_flow import picked_tile

from . import choosing, dashboard, own, solving, stats, storm
from .models import Attempt, Puzzle, Solver, Streak
from .presenters import board_context
from .solvers import required, solver_for
from .themes import THEMES

PAGE = "puzzles/puzzle.html"


def _solver(request: HttpRequest) -> Solver:
    return required(request)


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    solver = solver_for(request, create=False)
    context = {
        "solver": solver,
        "rating": round(solver.rating) if solver else None,
        "themes": stats.theme_counts(),
        "count": Puzzle.objects.count(),
        "games": stats.game_counts(),
        "streak": solving.live_streak(solver) if solver else None,
        "daily_streak": stats.daily_streak(solver, solving.today()) if solver else 0,
        "own_count": own.mine(solver).count() if solver else 0,
    }
    return render(request, "puzzles/index.html", context)


@require_GET
def next_puzzle(request: HttpRequest, theme: str | None = None) -> HttpResponse:
    """A rated puzzle near the solver's rating (in ``theme`` if given); an open one first."""
    solver = _solver(request)
    if theme is not None and theme not in THEMES:
        raise Http404("No such theme.")
    waiting = solving.open_rated(solver)
    if waiting is not None:
        return redirect("puzzles:puzzle", waiting.puzzle_id)
    puzzle = choosing.next_rated(solver, theme)
    if puzzle is None:
        messages.info(request, _("You have tried every puzzle here. Well done!"))
        return redirect("puzzles:index")
    solving.attempt_for(solver, puzzle)  # dealt now: asking again returns to it
    return redirect("puzzles:puzzle", puzzle.id)


@require_GET
def daily(request: HttpRequest) -> HttpResponse:
    day = solving.today()
    puzzle = choosing.daily_puzzle(day)
    solving.daily_attempt(_solver(request), puzzle, day)
    return redirect("puzzles:puzzle", puzzle.id)


@require_GET
def puzzle_page(request: HttpRequest, pk: int) -> HttpResponse:
    solver = _solver(request)
    puzzle = get_object_or_404(own.visible(solver), pk=pk)  # another's own puzzle: 404
    if storm.holds(solver, puzzle):  # in play in a Storm run: played there, against its clock
        return redirect("puzzles:storm")
    attempt = solving.attempt_for(solver, puzzle)
    return _kept_private(render(request, PAGE, _page(request, attempt, solver)), puzzle)


def _kept_private(response: HttpResponse, puzzle: Puzzle) -> HttpResponse:
    """A puzzle from the caller's own game is the caller's alone: no cache may keep it."""
    if own.is_private(puzzle):
        patch_cache_control(response, private=True, no_store=True)
    return response


def _page(
    request: HttpRequest, attempt: Attempt, solver: Solver, error: str = ""
) -> dict[str, Any]:
    context = board_context(attempt, error)
    context["solver"] = solver
    context["streak"] = attempt.streak
    context["share"] = stats.share_text(request, attempt, solver) if attempt.over else ""
    context["own_origin"] = own.origin_line(attempt.puzzle)
    if not attempt.puzzle.themes:  # a puzzle from a player's game may have none to hint at
        context["urls"] = {k: v for k, v in context["urls"].items() if k != "hint"}
    return context


def _act(request: HttpRequest, pk: int, action) -> HttpResponse:
    """Run ``action(attempt, solver)`` on the solver's latest attempt; the board or the reason."""
    solver = _solver(request)
    puzzle = get_object_or_404(own.visible(solver), pk=pk)  # another's own puzzle: 404
    attempt = solving.latest(solver, puzzle)
    if attempt is None or storm.holds(solver, puzzle):
        return redirect("puzzles:puzzle", puzzle.id)
    error, status = "", 200
    try:
        attempt = action(attempt, solver)
    except solving.PuzzleError as exc:
        error, status = str(exc), 400
        attempt.refresh_from_db()
    solver.refresh_from_db()  # the rating the action may have changed
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("puzzles:puzzle", puzzle.id)
    page = render(request, f"{PAGE}#board", _page(request, attempt, solver, error), status=status)
    return _kept_private(page, puzzle)


@require_POST
def move(request: HttpRequest, pk: int) -> HttpResponse:
    tile, target = picked_tile(request.POST), request.POST.get("to", "")
    return _act(request, pk, lambda a, s: solving.move(a, s, tile, target))


@require_POST
def reset(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, solving.reset)


@require_POST
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, solving.confirm)


@require_POST
def hint(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, solving.hint)


@require_POST
def give_up(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, solving.give_up)


@require_POST
def retry(request: HttpRequest, pk: int) -> HttpResponse:
    solver = _solver(request)
    puzzle = get_object_or_404(own.visible(solver), pk=pk)  # another's own puzzle: 404
    solving.retry(solver, puzzle)
    return redirect("puzzles:puzzle", puzzle.id)


@require_GET
def attempt_page(request: HttpRequest, attempt_id: int) -> HttpResponse:
    """A finished attempt of the caller's (a streak's puzzle, say), to look back at."""
    solver = _solver(request)
    attempt = get_object_or_404(
        Attempt.objects.select_related("puzzle"), pk=attempt_id, solver=solver
    )
    if not attempt.over and attempt.storm_id:
        return redirect("puzzles:storm")
    if not attempt.over:
        return redirect("puzzles:puzzle", attempt.puzzle_id)
    context = _page(request, attempt, solver)
    context["review"] = True
    return render(request, PAGE, context)


# --- streaks ------------------------------------------------------------------------------


@require_GET
def streak(request: HttpRequest) -> HttpResponse:
    """The running streak's puzzle (the same one on every reload), or the start page."""
    solver = _solver(request)
    running = solving.live_streak(solver)
    if running is not None and running.current is not None and not running.current.over:
        return redirect("puzzles:puzzle", running.current.puzzle_id)
    past = Streak.objects.filter(solver=solver).order_by("-id")[:10]
    return render(
        request, "puzzles/streak.html", {"solver": solver, "running": running, "past": past}
    )


@require_POST
def streak_new(request: HttpRequest) -> HttpResponse:
    streak = solving.new_streak(_solver(request))
    assert streak.current is not None
    return redirect("puzzles:puzzle", streak.current.puzzle_id)


@require_POST
def streak_next(request: HttpRequest) -> HttpResponse:
    try:
        streak = solving.next_streak_puzzle(_solver(request))
    except solving.PuzzleError as exc:
        messages.error(request, str(exc))
        return redirect("puzzles:streak")
    assert streak.current is not None
    return redirect("puzzles:puzzle", streak.current.puzzle_id)


@require_GET
def streak_review(request: HttpRequest, streak_id: int) -> HttpResponse:
    solver = _solver(request)
    run = get_object_or_404(Streak, pk=streak_id, solver=solver)
    attempts = run.attempts.select_related("puzzle").order_by("id")
    return render(request, "puzzles/streak_review.html", {"run": run, "attempts": attempts})


# --- themes and the leaderboard -----------------------------------------------------------


@require_GET
def theme_list(request: HttpRequest) -> HttpResponse:
    return render(request, "puzzles/themes.html", {"themes": stats.theme_counts()})


@require_GET
def theme_page(request: HttpRequest, theme: str) -> HttpResponse:
    if theme not in THEMES:
        raise Http404("No such theme.")
    solver = solver_for(request, create=False)
    context = {
        "slug": theme,
        "name": THEMES[theme][0],
        "about": THEMES[theme][1],
        "count": choosing.in_theme(Puzzle.objects.all(), theme).count(),
        "mine": stats.theme_rates(solver).get(theme) if solver else None,
    }
    return render(request, "puzzles/theme.html", context)


@require_GET
def leaderboard(request: HttpRequest) -> HttpResponse:
    accounts = Solver.objects.filter(user__isnull=False).select_related("user")
    streaks = accounts.filter(best_streak__gt=0).order_by("-best_streak", "id")[:20]
    rated = (
        accounts.annotate(
            played=Count("attempts", filter=Q(attempts__rated=True, attempts__scored=True))
        )
        .filter(played__gt=0)
        .order_by("-rating", "id")[:20]
    )
    return render(request, "puzzles/leaderboard.html", {"streaks": streaks, "rated": rated})


@require_GET
def dashboard_page(request: HttpRequest) -> HttpResponse:
    """The caller's last 30 days (an account's, or a guest device's own)."""
    solver = solver_for(request, create=False)
    figures = dashboard.dashboard(solver) if solver else None
    return render(request, "puzzles/dashboard.html", {"figures": figures})


@require_GET
@cache_control(private=True, no_store=True)  # the caller's own games
def own_page(request: HttpRequest) -> HttpResponse:
    """The "Learn from your mistakes" page: the caller's puzzles from its own games alone."""
    solver = solver_for(request, create=False)
    rows = own.listing(solver) if solver else []
    context = {"rows": rows, "missed_by": own.MISSED_BY, "games": ", ".join(own.game_names())}
    return render(request, "puzzles/own.html", context)
