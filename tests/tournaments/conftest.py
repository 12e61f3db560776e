"""Helpers for the tournament tests: players with public names, events, finishing games.

Games are played by the seats' own computer player (tests.matchmaking's ``play_moves``)
or put one move from the end (Rumbaroo's crafted positions) to choose who wins.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from games.models import Game, GameStatus
from tests.engine.rumbaroo.rb_helpers import build
from tests.matchmaking.conftest import play_moves
from tests.players.conftest import named
from tests.web.rumbaroo.conftest import put_state
from tournaments import services
from tournaments.models import Entry, Format, Table, Tournament
from tournaments.options import options_for

KIND = "rumbaroo"  # short games (first to 50), and crafted endings to choose the winner


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _no_waiting_polls(settings: Any) -> None:
    settings.LIVE_WAIT_SECONDS = 0


def player(name: str, email: str = "") -> Any:
    """An account with a public (board) name."""
    user = get_user_model().objects.create_user(
        username=name.lower().replace(" ", "_"), email=email, password="pw-12345678"
    )
    named(user, name)
    return user


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def arena(
    seats: int = 2,
    kind: str = KIND,
    *,
    minutes: int = 30,
    started: timedelta = timedelta(minutes=1),
    **fields: Any,
) -> Tournament:
    """An Arena that started ``started`` ago (not yet ticked into running)."""
    return Tournament.objects.create(
        kind=kind,
        format=Format.ARENA,
        name=fields.pop("name", "Test Arena"),
        starts_at=timezone.now() - started,
        duration_minutes=minutes,
        seats=seats,
        options=options_for(kind),
        **fields,
    )


def swiss(seats: int = 2, rounds: int = 3, kind: str = KIND, **fields: Any) -> Tournament:
    return Tournament.objects.create(
        kind=kind,
        format=Format.SWISS,
        name=fields.pop("name", "Test Swiss"),
        starts_at=fields.pop("starts_at", timezone.now() + timedelta(minutes=10)),
        rounds=rounds,
        seats=seats,
        options=options_for(kind),
        **fields,
    )


def join_all(tournament: Tournament, users: list[Any]) -> list[Entry]:
    return [services.join(tournament.pk, user.pk) for user in users]


def here(tournament: Tournament, users: list[Any], now: datetime | None = None) -> None:
    """These players' pages ask (they are on the tournament page)."""
    for user in users:
        services.seen(tournament, user.pk, now)


def entry(tournament: Tournament, user: Any) -> Entry:
    return Entry.objects.get(tournament=tournament, user=user)


def table_of(tournament: Tournament, user: Any) -> Game | None:
    found = entry(tournament, user).table
    return found if found is not None and found.status == GameStatus.ACTIVE else None


def tables(tournament: Tournament) -> list[Table]:
    return list(Table.objects.filter(tournament=tournament).order_by("pk"))


def seat_of(game: Game, user: Any) -> int:
    return game.seats.get(user=user).index


def win_for(game: Game, winner: Any) -> Game:
    """Rumbaroo, put one move from the end with ``winner`` to move and 40 points: their
    computer player goes out and reaches the target (the others stay at 0)."""
    game.refresh_from_db()
    seats = game.seats.count()
    seat = seat_of(game, winner)
    hands = ["G1 G2 J", "B7 B8 J", "Y3 Y4 Y9"][: seats - 1]
    hands.insert(seat, "R4")
    totals = [0] * seats
    totals[seat] = 40
    put_state(game, build(hands, pile="R5", target=50, totals=totals, turn=seat))
    game.deadline = timezone.now() + timedelta(minutes=2)
    game.save(update_fields=["deadline"])
    return play_moves(game, 6)


def play_out(game: Game) -> Game:
    """The seats' computer player plays the game to its end."""
    return play_moves(game, 5000)
