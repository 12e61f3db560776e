"""The dashboard's figures against attempts written here, and a hinted try counted at once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client

from puzzles.models import Attempt, Puzzle, Solver, StormRun

from .conftest import confirm, lay_out

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)


def made(pk: int, themes: list[str], source: Puzzle) -> Puzzle:
    """A puzzle with the given themes (the position and answer borrowed from the bank)."""
    return Puzzle.objects.create(
        id=pk,
        game=source.game,
        kind=source.kind,
        table=source.table,
        rack=source.rack,
        tiles=source.tiles,
        value=source.value,
        solution=source.solution,
        themes=themes,
        difficulty=1500,
        rating=1500.0,
    )


def tried(solver: Solver, puzzle: Puzzle, status: str, days_ago: float, **fields: Any) -> Attempt:
    at = NOW - timedelta(days=days_ago)
    attempt = Attempt.objects.create(solver=solver, puzzle=puzzle, status=status, **fields)
    finished = None if status == Attempt.OPEN else at
    Attempt.objects.filter(pk=attempt.pk).update(created_at=at, finished_at=finished)
    return attempt


@pytest.fixture
def history(guest: Client, puzzles: Any) -> Solver:
    """A guest's month: 6 counted tries (3 solved), and tries the figures leave out."""
    guest.get("/puzzles/storm/")  # a page that makes the device's solver
    solver = Solver.objects.get()
    source = puzzles[0]
    jokers = [made(900001 + i, ["jokers"], source) for i in range(3)]
    going = [made(900011 + i, ["go-out"], source) for i in range(2)]
    other = made(900021, ["splitting-a-run"], source)
    rated = {"rated": True, "scored": True}
    tried(solver, jokers[0], "solved", 20, rating_before=1500, rating_after=1540, **rated)
    tried(solver, jokers[1], "solved", 10, rating_before=1540, rating_after=1570, **rated)
    tried(solver, going[0], "missed", 5, rating_before=1570, rating_after=1530, **rated)
    hinted = tried(solver, going[1], "open", 2, rating_before=1530, rating_after=1500, **rated)
    Attempt.objects.filter(pk=hinted.pk).update(hinted=True)  # a hint: a miss, scored at once
    tried(solver, other, "solved", 1, rating_before=1500, rating_after=1525, **rated)
    tried(solver, jokers[2], "missed", 3, scored=True, streak=None, rated=False)  # a retry
    old = made(900031, ["go-out"], source)
    tried(solver, old, "solved", 40, rating_before=1400, rating_after=1500, **rated)  # too old
    run = StormRun.objects.create(
        solver=solver, day=NOW.date(), started_at=NOW, ends_at=NOW, ended_at=NOW, score=7
    )
    tried(solver, made(900041, ["jokers"], source), "solved", 1, storm=run)  # Storm: not counted
    return solver


def test_the_figures_of_the_last_30_days(guest: Client, history: Solver) -> None:
    with time_machine.travel(NOW, tick=False):
        response = guest.get("/puzzles/dashboard/")
    figures = response.context["figures"]
    assert (figures["attempts"], figures["solved"], figures["rate"]) == (5, 3, 60)
    chart = figures["chart"]
    assert (chart.low, chart.high, len(chart.points)) == (1500, 1570, 6)
    assert "from 1500 to 1525, lowest 1500, highest 1570" in chart.summary
    themes = {t["slug"]: (t["tried"], t["solved"], t["rate"]) for t in figures["themes"]}
    assert themes == {"jokers": (2, 2, 100), "go-out": (2, 0, 0), "splitting-a-run": (1, 1, 100)}
    assert figures["strongest"]["slug"] == "jokers" and figures["weakest"]["slug"] == "go-out"
    assert figures["weakest"]["practise"] == "/puzzles/themes/go-out/next/"
    assert figures["storm"] == {"runs": 1, "best": 7}
    numbers = [a["number"] for a in figures["history"]]
    assert numbers == [900041, 900021, 900003, 900011, 900002, 900001]  # newest first
    html = response.content.decode()
    assert 'data-testid="rating-svg-puzzles"' in html and 'data-points="6"' in html
    assert 'href="/puzzles/themes/go-out/next/"' in html and 'data-testid="dash-weakest"' in html


def test_each_attempt_in_the_history_is_reviewable(guest: Client, puzzles: Any) -> None:
    puzzle = puzzles[0]
    guest.get(f"/puzzles/{puzzle.id}/")
    guest.post(f"/puzzles/{puzzle.id}/answer/")
    figures = guest.get("/puzzles/dashboard/").context["figures"]
    (entry,) = figures["history"]
    assert entry["outcome"] == "missed" and entry["mode"] == "Rated"
    review = guest.get(entry["url"])
    assert review.status_code == 200 and 'data-testid="best"' in review.content.decode()


def test_a_guest_without_attempts_sees_an_empty_dashboard(guest: Client) -> None:
    response = guest.get("/puzzles/dashboard/")
    assert response.status_code == 200 and response.context["figures"] is None


def test_a_hinted_try_counts_as_a_miss_in_the_stats_card_at_once(
    guest: Client, puzzles: Any
) -> None:
    puzzle = puzzles[0]
    guest.get(f"/puzzles/{puzzle.id}/")
    guest.post(f"/puzzles/{puzzle.id}/hint/")
    rating = Solver.objects.get().rating
    assert rating < 1500  # the rating has scored the miss already
    summary = guest.get("/me/stats/").context["puzzles"]
    assert (summary["played"], summary["solved"]) == (1, 0)
    lay_out(guest, puzzle, puzzle.solution)
    confirm(guest, puzzle)  # the best, after a hint: still a miss, counted once
    summary = guest.get("/me/stats/").context["puzzles"]
    assert (summary["played"], summary["solved"]) == (1, 0)
    assert Solver.objects.get().rating == rating
