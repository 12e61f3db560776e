"""Which puzzle comes next: near the solver's rating, in a theme, for a streak, for the day.

Rated practice and theme pages pick among the ``NEAREST`` unseen puzzles
closest to the solver's rating. A streak climbs: its k-th puzzle is near
``STREAK_START + STREAK_STEP * k``. The daily puzzle is drawn by the daily
seed (``leaderboards.daily.seed_for``) from puzzles not used as a daily in
the last ``DAILY_GAP_DAYS`` days, and stored, so everyone gets the same one.

None of this looks at a puzzle's game: rated practice, streaks and the daily
draw from every game's puzzles alike, kept mixed on purpose (one rating for
all; a theme page is how to practise one game alone). A streak
draws each puzzle's game in proportion to the bank first, then the rating.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

from django.db import IntegrityError, transaction
from django.db.models import Count, F, Func, QuerySet

from leaderboards.daily import seed_for

from .models import DailyPuzzle, Puzzle, Solver

NEAREST = 10
STREAK_START = 1000.0
STREAK_STEP = 60.0
DAILY_GAP_DAYS = 90


class Abs(Func):
    function = "ABS"


def unseen(solver: Solver) -> QuerySet[Puzzle]:
    return Puzzle.objects.exclude(attempts__solver=solver)


def near(puzzles: QuerySet[Puzzle], rating: float, rng: random.Random) -> Puzzle | None:
    """One of the puzzles nearest ``rating`` (at random among the ``NEAREST``)."""
    ordered = puzzles.annotate(gap=Abs(F("rating") - rating)).order_by("gap", "id")
    nearest = list(ordered.values_list("id", flat=True)[:NEAREST])
    if not nearest:
        return None
    return Puzzle.objects.get(id=rng.choice(nearest))


def next_rated(solver: Solver, theme: str | None = None) -> Puzzle | None:
    puzzles = unseen(solver)
    if theme:
        puzzles = in_theme(puzzles, theme)
    return near(puzzles, solver.rating, random.Random())


def in_theme(puzzles: QuerySet[Puzzle], theme: str) -> QuerySet[Puzzle]:
    """Puzzles with ``theme``: the quoted name inside the stored list (any database)."""
    return puzzles.filter(themes__icontains=f'"{theme}"')


def streak_puzzle(solver: Solver, streak_id: int, k: int) -> Puzzle | None:
    """The k-th (0-based) puzzle of a streak: harder as it goes, unseen by the solver."""
    rng = random.Random(f"streak:{streak_id}:{k}")
    game = _streak_game(rng)
    target = STREAK_START + STREAK_STEP * k
    return (
        near(unseen(solver).filter(game=game), target, rng)
        or near(unseen(solver), target, rng)
        or near(Puzzle.objects.all(), target, rng)
    )


def _streak_game(rng: random.Random) -> str:
    """Each streak puzzle's game, drawn in proportion to the bank: the easiest puzzles
    of one game would otherwise open every streak with that game alone."""
    counts = dict(Puzzle.objects.values_list("game").annotate(n=Count("id")).order_by("game"))
    if not counts:
        return ""
    games = sorted(counts)
    return rng.choices(games, weights=[counts[g] for g in games])[0]


def daily_puzzle(day: date) -> Puzzle:
    """The day's puzzle, chosen once (a race ends with one row, both having chosen the same)."""
    found = DailyPuzzle.objects.filter(date=day).select_related("puzzle").first()
    if found:
        return found.puzzle
    recent = DailyPuzzle.objects.filter(
        date__gte=day - timedelta(days=DAILY_GAP_DAYS), date__lt=day
    ).values_list("puzzle_id", flat=True)
    ids = list(
        Puzzle.objects.exclude(id__in=list(recent)).order_by("id").values_list("id", flat=True)
    )
    chosen = random.Random(seed_for(day)).choice(ids)
    try:
        with transaction.atomic():
            DailyPuzzle.objects.create(date=day, puzzle_id=chosen)
    except IntegrityError:
        pass
    return DailyPuzzle.objects.select_related("puzzle").get(date=day).puzzle
