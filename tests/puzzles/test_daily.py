"""The daily puzzle: one for everyone each UTC day, no repeat within 90 days, a calendar streak."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

import pytest
from django.test import Client

from puzzles import choosing, solving
from puzzles.models import Attempt, DailyPuzzle, Puzzle, Solver

from .conftest import confirm, latest, lay_out

pytestmark = pytest.mark.django_db
DAY = date(2026, 12, 3)


@pytest.fixture
def on_day(monkeypatch: Any):
    def set_day(day: date) -> None:
        monkeypatch.setattr(solving, "utc_today", lambda: day)

    set_day(DAY)
    return set_day


def test_everyone_gets_the_same_puzzle(on_day: Any, puzzles: Any) -> None:
    one, two = Client(), Client()
    assert one.get("/puzzles/daily/")["Location"] == two.get("/puzzles/daily/")["Location"]
    assert DailyPuzzle.objects.get(date=DAY).puzzle_id == int(
        one.get("/puzzles/daily/")["Location"].strip("/").split("/")[-1]
    )


def test_the_daily_seed_chooses_and_skips_the_last_90_days(puzzles: Any) -> None:
    ids = [p.id for p in puzzles[:6]]
    Puzzle.objects.exclude(id__in=ids).delete()
    for back, puzzle_id in zip((1, 30, 89, 90, 5), ids, strict=False):
        DailyPuzzle.objects.create(date=DAY - timedelta(days=back), puzzle_id=puzzle_id)
    # ids[0..4] were dailies within 90 days (days 1, 30, 89, 90 and 5 back): only ids[5] is left.
    assert choosing.daily_puzzle(DAY).id == ids[5]
    DailyPuzzle.objects.filter(date=DAY).delete()
    DailyPuzzle.objects.filter(date=DAY - timedelta(days=90)).update(date=DAY - timedelta(days=91))
    # 91 days back is allowed again: now the seed picks between two, the same each time.
    picks = set()
    for _ in range(3):
        DailyPuzzle.objects.filter(date=DAY).delete()
        picks.add(choosing.daily_puzzle(DAY).id)
    assert len(picks) == 1 and picks <= {ids[3], ids[5]}


def solve_daily(client: Client) -> Attempt:
    location = client.get("/puzzles/daily/")["Location"]
    puzzle = Puzzle.objects.get(id=int(location.strip("/").split("/")[-1]))
    client.get(location)
    lay_out(client, puzzle, puzzle.solution)
    confirm(client, puzzle)
    return latest(puzzle)


def test_the_calendar_streak_and_a_spoiler_free_share_text(
    on_day: Any, guest: Client, puzzles: Any
) -> None:
    attempt = solve_daily(guest)
    assert attempt.daily == DAY and attempt.status == Attempt.SOLVED
    on_day(DAY + timedelta(days=1))
    solve_daily(guest)
    solver = Solver.objects.get()
    assert (solver.daily_streak, solver.best_daily_streak) == (2, 2)
    page = guest.get("/puzzles/daily/", follow=True)
    share = page.context["share"]
    assert "2026-12-04" in share and "solved" in share and "daily streak 2" in share
    assert not re.search(r"\b[RBYK]\d{1,2}\b", share)  # no tile is named
    assert "worth" not in share and "tiles" not in share
    # A day missed breaks it; the next solve starts again at 1.
    on_day(DAY + timedelta(days=3))
    solve_daily(guest)
    solver.refresh_from_db()
    assert (solver.daily_streak, solver.best_daily_streak) == (1, 2)


def test_a_daily_met_before_still_counts_for_the_calendar_streak(
    on_day: Any, guest: Client, puzzles: Any
) -> None:
    puzzle = choosing.daily_puzzle(DAY)
    on_day(DAY - timedelta(days=3))  # tried (and missed) as a rated puzzle days before
    guest.get(f"/puzzles/{puzzle.id}/")
    guest.post(f"/puzzles/{puzzle.id}/answer/")
    on_day(DAY)
    attempt = solve_daily(guest)
    assert attempt.daily == DAY and not attempt.rated and attempt.status == Attempt.SOLVED
    assert Solver.objects.get().daily_streak == 1


def test_a_day_without_the_daily_shows_the_streak_broken(
    on_day: Any, guest: Client, puzzles: Any, monkeypatch: Any
) -> None:
    from puzzles import stats

    solve_daily(guest)
    solver = Solver.objects.get()
    assert stats.daily_streak(solver, DAY + timedelta(days=1)) == 1
    assert stats.daily_streak(solver, DAY + timedelta(days=2)) == 0
    monkeypatch.setattr(stats, "utc_today", lambda: DAY + timedelta(days=2))
    assert guest.get("/me/stats/").context["puzzles"]["daily_streak"] == 0
