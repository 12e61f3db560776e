"""An online table's turn controls while they can only be refused (issue 25, item 3).

While the host's pause lasts (the service answers 409) or the house holds the
seat (403), every game's page keeps the controls in sight but disabled, with the
reason beside them; the ways out (take the seat back, leave) still work.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client

from games import catalogue, online, services
from games.engine.registry import engine_for
from games.models import Game, Seat
from games.table_flow import table_url
from tests.rooms.conftest import _fresh_limits, make_room, room_options, room_url, visitor

pytestmark = pytest.mark.django_db
__all__ = ["_fresh_limits"]  # the rooms' rate limits start from zero in every test here too

OPTIONS = room_options(romanian_tile_rummy={"opt-rounds": 2}, rumasta={"opt-teams": "2v2"})
SEATS = {"tile_rummy": 2, "rumbaroo": 2, "romanian_tile_rummy": 2, "rumasta": 4}
# The table's own POSTs that are no turn of the game: they must keep working.
WAYS_OUT = ("speed/", "take-back/", "save-and-exit/", "abandon/")


class TurnControls(HTMLParser):
    """Each submit button posting a move of this table, and whether a disabled fieldset holds it."""

    def __init__(self, table: str) -> None:
        super().__init__()
        self.table = table
        self.fieldsets: list[bool] = []
        self.form_action = ""
        self.controls: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {k: v or "" for k, v in attrs}
        if tag == "fieldset":
            self.fieldsets.append("disabled" in attr)
        elif tag == "form":
            self.form_action = attr.get("hx-post") or attr.get("action", "")
        elif tag == "button" and attr.get("type", "submit") == "submit":
            target = attr.get("formaction") or attr.get("hx-post") or self.form_action
            if target.startswith(self.table) and not target.endswith(WAYS_OUT):
                held = any(self.fieldsets) or "disabled" in attr
                self.controls.append((target.removeprefix(self.table), held))

    def handle_endtag(self, tag: str) -> None:
        if tag == "fieldset" and self.fieldsets:
            self.fieldsets.pop()
        elif tag == "form":
            self.form_action = ""


def controls(page: str, game: Game) -> list[tuple[str, bool]]:
    parser = TurnControls(table_url(game))
    parser.feed(page)
    return parser.controls


def held_controls(client: Client, game: Game) -> tuple[str, list[tuple[str, bool]]]:
    """The table's page as ``client`` sees it, every turn control on it held, and those."""
    page = client.get(table_url(game)).content.decode()
    held_ones = controls(page, game)
    assert held_ones and all(held for _, held in held_ones), held_ones
    return page, held_ones


def online_table(client: Client, kind: str, capture: Any) -> Game:
    """A room's table: the client's seat and computers, who have moved up to the person."""
    room = make_room(client, kind=kind, seats=SEATS[kind], options=OPTIONS[kind])
    key = catalogue.get(kind).levels[0].key
    for index in range(1, SEATS[kind]):
        client.post(room_url(room, "seat"), {"seat": index, "action": "computer", "level": key})
    with capture(execute=True):
        assert client.post(room_url(room, "start")).status_code == 302
    game = Game.objects.get()
    state = engine_for(kind).from_json(game.state)
    assert 0 in engine_for(kind).to_act(state), "the person should be asked to move"
    return game


@pytest.fixture(params=sorted(OPTIONS))
def guest_to_move(request: Any, django_capture_on_commit_callbacks: Any) -> tuple[Client, Game]:
    """A guest at an online table of each game (the fixture's param), asked to move."""
    guest = visitor()
    return guest, online_table(guest, request.param, django_capture_on_commit_callbacks)


def test_a_paused_table_disables_the_turn_controls_and_says_why(
    guest_to_move: tuple[Client, Game],
) -> None:
    guest, game = guest_to_move
    before = controls(guest.get(table_url(game)).content.decode(), game)
    assert before and not any(held for _, held in before), before

    services.pause(game.id, 3600)
    page, _after = held_controls(guest, game)
    assert 'data-testid="hold"' in page
    assert "The table is paused until" in page


def test_the_house_holding_the_seat_disables_the_turn_controls_and_offers_it_back(
    guest_to_move: tuple[Client, Game],
) -> None:
    guest, game = guest_to_move
    Seat.objects.filter(game=game, index=0).update(
        house_level=online.house_level(game), house_reason="timeouts"
    )
    page, after = held_controls(guest, game)
    assert "The house is playing your seat — take it back to play." in page
    # The way back still works, outside the held controls.
    assert ("take-back/", False) not in after
    assert 'data-testid="take-back"' in page
