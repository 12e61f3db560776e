"""Puzzles from the home page, theme pages, and the numbers on the stats page."""

from __future__ import annotations

from typing import Any

import pytest

from puzzles.models import Puzzle

from .conftest import confirm, lay_out

pytestmark = pytest.mark.django_db


def test_home_links_to_puzzles(guest: Any, puzzles: Any) -> None:
    assert 'href="/puzzles/"' in guest.get("/").content.decode()
    page = guest.get("/puzzles/").content.decode()
    assert "Daily puzzle" in page and "/puzzles/streak/" in page


def test_a_theme_page_practises_that_theme(guest: Any, puzzles: Any) -> None:
    page = guest.get("/puzzles/themes/jokers/").content.decode()
    assert "Jokers" in page
    chosen = guest.get("/puzzles/themes/jokers/next/")["Location"]
    puzzle = Puzzle.objects.get(id=int(chosen.strip("/").split("/")[-1]))
    assert "jokers" in puzzle.themes
    assert guest.get("/puzzles/themes/no-such-theme/").status_code == 404


def test_the_stats_page_shows_rating_streak_and_theme_success(guest: Any, puzzles: Any) -> None:
    puzzle = puzzles[0]
    guest.get(f"/puzzles/{puzzle.id}/")
    lay_out(guest, puzzle, puzzle.solution)
    confirm(guest, puzzle)
    other = puzzles[1]
    guest.get(f"/puzzles/{other.id}/")
    guest.post(f"/puzzles/{other.id}/answer/")
    response = guest.get("/me/stats/")
    html = response.content.decode()
    assert 'data-testid="stats-puzzles"' in html
    summary = response.context["puzzles"]
    assert summary["played"] == 2 and summary["solved"] == 1
    rates = {t["slug"]: t for t in summary["themes"]}
    for theme in set(puzzle.themes) - set(other.themes):
        assert rates[theme]["rate"] == 100
    for theme in set(other.themes) - set(puzzle.themes):
        assert rates[theme]["rate"] == 0


def test_signing_in_brings_the_guests_puzzles_to_the_account(guest: Any, puzzles: Any) -> None:
    from django.contrib.auth import get_user_model

    from puzzles.models import Attempt, Solver

    puzzle = puzzles[0]
    guest.get(f"/puzzles/{puzzle.id}/")
    lay_out(guest, puzzle, puzzle.solution)
    confirm(guest, puzzle)
    rating = Solver.objects.get().rating
    get_user_model().objects.create_user("solver_sam", password="tiles-and-runs-42")
    response = guest.post(
        "/accounts/login/", {"login": "solver_sam", "password": "tiles-and-runs-42"}
    )
    assert response.status_code == 302
    solver = Solver.objects.get()
    assert solver.user is not None and solver.rating == rating
    assert Attempt.objects.get().solver == solver
