"""A solver's last 30 days of puzzles: tries, solve rate, rating, themes and history.

The tries counted are the stats card's (``stats.counted``: first tries and streak
puzzles, a hinted try a miss as the rating scores it), so the two pages agree. The
history lists every finished attempt (retries and Storm puzzles as well), each with a
link to its page, where the answer is shown now that the attempt is over. A guest's
device keeps its attempts, so a guest has a dashboard too.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Max, QuerySet
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games import catalogue
from players.chart import Chart, chart_for

from .models import Attempt, Solver, StormRun
from .stats import counted
from .themes import THEMES

DAYS = 30
MIN_TRIED = 2  # tries a theme needs before it can be called strongest or weakest
HISTORY = 100  # attempts listed, newest first


def window_start(now: datetime | None = None) -> datetime:
    return (now or timezone.now()) - timedelta(days=DAYS)


def _played(attempts: QuerySet[Attempt], since: datetime) -> QuerySet[Attempt]:
    """Attempts played since ``since``: when finished, or when dealt if not finished yet."""
    dated = attempts.annotate(played_at=Coalesce("finished_at", "created_at"))
    return dated.filter(played_at__gte=since)


def dashboard(solver: Solver, now: datetime | None = None) -> dict[str, Any]:
    """Everything the dashboard shows, from the solver's own attempts and runs."""
    since = window_start(now)
    tries = _played(counted(solver), since)
    rows = list(tries.values_list("status", "puzzle__themes"))
    solved = sum(status == Attempt.SOLVED for status, _t in rows)
    themes = theme_table(rows)
    ranked = [t for t in themes if t["tried"] >= MIN_TRIED]
    two = len(ranked) > 1  # one theme alone is neither strongest nor weakest
    return {
        "days": DAYS,
        "attempts": len(rows),
        "solved": solved,
        "rate": round(100 * solved / len(rows)) if rows else None,
        "chart": rating_chart(tries),
        "themes": themes,
        "strongest": max(ranked, key=lambda t: (t["rate"], t["tried"])) if two else None,
        "weakest": min(ranked, key=lambda t: (t["rate"], -t["tried"])) if two else None,
        "min_tried": MIN_TRIED,
        "history": history(solver, since),
        "storm": storm_line(solver, since),
    }


def theme_table(rows: list[tuple[str, list[str]]]) -> list[dict[str, Any]]:
    """Each theme tried: tries, solves, the rate, and where to practise it."""
    tried: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for status, themes in rows:
        tried.update(themes)
        if status == Attempt.SOLVED:
            won.update(themes)
    return [
        {
            "slug": slug,
            "name": name,
            "tried": tried[slug],
            "solved": won[slug],
            "rate": round(100 * won[slug] / tried[slug]),
            "practise": reverse("puzzles:theme_next", args=[slug]),
        }
        for slug, (name, _about) in THEMES.items()
        if tried[slug]
    ]


def rating_chart(tries: QuerySet[Attempt]) -> Chart:
    """The rating before the first rated try of the window, then after each one."""
    rated = tries.filter(rated=True, rating_after__isnull=False).order_by("played_at", "id")
    steps = list(rated.values_list("rating_before", "rating_after"))
    values = [steps[0][0], *(after for _before, after in steps)] if steps else []
    chart = chart_for("puzzles", _("Puzzle rating"), values)
    if not steps:
        return replace(chart, summary=_("No rated puzzles in the last 30 days."))
    summary = ngettext(
        "Puzzle rating over %(count)s rated puzzle in the last 30 days: from %(first)s to "
        "%(last)s, lowest %(low)s, highest %(high)s.",
        "Puzzle rating over %(count)s rated puzzles in the last 30 days: from %(first)s to "
        "%(last)s, lowest %(low)s, highest %(high)s.",
        len(steps),
    ) % {
        "count": len(steps),
        "first": round(values[0]),
        "last": round(values[-1]),
        "low": round(min(values)),
        "high": round(max(values)),
    }
    return replace(chart, summary=summary)


def history(solver: Solver, since: datetime) -> list[dict[str, Any]]:
    """The finished attempts of the window, newest first, each with its review link."""
    over = _played(solver.attempts.exclude(status=Attempt.OPEN), since)
    rows = over.select_related("puzzle").order_by("-played_at", "-id")[:HISTORY]
    return [_entry(a) for a in rows]


def _entry(attempt: Any) -> dict[str, Any]:
    change = None
    if attempt.rating_before is not None and attempt.rating_after is not None:
        change = round(attempt.rating_after - attempt.rating_before)
    return {
        "when": attempt.played_at,
        "number": attempt.puzzle_id,
        "game": catalogue.kind_name(attempt.puzzle.game),
        "mode": mode_name(attempt),
        "solved": attempt.status == Attempt.SOLVED,
        "outcome": outcome(attempt),
        "change": change,
        "url": reverse("puzzles:attempt", args=[attempt.pk]),
    }


def mode_name(attempt: Attempt) -> str:
    """How the puzzle was met: in a Storm run, a streak, as the daily, rated, or practice."""
    if attempt.storm_id:
        return _("Storm")
    if attempt.streak_id:
        return _("Streak")
    if attempt.daily:
        return _("Daily")
    return _("Rated") if attempt.rated else _("Practice")


def outcome(attempt: Attempt) -> str:
    solved = pgettext("a puzzle attempt", "solved")
    missed = pgettext("a puzzle attempt", "missed")
    if attempt.hinted:
        return _("missed (hint)")
    return solved if attempt.status == Attempt.SOLVED else missed


def storm_line(solver: Solver, since: datetime) -> dict[str, int]:
    """Storm runs finished in the window and their best score."""
    runs = StormRun.objects.filter(solver=solver, ended_at__gte=since)
    return {"runs": runs.count(), "best": runs.aggregate(top=Max("score"))["top"] or 0}
