"""Computer turns on the embedded default (no broker): iterative, bounded, never nested.

With eager Celery each computer turn runs in the commit hook of the move
before it. These tests commit for real (``transaction=True``) so the hooks
run as they do on the site: the last person leaving a table gets an answer
at once and the game ends; a table the house and the computers hold alone
plays on in bounded chunks, one per request, and its next poll carries on.
"""

from __future__ import annotations

import sys
import time
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from accounts.models import GameRecord, Outcome
from games import services
from games.models import Game, GameStatus, Move, Seat
from games.services import computers
from tests.games.test_online_tables import guest_key

pytestmark = pytest.mark.django_db(transaction=True)

KIND = "tile_rummy"
CONFIG = {"players": 3, "target": 200}


def table(people: list[str]) -> Game:
    """An online Tile Rummy table of three: these people's devices, computers in the rest."""
    seats = [services.SeatSpec(f"P{i}", device_key=key) for i, key in enumerate(people)]
    seats += [services.SeatSpec("Ada", computer_level="easy") for _ in range(3 - len(people))]
    return services.create_game(KIND, dict(CONFIG), seats, seed=11, online=True)


def fresh(game: Game) -> Game:
    return Game.objects.get(id=game.id)


def test_the_last_person_leaving_gets_an_answer_at_once_and_the_game_ends() -> None:
    clients = [Client(), Client()]
    game = table([guest_key(c) for c in clients])
    for index, client in enumerate(clients):
        started = time.monotonic()
        url = f"/tile-rummy/g/{game.id}/abandon/"
        response = client.post(url, {"version": fresh(game).version})
        assert response.status_code == 302, response.content.decode()[:500]
        assert time.monotonic() - started < 10
        assert loss_counted(game, index)
    ended = fresh(game)
    assert ended.status == GameStatus.ABANDONED
    assert not ended.awaiting_computer and ended.deadline is None
    assert Seat.objects.filter(game=game, house_reason="left").count() == 2


def test_after_the_first_leave_the_others_play_on() -> None:
    clients = [Client(), Client()]
    game = table([guest_key(c) for c in clients])
    response = clients[0].post(f"/tile-rummy/g/{game.id}/abandon/", {"version": game.version})
    assert response.status_code == 302
    assert fresh(game).status == GameStatus.ACTIVE  # one person is still at the table


def loss_counted(game: Game, seat: int) -> bool:
    record = GameRecord.objects.filter(game=game, seat_index=seat).first()
    return record is not None and record.outcome == Outcome.ABANDONED


def test_a_table_of_house_and_computers_plays_in_bounded_chunks_never_nested(
    monkeypatch: Any,
) -> None:
    client = Client()
    game = table([guest_key(client)])
    depths = record_depths(monkeypatch)
    before = Move.objects.filter(game=game).count()
    # The person is away: the house takes the seat, and from then on nobody waits for anyone.
    services.leave_seat(game.id, 0, reason="timeouts")
    after_one = Move.objects.filter(game=game).count()
    assert 0 < after_one - before <= services.IN_PROCESS_MOVES
    assert fresh(game).status == GameStatus.ACTIVE and fresh(game).awaiting_computer
    assert max(depths) - min(depths) < 10  # one after another, not inside each other

    # The person's page polls a few seconds later: the next chunk is played.
    later = timezone.now() + timedelta(seconds=5)
    current = fresh(game)
    with time_machine.travel(later, tick=False):
        poll = f"/tile-rummy/g/{game.id}/board/?at={current.version + 1}"
        response = client.get(poll, headers={"HX-Request": "true"})
    assert response.status_code == 200
    after_two = Move.objects.filter(game=game).count()
    assert 0 < after_two - after_one <= services.IN_PROCESS_MOVES


def record_depths(monkeypatch: Any) -> list[int]:
    """The stack depth at each computer move (it grows with every move when nested)."""
    depths: list[int] = []
    original = computers._computer_move

    def counted(game: Game, version: int) -> bool:
        depths.append(_depth())
        return original(game, version)

    monkeypatch.setattr(computers, "_computer_move", counted)
    return depths


def _depth() -> int:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth
