"""The ``held_computer_turns`` fixture: a computer's turn waits for the test's release()."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def _computer_first() -> Game:
    seats = [services.SeatSpec("Ada", computer_level="easy"), services.SeatSpec("Kim")]
    return services.create_game("tile_rummy", {"players": 2, "target": 200}, seats, seed=11)


def test_a_held_computer_turn_plays_only_once_released(held_computer_turns: Any) -> None:
    game = _computer_first()
    game.refresh_from_db()
    assert game.awaiting_computer and held_computer_turns.held
    assert services.resume_computer_turns(game.id) is not None  # a poll: still held
    assert Game.objects.get(pk=game.pk).version == game.version

    assert held_computer_turns.release() == 1
    after = Game.objects.get(pk=game.pk)
    assert after.version > game.version and not after.awaiting_computer
