"""Correspondence tables (days per move): each game played to the end over frozen days.

Two signed-in people and computers sit at a 3-days-per-move table of every
ready game. The people play their computers' choice of move, the clock moves
hours between moves, and at least one deadline passes with nobody moving, so
the engine's timeout action is played, as at live tables.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from games import catalogue, services
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Move
from leaderboards.models import Result
from rooms import adapters
from tests.notifications.nf_helpers import fresh, make_user, play_to_the_end

pytestmark = pytest.mark.django_db

SHORT = {  # room options for a short game of each kind (rooms' own test options)
    "tile_rummy": {"meld_rule": "standard"},
    "rumbaroo": {"difficulty": "joey", "target": 50},
    "romanian_tile_rummy": {"rounds": 1, "threshold": 45, "penalty": "flat200",
                            "discard_counts": "no"},
    "rumasta": {"teams": "none", "target": 500},
}
MOVE_CAP = 4000


def _correspondence_table(kind: str) -> Game:
    seats = 3 if catalogue.get(kind).max_players >= 3 else 2
    config = adapters.engine_config(kind, dict(SHORT[kind]), seats)
    if kind == "tile_rummy":  # a room's shortest game is still long: the contract suite's
        config = dict(catalogue.get(kind).contract_configs[0])
        seats = config["players"]
    assert config is not None
    config = {**config, "pace": "3d"}
    people = [make_user(f"{kind[:4]}{i}") for i in range(2)]
    level = catalogue.get(kind).levels[0].key
    specs = [services.SeatSpec(f"Player {i + 1}", user_id=u.pk) for i, u in enumerate(people)]
    specs += [services.SeatSpec("Computer", computer_level=level)] * (seats - 2)
    assert len(specs) == seats
    return fresh(services.create_game(kind, config, specs, online=True))


@pytest.mark.parametrize("kind", sorted(SHORT))
def test_a_correspondence_game_is_played_to_the_end_over_days(
    kind: str, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    settings.NOTIFICATIONS_SEND = False  # the clock is what this test is about
    start = timezone.now()
    with time_machine.travel(start, tick=False) as clock:
        game = _correspondence_table(kind)
        game = play_to_the_end(game, django_capture_on_commit_callbacks, clock, MOVE_CAP)
    assert game.status == GameStatus.FINISHED, f"{kind} not over after {MOVE_CAP} steps"
    assert engine_for(kind).result(services.load_state(game)).game_over
    timeouts = Move.objects.filter(game=game, action__type="timeout").count()
    assert timeouts >= 1
    assert (game.updated - start) > timedelta(days=3)  # it went on over several days
    assert mail.outbox == []
    # The people's results count on the correspondence board, apart from live tables.
    boards = set(Result.objects.filter(game=game).values_list("difficulty", flat=True))
    assert boards == {"correspondence"}
