"""Rumasta's How to play page states the rules the engine plays (issue 25, items 7-9)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_how_to_play import plain, section

pytestmark = pytest.mark.django_db


@pytest.fixture
def how_to(client: Any) -> str:
    response = client.get("/rumasta/how-to-play/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_dead_rank_card_that_fits_your_open_meld_is_not_dead(how_to: str) -> None:
    safe = plain(section(how_to, "safe"))
    assert "closed Canasta" in safe
    assert "not dead for you while your side has an open meld it fits" in safe
    assert "an open set of that rank, or a run it extends" in safe


def test_melding_down_keeps_three_cards_and_says_why(how_to: str) -> None:
    melds = plain(section(how_to, "melds"))
    assert "fewer than two" not in melds
    assert "may not leave you fewer than three cards" in melds
    assert "the two cards it makes you draw" in melds
    assert "ends with two discards" in melds and "needs four closed melds" in melds


def test_two_jokers_with_three_and_with_two_players(how_to: str) -> None:
    safe = plain(section(how_to, "safe"))
    assert "With 3 players, skipping one seat in the new direction lands on the player who" in safe
    assert "With 2 players, you play again straight away." in safe
    assert "Khakied" in safe and "draws 5 — with 2 players, that is you" in safe


def test_a_heart_window_opened_by_the_rounds_last_move_is_settled_first(how_to: str) -> None:
    heart = plain(section(how_to, "heart"))
    assert "the round's last move" in heart
    assert "the race is settled first and the round is scored afterwards" in heart
