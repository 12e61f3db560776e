"""A whole game through the site, from the setup form to the Game over screen.

Our own moves are chosen by the expert bot and sent through the same service
the Confirm button uses; rounds are advanced and screens read through the pages.
"""

from __future__ import annotations

import html

import pytest

from games import services
from games.bots.tile_rummy import choose_action
from games.engine import tile_rummy as tr
from games.models import Game, GameStatus

pytestmark = pytest.mark.django_db(transaction=True)  # computer turns run on commit, in-process
HX = {"HTTP_HX_REQUEST": "true"}


def page_text(response) -> str:
    return html.unescape(response.content.decode())


def test_a_full_game_reaches_the_game_over_screen(client) -> None:
    response = client.post(
        "/tile-rummy/new/", {"level": "easy", "opponents": 1, "meld_rule": "standard"}
    )
    game = Game.objects.get(id=response.url.rstrip("/").split("/")[-1])
    rounds_seen = 0
    for _ in range(3000):
        game.refresh_from_db()
        state = tr.from_json(game.state)
        if state.phase == "game_over":
            break
        if state.phase == "round_over":
            assert "Round Complete" in page_text(client.get(f"/tile-rummy/g/{game.id}/"))
            client.post(f"/tile-rummy/g/{game.id}/next-round/", {"version": game.version}, **HX)
            rounds_seen += 1
            continue
        action = choose_action(tr.view(state, 0), "expert", 0.05)
        services.play(game.id, 0, action, game.version)
    page = page_text(client.get(f"/tile-rummy/g/{game.id}/"))
    assert game.status == GameStatus.FINISHED
    assert "Game Over" in page and "Play again" in page
    assert max(state.totals) >= 200 and rounds_seen == state.round_no - 1
    assert sum(state.totals) == 0 or state.round_no > 1  # won rounds are zero-sum
