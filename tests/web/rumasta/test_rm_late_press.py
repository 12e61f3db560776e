"""A heart-race press that comes just after the race ended is told "too late" (200), not a 409.

A 4xx answer is a failed resource in the browser's console; losing the race is the
race's ordinary outcome, so the board comes back with who won and the words.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.engine import rumasta as rm
from games.models import Game
from games.web.rumasta.views import TOO_LATE
from tests.web.rumasta.conftest import drive, held, post, state_of
from tests.web.rumasta.test_rm_heart import a_computer_lays_one  # seat 1 laid a black 3

pytestmark = pytest.mark.django_db


def test_a_call_out_after_the_computers_heart_is_too_late_not_an_error(
    client, crafted, clock
) -> None:
    game = a_computer_lays_one(client, crafted)
    page_version = game.version
    clock(2.6)  # the easy computer's heart (2.5 s) is due: it lands before this press
    response = post(client, game, "call_out", version=page_version)
    html = response.content.decode()
    assert response.status_code == 200, html[:400]
    assert TOO_LATE in html and "pressed the heart in time" in html
    state = state_of(game)
    assert state.heart_result["winner"] == "heart" and state.red3s[0] == []


def test_a_call_out_from_a_page_drawn_before_the_race_ended_is_too_late(
    client, crafted, clock
) -> None:
    game = a_computer_lays_one(client, crafted)
    page_version = game.version
    clock(2.6)
    drive(game)  # the table's poll ran the computer's heart first
    before = state_of(game)
    response = post(client, game, "call_out", version=page_version)
    assert response.status_code == 200 and TOO_LATE in response.content.decode()
    assert rm.to_json(state_of(game)) == rm.to_json(before)


def test_a_heart_pressed_after_a_call_out_is_too_late(client, crafted, clock) -> None:
    game = crafted(["3S 9D 8C 5H", "4S 6S 7C"], level="medium", step="play", red3s=["3H 3D"])
    post(client, game, "discard", pile=0, cards=held(game, "3S"))
    post(client, game, "discard", pile=1, cards=held(game, "9D"))
    clock(1.6)  # the medium computer's call-out (1.5 s) goes first
    response = post(client, game, "heart")
    assert response.status_code == 200 and TOO_LATE in response.content.decode()
    assert state_of(game).heart_result["winner"] == "call_out"


def test_without_htmx_the_late_press_redirects_with_the_message(client, crafted, clock) -> None:
    game = a_computer_lays_one(client, crafted)
    page_version = game.version
    clock(2.6)
    response = client.post(
        f"/rumasta/g/{game.id}/call-out/", {"version": page_version}, follow=True
    )
    assert response.status_code == 200 and TOO_LATE in response.content.decode()


def test_a_call_out_with_no_race_at_all_is_still_refused(client, crafted) -> None:
    game = crafted(["4S 6S 7C", "KD KS"], step="play")
    response = post(client, game, "call_out")
    assert response.status_code == 422 and TOO_LATE not in response.content.decode()


def test_a_paused_table_still_answers_its_pause(client, crafted) -> None:
    game = a_computer_lays_one(client, crafted)
    Game.objects.filter(id=game.id).update(paused_until=timezone.now() + timedelta(hours=1))
    response = post(client, game, "call_out")
    assert response.status_code == 409 and TOO_LATE not in response.content.decode()
