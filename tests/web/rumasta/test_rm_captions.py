"""Rumasta's move captions name the cards laid face up and say what a clock did
(issue 25, items 4 and 15). Built from public views only, as every caption is."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.engine import rumasta as rm
from games.models import Game, Move
from games.web.rumasta import presenters, replay
from tests.engine.rumasta.rm_helpers import build, ids
from tests.web.rumasta.conftest import put_state

NAMES = ["You", "Bea"]
TIMEOUT = {"type": "timeout"}


def told(state: rm.State, seat: int, action: dict[str, Any] = TIMEOUT, seq: int = 5) -> str:
    """The caption of ``seat``'s ``action`` in ``state``, as a spectator's frame reads it."""
    after, _ = rm.apply(state, seat, action)
    move = Move(seq=seq, seat=seat, action=action, public_view=rm.view(after, None))
    return presenters.caption(move, NAMES, rm.view(state, None))


def test_a_timeout_at_the_start_of_a_turn_draws_and_discards() -> None:
    state = build(["9S", "KH 5C"], stock_top="QD 8C 7C 6C", turn=1)
    line = told(state, 1)
    assert line.startswith("Bea ran out of time, so the clock drew 4 cards and discarded ")
    assert "to pile 1 and " in line and line.endswith(" to pile 2.")


def test_a_timeout_after_taking_only_discards() -> None:
    state = build(["9S", "KH 5C 7D"], turn=1, step="play")
    line = told(state, 1)
    assert line.startswith("Bea ran out of time, so the clock discarded ")
    assert "drew" not in line


def test_a_timeout_at_the_cut_cuts_the_stock() -> None:
    state = rm.new_game({"players": 2}, 3)
    line = told(state, state.cutter, seq=1)
    after, _ = rm.apply(state, state.cutter, TIMEOUT)
    name = NAMES[state.cutter]
    assert line == f"{name} ran out of time, so the clock cut the stock ({after.cut_count} cards)."


def test_a_timeout_in_a_heart_window_lets_the_black_three_go() -> None:
    state = build(["3C 9D 8C", "4S 5S"], step="play")
    opened, _ = rm.apply(state, 0, {"type": "discard", "cards": ids(state, "3C 9D")})
    assert told(opened, 1) == "Bea ran out of time, so the clock let the black 3 go."


def test_a_timeout_between_rounds_deals_the_next() -> None:
    state = build(["9H 8H", "4S 5S"], step="play")
    state.exhausted = True
    over, _ = rm.apply(state, 0, {"type": "discard", "cards": ids(state, "9H 8H")})
    assert over.phase == "round_over"
    assert told(over, 1) == "Bea ran out of time, so the clock dealt the next round."


def test_melds_and_discards_are_named() -> None:
    state = build(["AH KH QH 7C 7D 7S 5C 4D 9S", "4S"], step="play")
    melds = [ids(state, "AH KH QH"), ids(state, "7C 7D 7S")]
    assert told(state, 0, {"type": "meld", "melds": melds}) == (
        "You laid down A♥ K♥ Q♥ and 7♣ 7♦ 7♠."
    )
    discard = {"type": "discard", "cards": ids(state, "5C 4D")}
    assert told(state, 0, discard) == "You discarded 5♣ to pile 1 and 4♦ to pile 2."


def test_a_take_names_the_top_card_and_its_proof() -> None:
    state = build(["AH AD 5C 6C 7S 9D", "4S"], piles=("5H AS", "9S"))
    take = {"type": "take", "pile": 0, "cards": ids(state, "AH AD")}
    line = "You took pile 1: its top card A♠ went onto a new meld with A♥ A♦."
    assert told(state, 0, take) == line


@pytest.mark.django_db
def test_the_frame_and_the_replay_tell_the_timeout(start_rm: Any) -> None:
    """Through the stored log: the table's frame and the replay's line read the same."""
    game: Game = start_rm()
    if game.version == 0:  # you cut first: the caption compares with the move before
        services.play(game.id, 0, TIMEOUT, 0, timeout=True)
        game.refresh_from_db()
    put_state(game, build(["9S 8D", "KH 5C"], stock_top="QD 8C 7C 6C", turn=0))
    services.play(game.id, 0, TIMEOUT, game.version, timeout=True)
    move = Move.objects.filter(game=game, action=TIMEOUT).latest("seq")  # not the cut's
    seat = game.seats.get(index=1)
    view = rm.view(rm.from_json(Game.objects.get(id=game.id).state), 1)
    frame = presenters.frame_context(game, seat, view, move)["frame"]["caption"]
    assert "ran out of time, so the clock drew 4 cards and discarded " in frame
    rows = list(Move.objects.filter(game=game, seq__gte=move.seq - 1, seq__lte=move.seq))
    lines = replay.move_lines(game, rows, ["Ana", "Bea"])
    # the last line is the timeout's (a cut at seq 1 is captioned too, from the built state)
    assert lines[-1] == frame.replace(frame.split(" ran out")[0], "Ana")
