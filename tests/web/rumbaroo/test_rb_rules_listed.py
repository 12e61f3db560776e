"""Rumbaroo rules only the site can show, a test each, named for the rule (issue 34, item 18).

The setup staying as chosen once the game has started, and the online clock's
two rules: 10 s more once you start melding (one extension a turn), and 5 s to
answer a Croc Snap, after which the Snap is taken. Time is frozen (time-machine)
so every deadline is exact. The engine's rules are in
tests/engine/rumbaroo/test_rumbaroo_rules_listed.py.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client

from games import services
from games.engine import rumbaroo as rb
from games.models import Game, Move, Seat
from games.web.rumbaroo import drafts
from tests.engine.rumbaroo.rb_helpers import build, hand, tile
from tests.web.rumbaroo.conftest import post, put_state, state_of

pytestmark = pytest.mark.django_db
NOON = datetime(2030, 5, 6, 12, 0, tzinfo=UTC)


def online_table(state: rb.State, difficulty: str = "joey") -> Game:
    """People in every seat of an online table, in the crafted position."""
    n = state.config.players
    seats = [services.SeatSpec(f"P{i}", device_key=f"rules-{i}") for i in range(n)]
    config = {"difficulty": difficulty, "players": n, "target": 50}
    game = services.create_game("rumbaroo", config, seats, seed=7, online=True)
    put_state(game, state)
    # The crafted position is a fresh question for seat 0: a full clock from now.
    Game.objects.filter(id=game.id).update(deadline=NOON + timedelta(seconds=rb.CLOCK_SECONDS))
    game.refresh_from_db()
    return game


def seconds_left(game: Game) -> float:
    game.refresh_from_db()
    return (game.deadline - NOON).total_seconds()


def tap(game: Game, tile: int, to: str) -> None:
    game.refresh_from_db()
    services.update_draft(game.id, 0, game.version, lambda d, v: drafts.move_tile(d, v, tile, to))


def test_rule_setup_difficulty_party_and_target_stay_fixed_once_the_game_starts(
    client: Client, start_rb
) -> None:
    game = start_rb(difficulty="wallaby", players=5, target=120)
    hands = ["R7 B1 B2", "G1 G2", "Y1 Y2", "G3 G4", "Y3 Y4"]
    put_state(game, build(hands, difficulty="wallaby", target=120, pile="R5", pool_top="Y9"))
    setup = dict(game.config)
    assert setup == {"difficulty": "wallaby", "players": 5, "target": 120}
    page = client.get(f"/rumbaroo/g/{game.id}/").content.decode()
    for field in ("difficulty", "players", "target"):
        assert f'name="{field}"' not in page  # the table offers nothing to change them
    # A move carrying other options is played as the move alone.
    post(client, game, "draw", difficulty="big_red", players="2", target="5000")
    assert "Y9" in hand(state_of(game), 0)
    again = start_rb(difficulty="big_red", players=2, target=50)  # a new setup: a new game
    game.refresh_from_db()
    assert again.id != game.id and game.config == setup
    config = state_of(game).config
    assert (config.difficulty, config.players, config.party, config.target) == (
        "wallaby",
        5,
        True,
        120,
    )


def test_rule_ten_more_seconds_once_you_start_melding_a_single_extension() -> None:
    crafted = build(["R4 R5 R6 B9 B2", "Y1 Y7 Y11"], pile="B5", pool_top="Y9")
    with time_machine.travel(NOON, tick=False):
        game = online_table(crafted)
        assert seconds_left(game) == 20
        r4, r5, r6 = crafted.hands[0][:3]
        tap(game, r4, "new")  # the first tile of a meld: 10 s more
        assert seconds_left(game) == 30
        tap(game, r5, "0")
        tap(game, r6, "0")
        assert seconds_left(game) == 30  # further tiles add nothing
        game.refresh_from_db()
        services.update_draft(game.id, 0, game.version, drafts.revert)  # start over ...
        assert Seat.objects.get(game=game, index=0).turn_draft is None
        tap(game, r4, "new")  # ... and meld again: still the one extension
        assert seconds_left(game) == 30


def test_rule_five_seconds_to_answer_a_croc_snap_and_running_out_takes_the_snap() -> None:
    crafted = build(
        ["R-CROC B1 B2", "Y1 Y7 Y11"], difficulty="big_red", pile="R5", pool_top="G1 G2 G3"
    )
    with time_machine.travel(NOON, tick=False) as clock:
        game = online_table(crafted, difficulty="big_red")
        croc = tile(crafted, "R-CROC", seat=0)
        services.play(game.id, 0, {"type": "discard", "tile": croc}, game.version)
        state = state_of(game)
        assert state.phase == "croc" and state.turn == 1
        assert seconds_left(game) == rb.CLOCK_ANSWER_SECONDS == 5
        clock.shift(timedelta(seconds=5.5))
        assert services.apply_due_timeouts(game.id) >= 1
    state = state_of(game)
    assert sorted(hand(state, 1)) == ["G1", "G2", "G3", "Y1", "Y11", "Y7"]  # took the 3
    assert state.phase == "play" and state.turn == 0 and state.croc == 0  # and lost the turn
    assert Move.objects.filter(game=game, seat=1).last().action == {"type": "timeout"}
