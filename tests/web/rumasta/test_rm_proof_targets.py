"""Option B's proof step shows both piles' "Put it in" choices at once; each pile keeps its own.

They were one radio group (``name="meld"``): the second pile's "a new meld" unchecked the
first pile's choice on screen, and the first pile's button sent whichever was checked.
"""

from __future__ import annotations

import re

import pytest

from tests.web.rumasta.conftest import held, post, state_of

pytestmark = pytest.mark.django_db


def b_with_a_meld_to_join(crafted):
    return crafted(["QD QC 9D 9C 4S 5S 6S", "4D"], piles=("QH", "9S"), melds=[["QS QS QD"], []])


def test_each_pile_has_its_own_choice_of_meld(client, crafted):
    game = b_with_a_meld_to_join(crafted)
    page = post(client, game, "take_both").content.decode()
    for pile in (0, 1):
        radio = rf'<input type="radio" name="meld-{pile}" value="(\w+)"( checked)?'
        radios = re.findall(radio, page)
        assert radios == [("new", " checked"), ("0", "")]


def test_the_first_piles_choice_is_the_one_used(client, crafted):
    game = b_with_a_meld_to_join(crafted)
    post(client, game, "take_both")
    # What the browser sends for pile 1's button: every checked radio in the form.
    post(client, game, "prove", pile=0, cards=held(game, "QD QC"), **{"meld-0": 0, "meld-1": "new"})
    response = post(client, game, "prove", pile=1, cards=held(game, "9D 9C"), **{"meld-1": "new"})
    assert response.status_code == 200, response.content.decode()
    state = state_of(game)
    assert state.step == "play"
    assert sorted(len(m) for m in state.melds[0]) == [3, 6]  # the queens joined meld 1
