"""Leaving a game: "Save and exit" keeps it, "Abandon" (after a confirm step) ends it as a loss."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import GameRecord, Outcome, Streak
from games import services
from games.models import Game, GameStatus
from tests.accounts.conftest import continue_links, sign_up, start_game, version_on_page
from tests.games.conftest import snapshot

pytestmark = pytest.mark.django_db


def test_the_table_offers_save_and_exit_and_abandon(run_commits) -> None:
    player = Client()
    game = start_game(player, run_commits)
    html = player.get(f"/tile-rummy/g/{game.id}/").content.decode()
    assert f'action="/tile-rummy/g/{game.id}/save-and-exit/"' in html
    assert f'href="/tile-rummy/g/{game.id}/abandon/"' in html
    assert "Saved after every move on this device" in html


def test_abandon_asks_first(run_commits) -> None:
    player = Client()
    game = start_game(player, run_commits)
    page = player.get(f"/tile-rummy/g/{game.id}/abandon/")
    html = page.content.decode()
    assert page.status_code == 200 and "counts as a loss" in html
    assert 'name="csrfmiddlewaretoken"' in html and f'name="version" value="{game.version}"' in html
    assert Game.objects.get(id=game.id).status == GameStatus.ACTIVE  # asking changes nothing


def test_abandon_ends_the_game_and_counts_a_loss(run_commits) -> None:
    player = Client()
    game = start_game(player, run_commits)
    other = start_game(Client(), run_commits)  # someone else's game, left alone
    response = player.post(
        f"/tile-rummy/g/{game.id}/abandon/", {"version": version_on_page(player, game)}, follow=True
    )
    assert response.redirect_chain[-1][0] == "/"
    assert "counts as a loss" in response.content.decode()
    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED and not game.awaiting_computer
    record = GameRecord.objects.get()
    assert (record.game_id, record.outcome, record.won) == (game.id, Outcome.ABANDONED, False)
    assert (record.kind, record.level) == ("tile_rummy", "easy")
    assert Streak.objects.get().current == 0
    assert continue_links(player) == []
    assert Game.objects.get(id=other.id).status == GameStatus.ACTIVE
    stats = player.get("/me/stats/").content.decode()
    played_won = (
        '<td class="num" data-testid="played">1</td><td class="num" data-testid="won">0</td>'
    )
    assert played_won in stats


def test_abandon_leaves_the_players_other_games_alone(run_commits) -> None:
    player = Client()
    sign_up(player, "kim")
    first = start_game(player, run_commits)
    second = start_game(player, run_commits)
    player.post(f"/tile-rummy/g/{second.id}/abandon/", {"version": version_on_page(player, second)})
    first.refresh_from_db()
    assert first.status == GameStatus.ACTIVE
    assert GameRecord.objects.filter(game=first).count() == 0
    assert player.get(f"/tile-rummy/g/{first.id}/").status_code == 200


def test_a_stranger_cannot_abandon_or_save(run_commits) -> None:
    owner = Client()
    game = start_game(owner, run_commits)
    before = snapshot(game)
    for stranger in (Client(), _signed_up("lee")):
        assert stranger.get(f"/tile-rummy/g/{game.id}/abandon/").status_code == 404
        for path in ("abandon", "save-and-exit"):
            response = stranger.post(f"/tile-rummy/g/{game.id}/{path}/", {"version": game.version})
            assert response.status_code == 404
    assert snapshot(game) == before
    assert Game.objects.get(id=game.id).status == GameStatus.ACTIVE
    assert not GameRecord.objects.exists()


def _signed_up(username: str) -> Client:
    client = Client()
    sign_up(client, username)
    return client


@pytest.mark.parametrize(
    ("data", "status", "message"),
    [({}, 400, "missing the game version"), ({"version": "x"}, 400, "missing the game version")],
)
def test_abandon_needs_the_version(run_commits, data, status: int, message: str) -> None:
    player = Client()
    game = start_game(player, run_commits)
    response = player.post(f"/tile-rummy/g/{game.id}/abandon/", data)
    assert response.status_code == status and message in response.content.decode()
    assert Game.objects.get(id=game.id).status == GameStatus.ACTIVE


def test_abandon_from_an_old_page_is_refused(run_commits) -> None:
    player = Client()
    game = start_game(player, run_commits)
    response = player.post(f"/tile-rummy/g/{game.id}/abandon/", {"version": game.version + 5})
    assert response.status_code == 409 and "moved on" in response.content.decode()
    assert f'name="version" value="{game.version}"' in response.content.decode()  # ask again
    assert Game.objects.get(id=game.id).status == GameStatus.ACTIVE


def test_an_ended_game_cannot_be_abandoned_again(run_commits) -> None:
    player = Client()
    game = start_game(player, run_commits)
    version = version_on_page(player, game)
    player.post(f"/tile-rummy/g/{game.id}/abandon/", {"version": version})
    response = player.post(f"/tile-rummy/g/{game.id}/abandon/", {"version": version})
    assert response.status_code == 302 and response.url == f"/tile-rummy/g/{game.id}/"
    assert GameRecord.objects.count() == 1
    with pytest.raises(services.NotAllowed):
        services.abandon(game.id)


def test_moves_on_an_abandoned_game_are_refused(run_commits) -> None:
    player = Client()
    game = start_game(player, run_commits)
    player.post(f"/tile-rummy/g/{game.id}/abandon/", {"version": game.version})
    before = snapshot(game)
    response = player.post(
        f"/tile-rummy/g/{game.id}/draw/", {"version": game.version}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 403 and "ended" in response.content.decode()
    assert snapshot(game) == before


def test_abandon_by_staff_counts_a_loss_for_every_person(run_commits) -> None:
    game = start_game(Client(), run_commits)
    services.abandon(game.id)  # no seat and no version: a maintenance job
    assert list(GameRecord.objects.values_list("seat_index", "outcome")) == [(0, "abandoned")]
