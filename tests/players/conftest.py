"""Helpers for the players tests: accounts, online games between them, and their endings.

``ended`` writes a finished position into a real engine state (totals,
winners, phase) so the rating code reads the result the way it does after a
real last move; ``tests/players/test_rated_by_play.py`` ends one through
``games.services.play`` as well.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.test import Client

from games import services
from games.access import game_with_seats
from games.models import Game, GameStatus
from players.record import record_rated_game


@pytest.fixture(autouse=True)
def _fresh_limits() -> Iterator[None]:
    """Rate-limit counters live in the cache: every test starts from zero."""
    cache.clear()
    yield
    cache.clear()


def accounts(*names: str) -> list[Any]:
    model = get_user_model()
    return [model.objects.create_user(username=n, password="pw-12345678") for n in names]


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def online_game(
    kind: str, users: list[Any], config: dict[str, Any] | None = None, **seat_changes: Any
) -> Game:
    """An online table with one account in each seat (``None`` in users: a computer seat)."""
    specs = [
        services.SeatSpec(display_name=u.username, user_id=u.id)
        if u is not None
        else services.SeatSpec(display_name="Computer", computer_level="joey")
        for u in users
    ]
    config = config or {"players": len(users)}
    return services.create_game(kind, config, specs, seed=7, online=True)


def ended(game: Game, totals: list[int], winners: list[int]) -> Game:
    """Mark the game over with these totals (per seat; Rumasta: per side) and winners."""
    state = dict(game.state)
    state.update(phase="game_over", totals=totals, winners=winners)
    if game.kind == "rumasta":
        state["round_steps"] = [{"round": 0, "total": t} for t in totals]
    else:
        state["round_scores"] = [0] * len(totals)
    Game.objects.filter(id=game.id).update(state=state, status=GameStatus.FINISHED)
    found = game_with_seats(game.id)
    assert found is not None
    return found


def rate(game: Game, totals: list[int], winners: list[int]) -> int:
    """End ``game`` as above and rate it, as the game_finished receiver does (inside the
    transaction that ends the game: the rating rows are locked FOR UPDATE)."""
    with transaction.atomic():
        return record_rated_game(ended(game, totals, winners), winners)


def named(user: Any, name: str) -> Any:
    """Give the account a board name (what a player page is found by)."""
    from leaderboards.naming import rename
    from leaderboards.players import get_player

    player = get_player(user.id, "", create=True)
    rename(player, name)
    return player


def guest_named(device_key: str, name: str) -> Any:
    from leaderboards.naming import rename
    from leaderboards.players import get_player

    player = get_player(None, device_key, create=True)
    rename(player, name)
    return player
