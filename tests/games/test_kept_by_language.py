"""Words kept per process between boards (core.by_language): each language and each viewer
keeps its own, a kept answer cannot be changed by a caller, and a past move's line says
"You" only to the seat that made it."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from core.by_language import kept_by_language, said_once
from games.table_flow import recent_moves
from games.web.rumbaroo import presenters
from games.web.rumbaroo.log import Teller
from games.web.words import names_for
from tests.live.conftest import people, table
from tests.matchmaking.conftest import play_moves

RED_SEVEN = {"id": 7, "colour": "R", "number": 7, "wild": False, "action": None, "face": "R7"}


def test_a_tile_is_kept_in_each_language_as_it_would_be_said() -> None:
    worked_out = presenters.tile_context.__wrapped__  # type: ignore[attr-defined]
    for language in ("en", "ro", "en"):
        with translation.override(language):
            kept = presenters.tile_context(RED_SEVEN, placed=True)
            assert kept == worked_out(RED_SEVEN, placed=True)
    with translation.override("en"):
        english = presenters.tile_context(RED_SEVEN)["label"]
    with translation.override("ro"):
        romanian = presenters.tile_context(RED_SEVEN)["label"]
    assert english != romanian


def test_a_kept_answer_is_handed_out_as_a_copy() -> None:
    first = presenters.tile_context(RED_SEVEN)
    first["label"] = "changed by a caller"
    first["css"] += " extra"
    assert presenters.tile_context(RED_SEVEN)["label"] != "changed by a caller"
    assert "extra" not in presenters.tile_context(RED_SEVEN)["css"]


def test_an_argument_that_cannot_be_a_key_is_worked_out_each_time() -> None:
    calls: list[Any] = []

    @kept_by_language
    def count(items: Any) -> int:
        calls.append(items)
        return len(items)

    assert count({1, 2}) == 2 and count({1, 2}) == 2  # a set: no key, asked twice
    assert count([1, 2]) == 2 and count([1, 2]) == 2  # a list: kept after the first
    assert len(calls) == 3


def test_true_and_one_are_answers_of_their_own() -> None:
    @kept_by_language
    def shown(value: Any) -> str:
        return str(value)

    assert shown(1) == "1" and shown(True) == "True" and shown(1.0) == "1.0"


def test_said_once_says_again_in_another_language() -> None:
    said: list[str] = []

    def say() -> str:
        said.append(translation.get_language())
        return f"words {len(said)}"

    key = ("a test's key", object())  # its own: no other test's words
    with translation.override("en"):
        assert said_once(key, say) == "words 1"
        assert said_once(key, say) == "words 1"
    with translation.override("ro"):
        assert said_once(key, say) == "words 2"
    assert said == ["en", "ro"]


@pytest.mark.django_db(transaction=True)
def test_a_move_line_is_kept_for_each_viewer_and_says_you_only_to_its_mover() -> None:
    game = play_moves(table(people(2)), 4)
    seats = list(game.seats.all())
    rows = recent_moves(game, game.version, 8)
    last = rows[-1]
    with translation.override("en"):
        for _ in range(2):  # worked out, then kept
            lines = {
                seat.index: presenters.log_lines(game, names_for(seats, seat.index), rows)
                for seat in seats
            }
        for seat in seats:
            names = names_for(seats, seat.index)
            before = rows[-2].public_view
            prev = rows[-2].action if rows[-2].seat == last.seat else None
            expected = Teller(names).line(last.action, last.seat, before, last.public_view, prev)
            assert lines[seat.index][-1] == expected
    mover, other = last.seat, 1 - last.seat
    assert lines[mover][-1].startswith("You")
    assert not lines[other][-1].startswith("You")


@pytest.mark.django_db(transaction=True)
def test_a_row_key_given_again_never_brings_back_another_games_line() -> None:
    """SQLite may give a rolled-back row's primary key to a new row: a kept line is named by
    its game too, so another game's move under the same keys is said afresh."""
    first = play_moves(table(people(2)), 3)
    second = play_moves(table(people(2)), 5)
    with translation.override("en"):
        names = names_for(list(first.seats.all()), 0)
        first_rows = recent_moves(first, first.version, 8)
        presenters.log_lines(first, names, first_rows)  # kept
        second_rows = recent_moves(second, second.version, 8)[-len(first_rows) :]
        for row, reused in zip(second_rows, first_rows, strict=True):
            row.pk = reused.pk  # the same keys as the first game's rows
        lines = presenters.log_lines(second, names, second_rows)
        teller = Teller(names)
        for i, row in enumerate(second_rows[1:], start=1):
            before = second_rows[i - 1]
            prev = before.action if before.seat == row.seat else None
            said = teller.line(row.action, row.seat, before.public_view, row.public_view, prev)
            assert lines[i - 1] == said
