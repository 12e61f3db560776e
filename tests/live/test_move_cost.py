"""What a move costs the database when its table's pages listen on websockets (issue 37 item
3): the boards are drawn inside the move's own transaction, from the game as the move wrote
it, so the move is one transaction and the publish after it reads nothing; a move at a table
nobody listens to costs no read for the boards at all."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.access import game_with_seats
from games.bots.registry import choose_for
from games.engine.registry import engine_for
from live import audiences
from live.viewer import Audience
from tests.matchmaking.conftest import catalogue_level

from .conftest import fresh, people, table

pytestmark = pytest.mark.django_db(transaction=True)
CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The boards handed to the channel layer (an earlier test's loop may be this thread's).
    The turn's clock task is left out: here it would run at once, in production it waits
    in the queue (tests/games/test_clock_task_cost.py counts it)."""
    from games.services import writes
    from live import publish

    monkeypatch.setattr(writes, "_queue_clock_on_commit", lambda game: None)
    out: list[Any] = []
    monkeypatch.setattr(publish.sending, "send", out.extend)
    return out


def one_move(game: Any) -> tuple[int, list[str]]:
    """A person's move as the service plays it (the page's read of the game is the caller's):
    the seat that moved and the statements the move and its publish cost."""
    engine, bot = engine_for(game.kind), choose_for(game.kind)
    state = engine.from_json(game.state)
    seat = min(engine.to_act(state))
    action = bot(engine.view(state, seat), catalogue_level(game.kind)) or engine.TIMEOUT_ACTION
    loaded = game_with_seats(game.id)  # as the page's POST read it, before the move
    with CaptureQueriesContext(connection) as seen:
        services.play(game.id, seat, action, game.version, loaded=loaded)
    return seat, [q["sql"] for q in seen.captured_queries]


def listen(game: Any, seats: list[int | None]) -> None:
    for seat in seats:
        audience = Audience(game.id.hex, seat, "en", "normal", False, frozenset())
        audiences.add(game.id.hex, audience.group)


def test_a_move_with_its_table_listening_is_one_transaction(sent: list) -> None:
    game = table(people(2))
    listen(game, [0, 1])
    seat, sql = one_move(game)
    control = [s.split()[0] for s in sql if s.startswith(CONTROL)]
    assert control == ["BEGIN", "COMMIT"], sql  # the move's own, nothing after it
    assert sql[-1] == "COMMIT", sql[-3:]  # the publish after the commit read nothing
    inside = sql[sql.index(next(s for s in sql if s.startswith("BEGIN"))) + 1 : -1]
    assert any("games_move" in s and s.startswith("SELECT") for s in inside)  # the log, once
    assert len([s for s in inside if "matchmaking_watcher" in s]) <= 1
    assert len(sql) <= 9, sql
    groups = {name for name, _message in sent}
    assert len(groups) == 2 and all(m["version"] == fresh(game).version for _, m in sent)
    assert seat in {0, 1}


def test_a_move_nobody_listens_to_draws_nothing(sent: list) -> None:
    game = table(people(2))
    _seat, sql = one_move(game)
    assert not [s for s in sql if "matchmaking_watcher" in s], sql
    assert sent == []
