"""The player's own pages: stats and the history of their games.

Both show only the caller's rows (account, or this device as a guest) and
change nothing, so there is nothing here another player could act on.
"""

from __future__ import annotations

from datetime import date

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from accounts import saves, stats
from accounts.charts import long_date
from accounts.models import GameRecord
from games import pace as game_pace
from games.describe import game_level, kind_name, level_label, table_url


@require_GET
def stats_page(request: HttpRequest) -> HttpResponse:
    """Games played and won per game and level, and the win streaks."""
    pace = request.GET.get("pace", "all")
    pace = pace if pace in stats.PACE_FILTERS else "all"
    kinds = stats.stats_for(request, pace)
    return render(request, "accounts/stats.html", {"kinds": kinds, "pace": pace})


@require_GET
def history_page(request: HttpRequest) -> HttpResponse:
    """Every game the player has, newest save first, with what became of it."""
    entries = saves.history(request)
    records = {
        (r.game_id, r.seat_index): r
        for r in GameRecord.objects.filter(game__in=[e.game for e in entries])
    }
    rows = [_history_row(e, records.get((e.game.id, e.seat.index))) for e in entries]
    return render(request, "accounts/history.html", {"rows": rows})


def _history_row(entry: saves.SaveEntry, record: GameRecord | None) -> dict[str, object]:
    seats = list(entry.game.seats.all())
    return {
        "entry": entry,
        "name": kind_name(entry.game.kind),
        # A daily attempt is named as the daily (and its day), not as a plain game at a level.
        "daily": _daily_day(entry.game.config),
        "level": level_label(entry.game.kind, game_level(entry.game, seats)),
        "computers": sum(1 for s in seats if s.is_computer),
        # Correspondence games (days per move) are told apart from live ones.
        "pace": game_pace.label(entry.game.config)
        if game_pace.is_correspondence(entry.game.config)
        else "",
        "url": table_url(entry.game),
        "record": record,
    }


def _daily_day(config: dict[str, object]) -> str:
    """The day a daily-challenge attempt counts for ("30 November 2026"), else ""."""
    raw = config.get("daily") if isinstance(config, dict) else None
    try:
        day = date.fromisoformat(str(raw)) if raw else None
    except ValueError:
        return str(raw)
    return long_date(day) if day else ""


def rate_limited(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """allauth's answer when sign-in, sign-up or reset is tried too often (HTTP 429)."""
    return render(request, "accounts/429.html", status=429)
