"""Gimel or Shin: the person picks the opponent from the page, and the pick is played.

The pick's buttons once sent ``seat=<opponent>``, which the shared flow reads as a
forged seat ("That seat isn't yours."), so a person could never pick and the turn
stood still.
"""

from __future__ import annotations

import re

import pytest

from tests.engine.rumasta.rm_helpers import act, build
from tests.web.rumasta.conftest import post, put_state, state_of

pytestmark = pytest.mark.django_db


def at_the_pick(crafted):
    game = crafted(["5C 6D", "KS", "QH"])
    for seed in range(200):
        state = build(["5C 6D", "KS", "QH"], piles=("3C", "9S"), seed=seed)
        new, events = act(state, {"type": "roll"})
        if events[0]["face"] == "gimel":
            return put_state(game, new)
    raise AssertionError("no gimel")


def test_the_page_offers_each_opponent_and_the_pick_is_played(client, crafted):
    game = at_the_pick(crafted)
    assert state_of(game).step == "pick"
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    buttons = re.findall(r'<button type="submit" name="(\w+)" value="(\d)"[^>]*/pick/', page)
    assert buttons == [("opponent", "1"), ("opponent", "2")]

    response = post(client, game, "pick", opponent=2)
    assert response.status_code == 200
    assert "That seat isn't yours" not in response.content.decode()
    state = state_of(game)
    assert state.step == "play" and state.turn == 0


def test_a_pick_of_a_non_opponent_is_refused_by_the_engine(client, crafted):
    game = at_the_pick(crafted)
    response = post(client, game, "pick", opponent=0)
    assert response.status_code == 422
    assert state_of(game).step == "pick"
