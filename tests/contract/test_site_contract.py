"""The site side of the contract, for every ready game in the catalogue.

Its setup, How to play and table pages render; its home card links to
them; and a table of computers alone, driven through the service as the
Celery task drives it, plays a short game to the end, leaving a move log
that replays to the snapshot.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from accounts.device import COOKIE_NAME, read_device_key
from games import catalogue, services
from games.models import Game, GameStatus
from games.services import SeatSpec

READY = [pytest.param(e, id=e.kind) for e in catalogue.ready()]
pytestmark = pytest.mark.django_db


def _seats(entry: catalogue.GameEntry, players: int, person: str | None) -> list[SeatSpec]:
    level = entry.levels[0].key
    seats = [SeatSpec(f"Computer {i}", computer_level=level) for i in range(players)]
    if person is not None:
        seats[0] = SeatSpec("You", device_key=person)
    return seats


def _players(entry: catalogue.GameEntry, config: dict[str, Any]) -> int:
    return int(config.get("players", entry.min_players))


@pytest.mark.parametrize("entry", READY)
def test_setup_and_how_to_play_pages_render_and_are_on_home(client, entry) -> None:
    setup = reverse(f"{entry.url_name}:setup")
    how_to = reverse(f"{entry.url_name}:how_to_play")
    assert setup.startswith(f"/{entry.url_prefix}/")
    for url in (setup, how_to):
        response = client.get(url)
        assert response.status_code == 200, url
        assert entry.name in response.content.decode()
    home = client.get("/").content.decode()
    assert f'href="{setup}"' in home and f'href="{how_to}"' in home


@pytest.mark.parametrize("entry", READY)
def test_the_table_page_renders_for_its_player_only(
    client, entry, django_capture_on_commit_callbacks
) -> None:
    config = dict(entry.contract_configs[0])
    seats = _seats(entry, _players(entry, config), _device_key(client))
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(entry.kind, config, seats)
    url = reverse(f"{entry.url_name}:table", kwargs={"game_id": game.id})
    assert url.startswith(f"/{entry.url_prefix}/")
    page = client.get(url)
    assert page.status_code == 200 and 'id="board"' in page.content.decode()
    assert Client().get(url).status_code == 404  # a stranger learns nothing


def _device_key(client: Client) -> str:
    """The guest key the site gives this client's device (the cookie's signed value)."""
    client.get("/")
    request = RequestFactory().get("/")
    request.COOKIES[COOKIE_NAME] = client.cookies[COOKIE_NAME].value
    key = read_device_key(request)
    assert key is not None
    return key


@pytest.mark.parametrize("entry", READY)
def test_computers_alone_play_a_short_game_to_the_end(
    entry, django_capture_on_commit_callbacks
) -> None:
    engine = catalogue.load(entry.engine)
    for config in entry.contract_configs:
        with django_capture_on_commit_callbacks(execute=False):
            game = services.create_game(
                entry.kind, dict(config), _seats(entry, _players(entry, config), None)
            )
            for _ in range(5000):
                game.refresh_from_db()
                if game.status != GameStatus.ACTIVE:
                    break
                assert services.run_computer_turn(game.id, game.version), "a computer did not move"
        game = Game.objects.get(id=game.id)
        assert game.status == GameStatus.FINISHED, config
        state = engine.new_game(game.config, game.seed)
        for move in game.moves.order_by("seq"):
            state, _ = engine.apply(state, move.seat, move.action)
        assert engine.to_json(state) == game.state
        assert list(game.moves.values_list("seq", flat=True)) == list(range(1, game.version + 1))
