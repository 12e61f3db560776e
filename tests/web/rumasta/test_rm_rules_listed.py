"""Rumasta rules of issue 34 item 17b and 18 that the pages carry (the engine's tests for
the same rules: tests/engine/rumasta/test_rumasta_rules_listed.py)."""

from __future__ import annotations

import re

import pytest

from games.engine import rumasta as rm
from tests.web.rumasta.conftest import held, post, state_of

pytestmark = pytest.mark.django_db

FROZEN_KINGS = {
    "piles": ("5H 2C KH", "9S"),
    "frozen": (True, False),
    "melds": [["AH AH AD", "KS KS KS"], []],
}


def page(client, game) -> str:
    return client.get(f"/rumasta/g/{game.id}/").content.decode()


def test_a_frozen_top_card_the_app_first_asks_add_to_that_meld_start_a_new_meld_or_cancel(
    client, crafted
) -> None:
    game = crafted(["KD KC 4C 5C 8D JS", "4S 5S 6S"], **FROZEN_KINGS)
    before = game.state
    asked = post(client, game, "take", pile=0).content.decode()
    assert 'data-testid="proof-step"' in asked and "frozen" in asked
    choices = re.findall(r'<input type="radio" name="meld-0" value="(\w+)"', asked)
    assert choices == ["new", "0", "1"]  # start a new meld, or one of the side's melds
    assert ">Cancel</button>" in asked
    game.refresh_from_db()
    assert game.state == before  # asking is not a move
    cancelled = post(client, game, "cancel").content.decode()
    assert 'data-testid="proof-step"' not in cancelled
    game.refresh_from_db()
    assert game.state == before
    # add to that meld
    post(client, game, "take", pile=0)
    response = post(client, game, "prove", pile=0, cards=held(game, "KD KC"), **{"meld-0": 1})
    assert response.status_code == 200, response.content.decode()
    state = state_of(game)
    assert len(state.melds[0]) == 2 and len(state.melds[0][1]) == 6
    assert state.frozen[0] is False and state.step == "play"


def test_a_frozen_top_card_the_app_can_start_a_new_meld_instead(client, crafted) -> None:
    game = crafted(["KD KC 4C 5C 8D JS", "4S 5S 6S"], **FROZEN_KINGS)
    post(client, game, "take", pile=0)
    post(client, game, "prove", pile=0, cards=held(game, "KD KC"), **{"meld-0": "new"})
    state = state_of(game)
    assert [len(m) for m in state.melds[0]] == [3, 3, 3]


@pytest.mark.parametrize(("piles", "size"), [(("7H", "9S"), 4), (("3C", "JK"), 5)])
def test_the_pages_draw_n_is_what_option_c_deals(client, crafted, piles, size) -> None:
    """Issue 34 item 17b, on the page: the button's N is the number of cards drawn."""
    game = crafted(["4C 5C", "4S 5S"], piles=piles)
    shown = re.search(r"C · Draw (\d+)</button>", page(client, game))
    assert shown and int(shown.group(1)) == size
    assert f"draw {size} (C)" in page(client, game)
    before = len(state_of(game).hands[0])
    assert post(client, game, "draw").status_code == 200
    state = state_of(game)
    assert len(state.hands[0]) - before == size
    assert rm.view(state, 0)["hand_counts"][0] == 2 + size
