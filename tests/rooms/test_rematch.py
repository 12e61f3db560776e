"""An online table's Game over offers the room first (issue 25, item 5).

The host gets "Rematch in this room" (a new table, same seats and options), the
others are told the host can start one and their page follows the room to the
new table; everyone gets "Back to the room". The solo setup is not offered.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from django.test import Client
from django.urls import reverse

from games import catalogue
from games.models import Game, GameStatus
from games.table_flow import table_url
from rooms.models import Room
from tests.games.conftest import put_state
from tests.rooms.conftest import SHORT_OPTIONS, join, make_room, room_url, visitor

pytestmark = pytest.mark.django_db

OPTIONS = SHORT_OPTIONS


def finished_room(kind: str) -> tuple[Room, Game, Client, Client]:
    """Two people's room whose table the bots played to Game over (straight on the engine)."""
    host, other = visitor(), visitor()
    room = make_room(host, kind=kind, seats=2, options=OPTIONS[kind])
    assert join(other, room, "Alice A").status_code == 302
    assert host.post(room_url(room, "start")).status_code == 302
    room.refresh_from_db()
    game = room.game
    entry = catalogue.get(kind)
    engine, bot = catalogue.load(entry.engine), catalogue.load(entry.bot).choose_action
    level, rng = entry.levels[0].key, random.Random(7)
    state = engine.from_json(game.state)
    if kind == "tile_rummy":  # a game to 200 takes dozens of rounds: one round decides it here
        config = dataclasses.replace(state.config, target=50)
        state = dataclasses.replace(state, config=config, totals=[49] * config.players)
    for _ in range(200_000):
        outcome = engine.result(state)
        if outcome is not None and outcome.game_over:
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        action = bot(engine.view(state, seat), level, **entry.contract_bot_options)
        state, _ = engine.apply(state, seat, action or engine.TIMEOUT_ACTION)
    else:
        pytest.fail("the bots did not finish the game")
    put_state(game, state)
    Game.objects.filter(id=game.id).update(status=GameStatus.FINISHED, deadline=None)
    game.refresh_from_db()
    return room, game, host, other


@pytest.mark.parametrize("kind", sorted(OPTIONS))
def test_game_over_at_an_online_table_offers_the_room_not_the_solo_setup(kind: str) -> None:
    room, game, host, other = finished_room(kind)
    setup = reverse(f"{catalogue.get(kind).url_name}:setup")

    page = host.get(table_url(game)).content.decode()
    over = "Game Over" if kind == "tile_rummy" else "Game over"  # Tile Rummy's rules name it so
    assert over in page
    assert "Rematch in this room" in page
    assert f'action="{room_url(room, "rematch")}"' in page
    assert 'data-testid="back-to-room"' in page and f'href="{room_url(room)}"' in page
    panel = page.split(over, 1)[1].split('class="table-links"')[0]
    assert "Play again" not in panel and f'href="{setup}"' not in panel

    theirs = other.get(table_url(game)).content.decode()
    assert "Rematch in this room" not in theirs  # only the host deals
    assert 'data-testid="rematch-wait"' in theirs and 'data-testid="back-to-room"' in theirs
    assert f'hx-get="/rooms/game/{game.id}/next/"' in theirs


def test_the_host_rematches_from_the_table_and_the_others_follow() -> None:
    room, game, host, other = finished_room("rumbaroo")
    follow = f"/rooms/game/{game.id}/next/"
    assert other.get(follow, headers={"HX-Request": "true"}).status_code == 204
    assert visitor().get(follow).status_code == 404  # a stranger learns nothing

    response = host.post(room_url(room, "rematch"))
    room.refresh_from_db()
    again = room.game
    assert again.id != game.id and again.status == GameStatus.ACTIVE
    assert response.status_code == 302 and response.url == table_url(again)

    answer = other.get(follow, headers={"HX-Request": "true"})
    assert answer.headers.get("HX-Redirect") == table_url(again)
    old = other.get(table_url(game)).content.decode()
    assert f'href="{table_url(again)}"' in old and "Go to the new table" in old
