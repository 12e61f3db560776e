"""A quick answer at a correspondence table waits for everyone who may answer, or the deadline.

At a live table the next turn action closes Rumasta's heart window after 3 s;
at a correspondence table the people in it may be asleep, so it stays open
until every seat in it has answered (the engine then shuts it) or the move's
days run out.
"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
import time_machine

from games import services
from games.engine.rumasta.heart import HOLD_SECONDS
from games.services import windows
from tests.engine.rumasta.rm_helpers import build, ids
from tests.notifications.nf_helpers import fresh, make_user
from tests.web.rumasta.conftest import put_state, state_of

pytestmark = pytest.mark.django_db


def _window_open(pace: str) -> Any:
    """Two people; seat 0 lays a black three: the heart window opens for both seats."""
    users = [make_user(f"p{pace}a"), make_user(f"p{pace}b")]
    specs = [services.SeatSpec(f"P{i}", user_id=u.pk) for i, u in enumerate(users)]
    game = services.create_game("rumasta", {"players": 2, "pace": pace}, specs, online=True)
    game = fresh(game)
    put_state(game, build(["3S 9D 8C 5H", "4S 6S 7C"], turn=0, step="play", red3s=["3H", ""]))
    game = fresh(game)
    state = state_of(game)
    services.play(game.id, 0, {"type": "discard", "cards": ids(state, "3S 9D", 0)}, game.version)
    game = fresh(game)
    assert state_of(game).phase == "heart"
    return game


def _next_turn_action(game: Any) -> dict[str, Any]:
    state = state_of(game)
    assert state.turn == 1
    return {"type": "draw"}


def test_at_a_correspondence_table_the_window_waits_for_every_answer(monkeypatch: Any) -> None:
    game = _window_open("3d")
    later = time.time() + 3600  # an hour on: a live table would have closed it long ago
    monkeypatch.setattr(windows, "_now", lambda: later)
    with time_machine.travel(timedelta(hours=1)), pytest.raises(services.TooSoon):
        services.play(game.id, 1, _next_turn_action(game), game.version)
    services.play(game.id, 1, {"type": "pass"}, game.version)  # seat 1 answers: no call-out
    game = fresh(game)
    assert state_of(game).phase == "heart"  # the layer has not answered yet
    with time_machine.travel(timedelta(hours=1)), pytest.raises(services.TooSoon):
        services.play(game.id, 1, _next_turn_action(game), game.version)
    services.play(game.id, 0, {"type": "pass"}, game.version)  # every seat answered
    game = fresh(game)
    assert state_of(game).phase != "heart"
    services.play(game.id, 1, _next_turn_action(game), game.version)  # play goes on


def test_the_window_closes_when_the_moves_time_ends(monkeypatch: Any) -> None:
    game = _window_open("1d")
    assert 86_000 < (game.deadline - game.updated).total_seconds() <= 86_401
    with time_machine.travel(game.deadline + timedelta(seconds=1)):
        monkeypatch.setattr(windows, "_now", time.time)
        assert services.apply_due_timeouts(game.id) >= 1
        game = fresh(game)
    assert state_of(game).phase != "heart"


def test_at_a_live_table_the_next_turn_closes_it_after_the_hold(monkeypatch: Any) -> None:
    game = _window_open("live")
    later = time.time() + HOLD_SECONDS + 1
    monkeypatch.setattr(windows, "_now", lambda: later)
    services.play(game.id, 1, _next_turn_action(game), game.version)
    assert state_of(fresh(game)).phase != "heart"
