"""Rumbaroo's online clock, two rules with no test of their own (issue 25, item 10).

- A clock running out mid-meld throws the draft away: nothing reaches the table, the
  tiles stay in the hand, and the timeout's draw-and-pass is all that happens.
- A timeout when the pool is empty is a pass; a full lap of them blocks the round,
  which goes to the lowest hand with no going-out bonus (RULINGS).

Written against the public service door (``services.update_draft``,
``services.apply_due_timeouts``) with the stored deadline moved into the past, so they
hold whatever the clock's lengths are.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.engine import rumbaroo as rb
from games.models import Game, Move, Seat
from games.web.rumbaroo import drafts
from games.web.rumbaroo.log import Teller
from games.web.rumbaroo.presenters import log_lines
from tests.engine.rumbaroo.rb_helpers import build, hand
from tests.web.rumbaroo.conftest import put_state, state_of

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Bea"]


def online_table(state: rb.State) -> Game:
    """Two people at an online Joey table, in the crafted position, seat 0 to act."""
    seats = [services.SeatSpec(name, device_key=f"clock-{name}") for name in NAMES]
    config = {"difficulty": "joey", "players": 2, "target": 50}
    game = services.create_game("rumbaroo", config, seats, seed=7, online=True)
    put_state(game, state)
    game.refresh_from_db()
    return game


def run_out(game: Game) -> int:
    """The stored deadline passes without a move; the clock's timeouts are played."""
    Game.objects.filter(id=game.id).update(deadline=timezone.now() - timedelta(seconds=1))
    return services.apply_due_timeouts(game.id)


def last_line(game: Game, crafted: rb.State) -> str:
    """The log's line for the last move, the first move read against the crafted table
    (a fresh table has no stored move before it to hold that position)."""
    rows = list(Move.objects.filter(game=game).order_by("seq"))
    if len(rows) > 1:
        return log_lines(game, NAMES, rows)[-1]
    move = rows[0]
    return Teller(NAMES).line(move.action, move.seat, rb.view(crafted, None), move.public_view)


def test_a_clock_running_out_mid_meld_throws_the_draft_away() -> None:
    crafted = build(["R4 R5 R6 B9 B2", "Y1 Y7 Y11"], pile="B5", pool_top="Y9")
    game = online_table(crafted)
    view = rb.view(state_of(game), 0)
    tiles = [t["id"] for t in view["hand"] if t["number"] in (4, 5, 6)]
    for i, tile in enumerate(tiles):
        target = "new" if i == 0 else "0"
        services.update_draft(
            game.id, 0, game.version, lambda d, v, t=tile, to=target: drafts.move_tile(d, v, t, to)
        )
    assert Seat.objects.get(game=game, index=0).turn_draft["table"] == [tiles]

    assert run_out(game) == 1
    state = state_of(game)
    assert Seat.objects.get(game=game, index=0).turn_draft is None  # the draft is gone
    assert state.table == []  # nothing of it reached the table
    assert set(hand(state, 0)) == {"R4", "R5", "R6", "B9", "B2", "Y9"}  # drew 1 and passed
    assert state.turn == 1
    assert Move.objects.filter(game=game).last().action == {"type": "timeout"}
    assert last_line(game, crafted) == "Ana ran out of time and drew a tile."


def test_a_timeout_when_the_pool_is_empty_passes_and_a_lap_of_them_blocks_the_round() -> None:
    crafted = build(["R4 B9 B2", "Y1 Y7 Y11"], pile="B5", empty_pool=True)
    game = online_table(crafted)
    assert run_out(game) == 1
    state = state_of(game)
    assert sorted(hand(state, 0)) == ["B2", "B9", "R4"] and state.passes == 1
    assert state.turn == 1 and state.phase == "play"
    assert last_line(game, crafted) == "Ana ran out of time and passed (the pool is empty)."

    assert run_out(game) == 1  # Bea's clock runs out too: a full lap of passes
    state = state_of(game)
    assert state.phase in ("round_over", "game_over")
    assert state.end_reason == "blocked" and state.round_winner == 0  # 15 against Bea's 19
    assert last_line(game, crafted) == (
        "Bea ran out of time and passed (the pool is empty)."
        " Ana had the lowest hand when the round was blocked."
    )
