"""What the rebuilt banks put on the puzzle page: a nudging hint, never the gain (issue 40).

The gain over the best first idea is part of the answer: it must not reach the page while
an attempt is open, hint or no hint.
"""

from __future__ import annotations

from typing import Any

import pytest

from puzzles import bank
from puzzles.models import Puzzle

pytestmark = pytest.mark.django_db

SENTINEL = [98765, 43210]  # a gain no page could show by chance


def _first(puzzles: list[Puzzle], game: str) -> Puzzle:
    found = next(p for p in puzzles if p.game == game and p.hint)
    found.gain = SENTINEL
    found.save(update_fields=["gain"])
    return found


@pytest.mark.parametrize(
    ("game", "words"),
    [("tile_rummy", "on the table"), ("romanian_tile_rummy", "")],
)
def test_the_hint_nudges_and_the_gain_stays_on_the_server(
    guest: Any, puzzles: list[Puzzle], game: str, words: str
) -> None:
    puzzle = _first(puzzles, game)
    page = guest.get(f"/puzzles/{puzzle.id}/").content.decode()
    assert "98765" not in page and "43210" not in page
    assert 'data-testid="hint"' not in page
    hinted = guest.post(f"/puzzles/{puzzle.id}/hint/", HTTP_HX_REQUEST="true").content.decode()
    text = puzzle.adapter.hint_text(puzzle.hint)
    assert text and text in hinted and words in text
    assert "98765" not in hinted and "43210" not in hinted
    assert "think about" not in hinted.lower()  # the stored hint, not the themes' names


def test_the_banks_are_loaded_with_hints_and_the_old_puzzles_retired(puzzles: Any) -> None:
    shipped = bank.shipped_ids()
    dealt = set(Puzzle.objects.values_list("id", flat=True))
    assert dealt == shipped
    assert all(p.hint.get("key") for p in Puzzle.objects.all()[:200])


def test_a_retired_puzzle_keeps_its_page_but_is_never_dealt(guest: Any, puzzles: Any) -> None:
    old = Puzzle.every.get(id=puzzles[0].id)
    old.pk, old.id, old.retired = 39_999, 39_999, True  # as an old bank's, after the migration
    old.save(force_insert=True)
    assert not Puzzle.objects.filter(id=39_999).exists()
    assert guest.get("/puzzles/39999/").status_code == 200
    assert bank.retire_missing(Puzzle) == 0  # already retired; the shipped ones stay dealt
