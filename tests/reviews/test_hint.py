"""Tile Rummy's Hint: the best play for this turn, against computers only, and never on a board.

The refusals every game shares (online, daily, stale, forged, out of turn, game over) are
tests/reviews/test_hint_refusals.py's.
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games.engine import tile_rummy as tr
from games.models import Game
from leaderboards.models import LeaderboardEntry, Result
from tests.reviews.conftest import act, play_round
from tests.web.conftest import snapshot

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}
USED = "Hint used — this game won't count on the leaderboards."


def hint(client: Client, game: Game, **data: object):
    data.setdefault("version", game.version)
    return client.post(f"/tile-rummy/g/{game.id}/hint/", data, **HX)


def page_of(response) -> str:
    return html.unescape(response.content.decode())


def test_a_hint_shows_the_best_play_and_marks_the_game(client: Client, dealt) -> None:
    game = dealt()
    board = page_of(client.get(f"/tile-rummy/g/{game.id}/"))
    assert "Show the best play" in board and USED not in board
    version, state, drafts, moves = snapshot(game)
    response = hint(client, game)
    assert response.status_code == 200
    shown = page_of(response)
    assert "The most you can lay this turn: 6 tiles (39 points)." in shown
    assert USED in shown
    hinted = re.split(r'data-testid="hint-shown"', shown)[1]
    ids = {int(t) for t in re.findall(r'data-tile="(\d+)"', hinted)}
    assert ids == set(tr.from_json(state).racks[0])  # its own rack; never the computer's tiles
    game.refresh_from_db()
    assert game.hint_used
    assert (game.version, game.state, game.moves.count()) == (version, state, moves)


def test_the_hint_stays_while_the_turn_is_arranged_and_goes_with_it(client: Client, dealt) -> None:
    game = dealt()
    hint(client, game)
    rack = tr.from_json(game.state).racks[0]
    move = {"version": game.version, "tile": rack[0], "to": "new"}
    assert client.post(f"/tile-rummy/g/{game.id}/move/", move, **HX).status_code == 200
    assert 'data-testid="hint-shown"' in client.get(f"/tile-rummy/g/{game.id}/").content.decode()
    act(game, 0, {"type": "draw"})
    act(game, 1, {"type": "draw"})
    later = page_of(client.get(f"/tile-rummy/g/{game.id}/"))
    assert 'data-testid="hint-shown"' not in later
    assert USED in later and "Show the best play" in later  # asking again is allowed


@pytest.mark.parametrize("hinted", [False, True])
def test_a_hinted_game_is_kept_off_the_leaderboards(client: Client, dealt, hinted: bool) -> None:
    game = dealt(target=50, totals=[49, 49])  # the round's end is the game's end
    if hinted:
        assert hint(client, game).status_code == 200
    game = play_round(game)
    assert game.status == "finished"
    assert Result.objects.filter(game=game, seat_index=0).exists()  # the result is recorded
    assert LeaderboardEntry.objects.exists() is not hinted


def test_the_hint_is_decided_by_steps_and_its_clock_is_a_logged_safety_net(
    client: Client, dealt, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The step limit decides a hint; the clock only stops a pathological search, far
    above the usual cost, and says so in the log with the game."""
    from games.bots.tile_rummy.best import PLACEMENT_NODES
    from games.web.tile_rummy import hint as hint_module

    assert hint_module.HINT_NODES == PLACEMENT_NODES
    assert hint_module.HINT_SECONDS >= 10 * 0.4  # 10x the hint's p99 on the reference positions
    game = dealt()
    assert hint(client, game).status_code == 200
    assert not [r for r in caplog.records if r.levelname == "WARNING"]
    monkeypatch.setattr(hint_module, "HINT_SECONDS", 0.0)
    other = dealt()
    with caplog.at_level("WARNING", logger="games.web.tile_rummy.hint"):
        assert hint(client, other).status_code == 200
    (record,) = [r for r in caplog.records if r.levelname == "WARNING"]
    assert str(other.id) in record.getMessage() and "safety cap" in record.getMessage()
