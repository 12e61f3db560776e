"""Tile Rummy's boards rank only games to 200, the full game; shorter ones stay in own stats.

A win to 50 comes in a few rounds, a win to 200 takes an evening: counting both
on one board of wins would reward the shortest setting, so the boards take the
rules' length only (catalogue ``board_config``) and the page says so.
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games import services
from games.engine import tile_rummy as tr
from games.models import Game
from leaderboards.models import LeaderboardEntry, Result
from tests.engine.helpers import build
from tests.leaderboards.conftest import frozen, utc
from tests.web.conftest import put_state

pytestmark = pytest.mark.django_db
NOW = utc(2026, 11, 25, 12)


def won_game(client: Client, target: int | None) -> Game:
    """A game dealt from the setup page to ``target`` (None: stored before the option), won."""
    fields = {"level": "easy", "opponents": 1, "meld_rule": "standard"}
    response = client.post("/tile-rummy/new/", {**fields, "target": target or 200})
    game = Game.objects.get(id=response.url.rstrip("/").split("/")[-1])
    if target is None:
        game.config = {"players": 2, "meld_rule": "standard"}
        game.save(update_fields=["config"])
    goal = target or 200
    state = build(["R7", "B3 B9 J"], table=["R4 R5 R6"], opened=[True, False],
                  totals=[goal - 42, 0], target=goal)  # fmt: skip
    put_state(game, state)
    seven = next(t for t in state.racks[0] if str(tr.face_of(t)) == "R7")
    services.play(game.id, 0, {"type": "play", "table": [[*state.table[0], seven]]}, game.version)
    game.refresh_from_db()
    assert game.status == "finished"
    return game


def tile_rummy_wins() -> int:
    rows = LeaderboardEntry.objects.filter(kind="tile_rummy", difficulty="", period_key="all")
    return sum(row.wins for row in rows)


@pytest.mark.parametrize("target", [50, 100, 150])
def test_a_shorter_game_is_kept_off_the_boards_but_recorded(client: Client, target: int) -> None:
    with frozen(NOW):
        game = won_game(client, target)
    assert Result.objects.get(game=game).won  # the player's own record keeps it
    assert not LeaderboardEntry.objects.filter(kind="tile_rummy").exists()


def test_a_game_to_200_and_an_older_game_without_a_target_are_ranked(client: Client) -> None:
    with frozen(NOW):
        won_game(client, 200)
        assert tile_rummy_wins() == 1
        won_game(client, None)
        assert tile_rummy_wins() == 2
        won_game(client, 50)
    assert tile_rummy_wins() == 2


def test_the_tile_rummy_board_says_which_games_it_ranks(client: Client) -> None:
    def note(query: str) -> str:
        page = html.unescape(client.get("/leaderboards/?" + query).content.decode())
        found = re.search(r'data-testid="board-note">([^<]*)<', page)
        return found.group(1) if found else ""

    assert "Only Tile Rummy games to 200 points" in note("game=tile_rummy&board=wins")
    assert "Only Tile Rummy games to 200 points" in note("game=tile_rummy&difficulty=online")
    assert note("game=rumbaroo&board=wins") == ""
