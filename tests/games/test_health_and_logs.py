"""The health endpoints, and the game id on every log line of a move (issue 13)."""

from __future__ import annotations

import io
import logging

import pytest
from django.test import Client

from games import services
from games.log_context import GameIdFilter
from rummy_site import health

PEOPLE = [
    services.SeatSpec("You", device_key="dev-a"),
    services.SeatSpec("Ada", device_key="dev-b"),
]


@pytest.mark.django_db
def test_health_checks_the_database_cache_and_broker(client: Client) -> None:
    response = client.get("/health/")
    lines = response.content.decode().splitlines()
    assert response.status_code == 200 and response["Cache-Control"].startswith("max-age=0")
    assert [line.split()[:2] for line in lines] == [
        ["database", "ok"],
        ["cache", "ok"],
        ["broker", "ok"],
    ]


@pytest.mark.django_db
def test_a_failing_check_answers_503_and_names_it(client: Client, monkeypatch) -> None:
    def broken() -> None:
        raise ConnectionError("refused")

    monkeypatch.setitem(health.CHECKS, "cache", broken)
    response = client.get("/health/")
    assert response.status_code == 503
    assert "cache failed" in response.content.decode()
    assert "database ok" in response.content.decode()


@pytest.mark.django_db
def test_the_live_view_touches_nothing(client: Client, django_assert_num_queries) -> None:
    with django_assert_num_queries(0):
        response = client.get("/health/live/")
    assert response.status_code == 200


@pytest.mark.django_db
def test_every_line_logged_during_a_move_names_its_game() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(GameIdFilter())
    handler.setFormatter(logging.Formatter("game={game_id} {name}: {message}", style="{"))
    root = logging.getLogger()
    root.addHandler(handler)
    old_level = root.level
    root.setLevel(logging.INFO)
    try:
        game = services.create_game("tile_rummy", {"players": 2}, PEOPLE, seed=7)
        turn = services.load_state(game).turn
        services.play(game.id, turn, {"type": "draw"}, 0)
        logging.getLogger("after").info("outside any move")
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
    lines = stream.getvalue().splitlines()
    move_lines = [line for line in lines if "move seq=1" in line]
    assert move_lines and all(line.startswith(f"game={game.id} ") for line in move_lines)
    assert lines[-1] == "game=- after: outside any move"
