"""A side's title counts its closed melds toward the four needed to go out, past four too."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

SEVEN = ["KH KS KC KD KH KS KC", "QH QS QC QD QH QS QC", "JH JS JC JD JH JS JC"]


def test_the_count_reads_well_before_and_after_four(client, crafted):
    game = crafted(["5C 6D 9H", "4S"], melds=[SEVEN[:2], []])
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    assert "2 of 4 closed" in page

    five = [*SEVEN, "10H 10S 10C 10D 10H 10S 10C", "8H 8S 8C 8D 8H 8S 8C"]
    game = crafted(["5C 6D 9H", "4S"], melds=[five, []])
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    assert "5 of 4 closed" not in page
    assert "5 closed, enough to go out" in page
