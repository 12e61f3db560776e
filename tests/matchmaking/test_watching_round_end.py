"""A spectator sees Round complete and Game over like the seats: scores and winners, no buttons."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games.engine import rumbaroo as rb
from games.models import Game
from rooms.people import Person
from tests.engine.rumbaroo.rb_helpers import build
from tests.web.rumbaroo.conftest import put_state

from .conftest import HTMX, device_of, live_room, visitor

pytestmark = pytest.mark.django_db


def _table(target: int, totals: list[int]) -> tuple[Client, Game]:
    """A live two-guest table where seat 0 goes out with R4 on the next press."""
    kim, pat = visitor(), visitor()
    _room, game = live_room(Person(None, device_of(kim)), [Person(None, device_of(pat))])
    seat0 = kim if game.seats.get(index=0).device_key == device_of(kim) else pat
    put_state(game, build(["R4", "G1 G2 J"], pile="R5", target=target, totals=totals))
    return seat0, game


def _go_out(client: Client, game: Game) -> None:
    game.refresh_from_db()
    tile = next(t for t in rb.from_json(game.state).hands[0])
    answer = client.post(
        f"/rumbaroo/g/{game.id}/discard/", {"tile": tile, "version": game.version}, **HTMX
    )
    assert answer.status_code == 200, answer.content


def _watched(game: Game) -> str:
    return html.unescape(visitor().get(f"/match/watch/{game.id}/").content.decode())


def test_a_spectator_sees_round_complete_with_the_scores_and_no_next_round_button() -> None:
    seat0, game = _table(target=200, totals=[0, 0])
    name = game.seats.get(index=0).display_name
    assert "round-panel" not in _watched(game)
    _go_out(seat0, game)
    body = _watched(game)
    assert 'data-testid="round-panel"' in body and "Round 1 complete" in body
    assert f"{name} went out and won the round (+10" in body
    assert re.search(r"<td>43</td><td>43</td>", body)  # 1 + 2 + 30 (the joker) + 10
    assert 'aria-label="green 1"' in body  # the hand left, laid open at a round's end
    assert "Next round" not in body and "next-round" not in body


def test_a_spectator_sees_game_over_with_the_winner_and_no_seat_buttons() -> None:
    seat0, game = _table(target=50, totals=[40, 0])
    name = game.seats.get(index=0).display_name
    _go_out(seat0, game)
    game.refresh_from_db()
    assert game.status == "finished"
    body = _watched(game)
    assert "Game over" in body and f"{name} wins the game." in body
    assert "You win" not in body and "Rematch" not in body and "Back to the room" not in body
    assert "Play again" not in body and "this game is over" in body


@pytest.mark.parametrize("kind", ["tile_rummy", "romanian_tile_rummy", "rumasta", "rumbaroo"])
def test_every_game_shows_its_round_end_to_a_spectator(kind: str) -> None:
    """Played by the computer player from each seat's view until the first round ends."""
    from games import catalogue
    from games.engine.registry import engine_for
    from games.models import Seat
    from matchmaking.presets import presets
    from replays.frames import SPECTATOR, adapter_for

    from .conftest import play_moves

    assert catalogue.get(kind)
    options = next(p.options for p in presets(kind) if p.seats == 2)
    kim, pat = visitor(), visitor()
    _room, game = live_room(
        Person(None, device_of(kim)), [Person(None, device_of(pat))], kind=kind, options=options
    )
    engine, adapter = engine_for(kind), adapter_for(kind)
    for _ in range(300):
        game = play_moves(game, 10)
        public = engine.view(engine.from_json(game.state), None)
        if adapter.round_panel(game, Seat(game=game, index=SPECTATOR), public) is not None:
            break
    else:
        pytest.fail("no round ended in 3000 moves")
    body = _watched(game)
    assert 'data-testid="round-panel"' in body or 'data-testid="round"' in body
    assert "Next round" not in body and "Your side" not in body and "You win" not in body
