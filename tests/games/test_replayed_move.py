"""A move sent again after its answer was lost is played once (issue 37, item 5 e).

The page sends a POST again, with the same version, when its answer never came
(static/js/table.js). The write path (games/services/replayed.py) answers the seat's
own latest move, made at that version, with the game as it is now and nothing applied
again; any other action at an old version is still refused as stale.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import catalogue, services
from games.bots.registry import choose_for
from games.engine.registry import engine_for
from games.models import Game, Move
from games.services.writes import write_move
from tests.games.conftest import snapshot

pytestmark = pytest.mark.django_db

READY = list(catalogue.ready())


def people_only(entry: catalogue.GameEntry, seed: int = 7) -> Game:
    """A game of ``entry`` (its first contract setup) between two or more people."""
    config = dict(entry.contract_configs[0]) if entry.contract_configs else {}
    players = int(config.get("players", 2))
    seats = [services.SeatSpec(f"P{i}", device_key=f"dev-{i}") for i in range(players)]
    return services.create_game(entry.kind, config, seats, seed=seed)


def a_move(game: Game) -> tuple[int, dict[str, Any]]:
    """A seat to act now and a legal move for it (its bot's choice)."""
    engine = engine_for(game.kind)
    state = engine.from_json(game.state)
    seat = min(engine.to_act(state))
    level = catalogue.get(game.kind).levels[0].key
    return seat, choose_for(game.kind)(engine.view(state, seat), level)


def another(action: dict[str, Any]) -> dict[str, Any]:
    """A move that is not ``action``."""
    return {"type": "next_round"} if action["type"] == "draw" else {"type": "draw"}


def rows() -> tuple[int, int]:
    return Game.objects.count(), Move.objects.count()


@pytest.mark.parametrize("entry", READY, ids=lambda e: e.kind)
def test_the_same_move_sent_twice_is_played_once(entry: catalogue.GameEntry) -> None:
    game = people_only(entry)
    seat, action = a_move(game)
    sent_at = game.version
    played = services.play(game.id, seat, action, sent_at)
    assert played.version == sent_at + 1
    before, counted = snapshot(played), rows()

    again = services.play(game.id, seat, dict(action), sent_at)  # its answer was lost

    assert again.version == sent_at + 1 and again.state == played.state
    assert snapshot(again) == before and rows() == counted
    assert Move.objects.get(game=game, seq=sent_at + 1).seat == seat


@pytest.mark.parametrize("entry", READY, ids=lambda e: e.kind)
def test_a_different_move_at_that_version_is_still_refused(entry: catalogue.GameEntry) -> None:
    game = people_only(entry)
    seat, action = a_move(game)
    sent_at = game.version
    services.play(game.id, seat, action, sent_at)
    before, counted = snapshot(game), rows()
    with pytest.raises(services.StaleVersion) as refused:
        services.play(game.id, seat, another(action), sent_at)
    assert "moved on" in refused.value.message
    assert snapshot(game) == before and rows() == counted


def test_another_seat_sending_that_move_is_refused() -> None:
    game = people_only(catalogue.get("tile_rummy"))
    seat, action = a_move(game)
    services.play(game.id, seat, action, 0)
    before = snapshot(game)
    with pytest.raises(services.StaleVersion):
        services.play(game.id, 1 - seat, action, 0)
    assert snapshot(game) == before


def test_once_the_seat_moved_again_its_old_move_is_refused() -> None:
    """Only the seat's latest move is answered: a page that long moved on sent it."""
    game = people_only(catalogue.get("tile_rummy"))
    first, draw = a_move(game)
    for version in range(3):  # the seat, the other seat, the seat again
        services.play(game.id, (first + version) % 2, {"type": "draw"}, version)
    before = snapshot(game)
    with pytest.raises(services.StaleVersion):
        services.play(game.id, first, {"type": "draw"}, 0)
    assert snapshot(game) == before and game.version == 3


def test_the_computers_moving_since_do_not_matter(django_capture_on_commit_callbacks) -> None:
    """The computers answer in the same breath; the page's resend comes later than them."""
    seats = [
        services.SeatSpec("You", device_key="dev-a"),
        services.SeatSpec("Bot", computer_level="easy"),
    ]
    game = services.create_game("tile_rummy", {"players": 2}, seats, seed=7)
    assert a_move(game)[0] == 0
    with django_capture_on_commit_callbacks(execute=True):
        services.play(game.id, 0, {"type": "draw"}, 0)
    before, counted = snapshot(game), rows()
    assert game.version == 2  # ours and the computer's
    again = services.play(game.id, 0, {"type": "draw"}, 0)
    assert again.version == 2 and snapshot(game) == before and rows() == counted


def test_a_field_from_the_cleared_draft_may_be_missing_but_none_may_differ() -> None:
    """A call that rode along from the draft cannot be sent again (the move cleared it)."""
    game = people_only(catalogue.get("rumbaroo"))
    seat, _ = a_move(game)
    Move.objects.create(
        game=game, seq=1, seat=seat, action={"type": "draw", "call": True}, public_view={}
    )
    Game.objects.filter(id=game.id).update(version=1)
    assert services.already_played(game, seat, 0, {"type": "draw"})
    assert services.already_played(game, seat, 0, {"type": "draw", "call": True})
    assert not services.already_played(game, seat, 0, {"type": "draw", "call": False})
    assert not services.already_played(game, seat, 0, {"type": "pass"})
    assert not services.already_played(game, seat, 0, {"type": "no such move"})
    assert not services.already_played(game, 1 - seat, 0, {"type": "draw"})
    assert not services.already_played(game, seat, 1, {"type": "draw"})


def test_the_clock_and_the_computers_never_replay() -> None:
    """A late clock or a duplicate computer task finds the version moved on, as before."""
    game = people_only(catalogue.get("tile_rummy"))
    seat, action = a_move(game)
    services.play(game.id, seat, action, 0)
    before = snapshot(game)
    for how in ({"timeout": True}, {"automated": True}):
        with pytest.raises(services.StaleVersion):
            write_move(game.id, seat, action, 0, **how)
    assert snapshot(game) == before
