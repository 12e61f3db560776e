"""A whole short game through the pages: every phase and every frame renders, to Game over."""

from __future__ import annotations

import pytest

from games import services
from games.bots.romanian import choose_action
from games.engine import romanian as ro
from games.models import GameStatus
from tests.web.romanian.conftest import state_of

pytestmark = pytest.mark.django_db


def test_a_four_player_game_to_game_over(client, start_ro, django_capture_on_commit_callbacks):
    game = start_ro(opponents=3, level="expert", rounds=2, discard_counts="yes", penalty="rack100")
    url = f"/romanian/g/{game.id}/"
    phases = set()
    for _ in range(400):
        game.refresh_from_db()
        page = client.get(url)
        assert page.status_code == 200
        state = state_of(game)
        phases.add(state.phase)
        if game.status != GameStatus.ACTIVE:
            break
        action = choose_action(ro.view(state, 0), "medium")
        assert action is not None, state.phase
        with django_capture_on_commit_callbacks(execute=True):
            services.play(game.id, 0, action, game.version)
    assert game.status == GameStatus.FINISHED
    html = page.content.decode()
    assert "Game over" in html and "Play again" in html
    assert {"doubla", "draw", "play", "round_over", "game_over"} <= phases
    for seq in range(1, game.version, 7):  # frames of the others' moves render too
        assert client.get(f"{url}board/?at={seq}", HTTP_HX_REQUEST="true").status_code == 200
