"""A Romanian timeout is told with what the clock did for the player (issue 25, item 4).

Not only "Bea ran out of time.": the doubla answer made for her, the tile the clock
discarded, the face-down draw, the wall running out. Each line is built from public
views only (the table before and after the move), as every caption is.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.engine import romanian as ro
from games.models import Game, Move
from games.web.romanian import presenters, replay
from games.web.romanian.captions import caption
from tests.engine.romanian.ro_helpers import ids, table
from tests.web.romanian.conftest import put_state

NAMES = ["You", "Bea", "Uma"]
TIMEOUT = {"type": "timeout"}


def told(state: ro.State, seat: int) -> str:
    """The caption of ``seat``'s timeout in ``state``, read as a spectator's frames are."""
    after, _ = ro.apply(state, seat, TIMEOUT)
    move = Move(seat=seat, action=TIMEOUT, public_view=ro.view(after, None))
    return caption(move, NAMES, ro.view(state, None))


def test_a_timeout_at_the_doubla_question_declares_nothing() -> None:
    state = table({0: "R1", 1: "B1", 2: "Y1"}, players=3, phase="doubla")
    state.doubla_answered = [True, False, False]
    assert told(state, 1) == "Bea ran out of time and declared no doubla."


def test_a_timeout_at_the_doubla_swap_offers_no_swap() -> None:
    state = table({0: "R7 R7", 1: "B2 B2", 2: "Y1"}, players=3, phase="doubla_swap")
    state.doubla_pairs = [ids(state, 0, "R7 R7"), ids(state, 1, "B2 B2"), None]
    state.doubla_heights = ["high", "low", None]
    state.swap_answered = [False, False, True]
    assert told(state, 1) == "Bea ran out of time and offered no doubla swap."


def test_a_timeout_at_the_first_discard_names_the_tile() -> None:
    state = table({0: "R1 R2", 1: "B2 K13 J", 2: "Y1"}, players=3, phase="first_discard", turn=1)
    assert told(state, 1) == "Bea ran out of time and discarded black 13."


def test_a_timeout_draws_from_the_wall_and_discards_the_tile_drawn() -> None:
    state = table({0: "R1 R2", 1: "B2 K13 J", 2: "Y1 Y2"}, players=3, turn=1, wall="R9")
    assert told(state, 1) == "Bea ran out of time, drew from the wall and discarded red 9."


def test_a_timeout_after_taking_discards_the_tile_taken() -> None:
    state = table({0: "R1 R2", 1: "B2 K13 Y5", 2: "Y1 Y2"}, players=3, turn=1, phase="play")
    state.drawn = ids(state, 1, "Y5")[0]
    assert told(state, 1) == "Bea ran out of time and discarded yellow 5."


def test_a_timeout_at_an_empty_wall_ends_the_round() -> None:
    state = table({0: "R1 R2", 1: "B2 K13 J", 2: "Y1 Y2"}, players=3, turn=1, empty_wall=True)
    assert told(state, 1) == "Bea ran out of time and the wall is empty: the round is over."


def test_a_timeout_between_rounds_deals_the_next() -> None:
    state = table({0: "R1 R2", 1: "B2 K13 J", 2: "Y1 Y2"}, players=3, config={"rounds": 2})
    state.phase = "round_over"
    assert told(state, 2) == "Uma ran out of time and a new round was dealt."


@pytest.mark.django_db
def test_frames_and_the_replay_tell_the_timeout(client: Any, start_ro: Any) -> None:
    """Through the stored log: the frame of the move and the replay's line read the same."""
    game: Game = start_ro()
    put_state(game, table({0: "R1 R2 R3", 1: "B2 K13 J"}, turn=0, wall="Y9"))
    services.play(game.id, 0, TIMEOUT, game.version, timeout=True)
    game.refresh_from_db()
    move = Move.objects.filter(game=game, action=TIMEOUT).get()
    seat = game.seats.get(index=1)
    view = ro.view(ro.from_json(game.state), 1)
    expected = "Ana ran out of time, drew from the wall and discarded yellow 9."
    names = ["Ana", "Bea"]
    frame = presenters.frame_context(game, seat, view, move)["frame"]["caption"]
    assert frame == expected.replace("Ana", presenters.names_for(list(game.seats.all()), 1)[0])
    rows = list(Move.objects.filter(game=game, seq__lte=move.seq))
    assert replay.move_lines(game, rows, names)[-1] == expected
