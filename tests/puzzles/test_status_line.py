"""The line above a puzzle's board: the question while it is open, the outcome once it is over.

The daily puzzle once kept "You have drawn and not opened yet…" above "Solved!".
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from leaderboards.periods import utc_today
from puzzles.models import DailyPuzzle, Puzzle

from .conftest import latest
from .test_romanian_solving import (
    RACK_A,
    SMALLER_A,
    SOLUTION_A,
    confirm,
    lay,
    make_puzzle,
)

pytestmark = pytest.mark.django_db
QUESTION = "You have drawn and not opened yet"


def status_of(page: str) -> str:
    found = re.search(r'<p class="status" data-testid="status"[^>]*>(.*?)</p>', page, re.S)
    assert found, page[:500]
    return html.unescape(found.group(1)).strip()


@pytest.fixture
def daily(db: Any, guest: Client) -> Puzzle:
    puzzle = make_puzzle(90001, RACK_A, SOLUTION_A, (9, 60))
    DailyPuzzle.objects.create(date=utc_today(), puzzle=puzzle)
    assert guest.get("/puzzles/daily/")["Location"] == f"/puzzles/{puzzle.id}/"
    return puzzle


def test_the_daily_asks_its_question_while_open(guest: Client, daily: Puzzle) -> None:
    assert status_of(guest.get(f"/puzzles/{daily.id}/").content.decode()).startswith(QUESTION)


def test_once_solved_the_status_line_says_so_not_the_question(guest: Client, daily: Puzzle) -> None:
    lay(guest, daily, SOLUTION_A)
    swapped = confirm(guest, daily).content.decode()
    assert latest(daily).daily == utc_today() and "Solved!" in swapped
    for page in (swapped, guest.get(f"/puzzles/{daily.id}/").content.decode()):
        line = status_of(page)
        assert QUESTION not in line and line.startswith("Solved."), line


def test_a_miss_and_a_shown_answer_say_what_happened(guest: Client, daily: Puzzle) -> None:
    lay(guest, daily, SMALLER_A)
    line = status_of(confirm(guest, daily).content.decode())
    assert QUESTION not in line and line.startswith("Not the most"), line
    guest.post(f"/puzzles/{daily.id}/retry/")
    shown = guest.post(f"/puzzles/{daily.id}/answer/", HTTP_HX_REQUEST="true")
    line = status_of(shown.content.decode())
    assert QUESTION not in line and line.startswith("Answer shown"), line
