"""Two people and a computer play a room's Rumbaroo table to Game over, then rematch.

Each person plays from their own client through the table's pages (a guest by
device cookie, the other signed in); the computer's turns run in-process as
they would on the embedded default. Half-way, one player's browser is gone
and the clock plays for them; the game goes on.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client

from accounts.models import GameRecord
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Move
from games.table_flow import table_url
from games.tasks import sweep_online_tables
from leaderboards.models import Result
from tests.rooms.conftest import join, make_room, room_url

pytestmark = pytest.mark.django_db
# What a hurried player presses, by what the table asks of them.
PRESS = {"round_over": "next-round", "croc": "take", "drawn": "keep", "play": "draw"}


def state_of(game: Game) -> Any:
    fresh = Game.objects.get(id=game.id)
    return fresh, engine_for(fresh.kind).from_json(fresh.state)


def press(client: Client, game: Game, phase: str, commit: Any) -> int:
    """The person's move through the table's own POST, as htmx sends it."""
    name = PRESS[phase]
    with commit(execute=True):
        response = client.post(
            f"{table_url(game)}{name}/", {"version": game.version}, headers={"HX-Request": "true"}
        )
    return response.status_code


def play_until_over(game: Game, people: dict[int, Client], commit: Any, limit: int = 3000) -> int:
    """Each person moves when the table asks them; returns the moves the people made."""
    for made in range(limit):
        game, state = state_of(game)
        if game.status != GameStatus.ACTIVE:
            return made
        acting = sorted(engine_for(game.kind).to_act(state) & set(people))
        assert acting, "the computer's turn should already have been played"
        assert press(people[acting[0]], game, state.phase, commit) == 200
    raise AssertionError("the game did not end")


def test_two_people_and_a_computer_play_to_game_over_and_rematch(
    guest: Client, signed_in: Client, django_capture_on_commit_callbacks: Any
) -> None:
    room = make_room(guest, seats=3)
    join(signed_in, room, "Alice A")
    guest.post(room_url(room, "seat"), {"seat": 2, "action": "computer", "level": "joey"})
    with django_capture_on_commit_callbacks(execute=True):
        guest.post(room_url(room, "start"))
    room.refresh_from_db()
    game = room.game
    people = {0: guest, 1: signed_in}

    # Both see the table, each their own seat; a few turns are played by hand.
    for client in people.values():
        assert client.get(table_url(game)).status_code == 200
    for _ in range(4):
        game, state = state_of(game)
        seat = min(engine_for(game.kind).to_act(state) & set(people))
        assert press(people[seat], game, state.phase, django_capture_on_commit_callbacks) == 200

    # The guest's browser closes on their turn: the clock plays for them, no page open.
    game, state = state_of(game)
    while 0 not in engine_for(game.kind).to_act(state):
        seat = min(engine_for(game.kind).to_act(state) & set(people))
        press(people[seat], game, state.phase, django_capture_on_commit_callbacks)
        game, state = state_of(game)
    with (
        time_machine.travel(game.deadline + timedelta(seconds=10), tick=False),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert sweep_online_tables() >= 1
    timed_out = Move.objects.get(game=game, seq=game.version + 1)
    assert timed_out.seat == 0 and timed_out.action == {"type": "timeout"}

    assert play_until_over(game, people, django_capture_on_commit_callbacks) > 0
    game = Game.objects.get(id=game.id)
    assert game.status == GameStatus.FINISHED
    over = guest.get(table_url(game)).content.decode()
    assert "Game over" in over
    # Both people's results count, on the boards for games between people.
    assert GameRecord.objects.filter(game=game).count() == 2
    assert set(Result.objects.filter(game=game).values_list("difficulty", flat=True)) == {"online"}

    with django_capture_on_commit_callbacks(execute=True):
        response = guest.post(room_url(room, "rematch"))
    room.refresh_from_db()
    assert room.game_id != game.id and response.url == table_url(room.game)
    again = room.game
    assert again.online and again.status == GameStatus.ACTIVE
    assert [(s.display_name, s.computer_level) for s in again.seats.all()] == [
        ("Host Kim", ""),
        ("Alice A", ""),
        (again.seats.get(index=2).display_name, "joey"),
    ]
    assert signed_in.get(table_url(again)).status_code == 200


def test_another_device_of_the_same_account_rejoins_the_seat(
    guest: Client, signed_in: Client, django_user_model: Any
) -> None:
    room = make_room(guest, seats=2)
    join(signed_in, room, "Alice A")
    guest.post(room_url(room, "start"))
    room.refresh_from_db()
    phone = Client()
    phone.force_login(django_user_model.objects.get(username="alice"))
    desk = signed_in.get(table_url(room.game)).content.decode()
    again = phone.get(table_url(room.game)).content.decode()
    marker = 'data-testid="hand"'
    assert marker in desk and marker in again
    assert desk.split(marker, 1)[1][:3000] == again.split(marker, 1)[1][:3000]
