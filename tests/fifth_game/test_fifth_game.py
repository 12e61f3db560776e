"""A fifth game built in the tests from docs/adding-a-game.md's checklist alone.

High Card (tests/fifth_game) is its own package and one catalogue entry, which
the ``fifth_game`` fixture registers; nothing else in the site is told of it.
It must pass what the four games pass: the engine contract and its Protocol,
the web side's declaration, the site contract (its pages render and its card is
on the home page; computers alone finish a game), and a person plays it to the
end through its pages, the computer answering through the service.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import resolve, reverse

from games import catalogue
from games.gameweb import web_for
from games.models import Game, GameStatus
from tests import test_gameweb as gameweb_suite
from tests.contract import test_engine_contract as engine_suite
from tests.contract import test_engine_protocol as protocol_suite
from tests.contract import test_site_contract as site_suite
from tests.fifth_game import ENTRY


@pytest.mark.parametrize("config", ENTRY.contract_configs, ids=str)
@pytest.mark.parametrize("level", [level.key for level in ENTRY.levels])
def test_its_engine_and_bot_keep_the_engine_contract(config: dict[str, Any], level: str) -> None:
    engine_suite.test_bot_playout(ENTRY, dict(config), level)
    engine_suite.test_random_playout(ENTRY, dict(config), level)


def test_its_engine_follows_the_protocol_and_its_views_their_type(fifth_game) -> None:
    engine_suite.test_every_ready_game_declares_short_configurations()
    protocol_suite.test_engine_and_its_legal_moves_follow_the_protocol(fifth_game)
    protocol_suite.test_every_view_has_the_shape_its_type_declares(fifth_game)


def test_its_web_side_declares_every_piece(fifth_game) -> None:
    gameweb_suite.test_every_game_declares_every_piece_of_its_web_side(fifth_game)


@pytest.mark.django_db
def test_it_passes_the_site_contract(
    client, fifth_game, django_capture_on_commit_callbacks
) -> None:
    site_suite.test_setup_and_how_to_play_pages_render_and_are_on_home(client, fifth_game)
    site_suite.test_the_table_page_renders_for_its_player_only(
        client, fifth_game, django_capture_on_commit_callbacks
    )
    site_suite.test_computers_alone_play_a_short_game_to_the_end(
        fifth_game, django_capture_on_commit_callbacks
    )
    home = client.get("/").content.decode()
    assert ENTRY.blurb in home


@pytest.mark.django_db
def test_a_person_plays_it_to_the_end_through_its_pages(
    client, fifth_game, django_capture_on_commit_callbacks
) -> None:
    setup = reverse("high_card:setup")
    assert "Tricks to win" in client.get(setup).content.decode()
    assert "Playing online" in client.get(reverse("high_card:how_to_play")).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        dealt = client.post(setup, {"level": "sharp", "target": 3})
    assert dealt.status_code == 302
    game = Game.objects.get(id=resolve(dealt["Location"]).kwargs["game_id"])
    refused = _play(client, game, card=-1)
    assert refused.status_code == 422 and 'id="board-error"' in refused.content.decode()
    for _ in range(10):  # at most nine tricks
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE:
            break
        view = _view_of(game)
        assert view["to_act"] == [0], "the computer has answered by the time the page is back"
        page = client.get(dealt["Location"]).content.decode()
        card = view["hand"][0]["id"]
        assert f'name="card" value="{card}"' in page
        with django_capture_on_commit_callbacks(execute=True):
            assert _play(client, game, card).status_code == 200
    assert game.status == GameStatus.FINISHED
    assert (
        min(game.moves.filter(seat=s).count() for s in (0, 1))
        >= ENTRY.contract_configs[0]["target"]
    )
    final = client.get(dealt["Location"]).content.decode()
    assert "Game Over" in final and 'data-testid="result"' in final


def _play(client, game: Game, card: int) -> Any:
    url = reverse("high_card:play", kwargs={"game_id": game.id})
    return client.post(url, {"card": card, "version": game.version}, HTTP_HX_REQUEST="true")


def _view_of(game: Game) -> dict[str, Any]:
    """Seat 0's view, checked against the model the API publishes for it."""
    engine = catalogue.load(ENTRY.engine)
    view = engine.view(engine.from_json(game.state), 0)
    web_for(ENTRY.kind).api_view.model_validate(view)
    return view
