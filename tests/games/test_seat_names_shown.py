"""A computer's seat is stored named with its level in English ("Ada (easy)"); it is shown
with the level in the reader's language, and the name itself stays a name."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.table_flow import seat_name

STORED = ["You", "Ada (easy)", "Marta (Easy)", "Computer 2 (Easy)", "Computer (medium)", "Bob"]


def test_english_reads_every_stored_name_exactly_as_stored_but_you() -> None:
    with translation.override("en"):
        assert [seat_name(n) for n in STORED] == STORED


def test_romanian_says_the_level_and_the_word_computer_in_romanian() -> None:
    with translation.override("ro"):
        assert [seat_name(n) for n in STORED] == [
            "Tu", "Ada (ușor)", "Marta (Ușor)", "Calculator 2 (Ușor)", "Calculator (mediu)", "Bob",
        ]


@pytest.mark.parametrize("name", ["Big Red (big red)", "Joey 1", "Nora (friend)", "(easy)"])
def test_a_name_without_a_known_level_stays_as_stored(name: str) -> None:
    with translation.override("ro"):
        assert seat_name(name) == name
