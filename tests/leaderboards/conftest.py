"""Helpers for the leaderboards tests: a frozen UTC clock, daily attempts, won and lost games.

The clock is frozen by patching ``django.utils.timezone.now``, which both our
code (leaderboards.periods) and Django's ``auto_now`` fields read. Games are
ended through ``games.services.play`` from a crafted position, so every
result still comes from the server playing a move to the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any
from unittest import mock

import pytest
from django.test import Client

from games import services
from games.engine import rumbaroo as rb
from games.models import Game
from tests.engine.rumbaroo.rb_helpers import build
from tests.web.rumbaroo.conftest import put_state


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


@contextmanager
def frozen(at: datetime) -> Iterator[datetime]:
    """Every ``timezone.now()`` in the block returns ``at``."""
    with mock.patch("django.utils.timezone.now", return_value=at):
        yield at


@pytest.fixture
def run_commits(django_capture_on_commit_callbacks: Any) -> Callable[[], Any]:
    """Run on-commit work (the computers' turns) in-process."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def play_daily(client: Client, run_commits: Callable[[], Any], retry: bool = False) -> Game:
    """Press "Play today's challenge" (or "Retry") on ``client``; return the attempt."""
    url = "/leaderboards/daily/retry/" if retry else "/leaderboards/daily/play/"
    with run_commits():
        response = client.post(url)
    assert response.status_code == 302, response.content.decode()[:500]
    return Game.objects.get(id=response.url.rstrip("/").split("/")[-1])


def _faces_held(state: rb.State, seat: int, face: str) -> int:
    return next(t for t in state.hands[seat] if rb.face_of(state, t).text == face)


def finish(game: Game, person_wins: bool = True) -> Game:
    """End ``game`` with one real move: seat 0 (the person) or seat 1 goes out past 50."""
    game.refresh_from_db()
    n = len(game.seats.all())
    difficulty = game.config.get("difficulty", "joey")
    if person_wins:
        hands = ["R4", "G1 G2"] + [""] * (n - 2)
        state = build(hands, pile="R5", totals=[40] + [0] * (n - 1), turn=0, difficulty=difficulty)
        seat = 0
    else:
        hands = ["G1 G2", "R4"] + [""] * (n - 2)
        state = build(
            hands, pile="R5", totals=[0, 40] + [0] * (n - 2), turn=1, difficulty=difficulty
        )
        seat = 1
    put_state(game, state)
    tile = _faces_held(state, seat, "R4")
    services.play(game.id, seat, {"type": "discard", "tile": tile}, game.version)
    game.refresh_from_db()
    assert game.status == "finished", game.state.get("phase")
    return game
