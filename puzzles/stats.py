"""A solver's numbers: rating, streaks, success per theme, and the daily's share text."""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from games import catalogue
from leaderboards.periods import utc_today

from .models import GAMES, Attempt, Puzzle, Solver
from .themes import THEMES


def theme_counts() -> list[dict[str, Any]]:
    """Each theme with how many puzzles have it (one pass over the bank's theme lists)."""
    counts: Counter[str] = Counter()
    for themes in Puzzle.objects.values_list("themes", flat=True):
        counts.update(themes)
    return [
        {"slug": slug, "name": name, "about": about, "count": counts[slug]}
        for slug, (name, about) in THEMES.items()
    ]


def game_counts() -> list[dict[str, Any]]:
    """Each game with how many puzzles it has (and the theme page that practises it, if any)."""
    counts = dict(Puzzle.objects.values_list("game").annotate(n=Count("id")))
    return [
        {
            "game": game,
            "name": catalogue.kind_name(game),  # in the reader's language
            "count": counts.get(game, 0),
            "theme": _theme(game),
        }
        for game, _name in GAMES
    ]


def _theme(game: str) -> str | None:
    spec = catalogue.get(game).puzzles
    return spec.theme if spec else None


def counted(solver: Solver) -> QuerySet[Attempt]:
    """The attempts that count for success rates, as the rating counts them: first tries
    and streak puzzles once scored. A hint scores the try a miss at once (``solving.hint``),
    so a hinted try still open is a miss here too, not left out until it is confirmed."""
    first_tries = Q(rated=True) | Q(streak__isnull=False)
    return Attempt.objects.filter(first_tries, solver=solver, scored=True)


def theme_rates(solver: Solver | None) -> dict[str, dict[str, int]]:
    """Per theme: puzzles tried, solved, and the success rate in percent."""
    if solver is None:
        return {}
    tried: Counter[str] = Counter()
    solved: Counter[str] = Counter()
    for themes, status in counted(solver).values_list("puzzle__themes", "status"):
        tried.update(themes)
        if status == Attempt.SOLVED:
            solved.update(themes)
    return {
        t: {"tried": tried[t], "solved": solved[t], "rate": round(100 * solved[t] / tried[t])}
        for t in THEMES
        if tried[t]
    }


def daily_streak(solver: Solver, today: date) -> int:
    """The calendar streak as it stands today: a day without the daily solved breaks it,
    even before the next try is recorded."""
    if solver.daily_last is None or solver.daily_last < today - timedelta(days=1):
        return 0
    return solver.daily_streak


def summary(solver: Solver | None) -> dict[str, Any] | None:
    """What the stats page shows about puzzles; None before the first puzzle."""
    if solver is None:
        return None
    attempts = counted(solver)
    rates = theme_rates(solver)
    return {
        "rating": round(solver.rating),
        "provisional": solver.rd > 110,
        "played": attempts.count(),
        "solved": attempts.filter(status=Attempt.SOLVED).count(),
        "best_streak": solver.best_streak,
        "daily_streak": daily_streak(solver, utc_today()),
        "best_daily_streak": solver.best_daily_streak,
        "themes": [{"slug": t, "name": THEMES[t][0], **r} for t, r in rates.items()],
    }


def share_text(request: HttpRequest, attempt: Attempt, solver: Solver) -> str:
    """For the daily puzzle: the day, solved or not, the calendar streak; never a tile."""
    if attempt.daily is None:
        return ""
    if attempt.status == Attempt.SOLVED:
        mark = _("solved ✅ (with a hint)") if attempt.hinted else _("solved ✅")
    else:
        mark = _("missed ❌ (with a hint)") if attempt.hinted else _("missed ❌")
    link = request.build_absolute_uri(reverse("puzzles:daily"))
    streak = ""
    if solver.daily_streak:
        streak = " · " + _("daily streak %(count)s 🔥") % {"count": solver.daily_streak}
    day = attempt.daily.isoformat()
    line = _("Rummy daily puzzle %(day)s: %(result)s") % {"day": day, "result": mark}
    return f"{line}{streak}\n{link}"
