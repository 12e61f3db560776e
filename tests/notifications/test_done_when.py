"""Issue 27's "done when": a 3-days-per-move Rumasta table with a friend and two computers,
made through the room pages; with the browser closed the player is e-mailed and pushed when
it is their turn, the push opens that game's table, and the game goes on over days to its end."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from games.models import Game, GameStatus
from games.table_flow import table_url
from rooms.models import Room
from tests.helpers import signed_in
from tests.notifications.nf_helpers import make_user, play_to_the_end
from tests.notifications.push_service import Browser, PushService, vapid_pair
from tests.rooms.conftest import join, room_url

pytestmark = pytest.mark.django_db

RUMASTA = {"opt-teams": "none", "opt-target": 500}


def test_a_three_day_rumasta_table_tells_me_my_turn_and_plays_to_game_over(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    private, public = vapid_pair()
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = private, public
    settings.PUSH_ALLOW_LOCAL_HTTP = True
    me, friend = make_user("rosa"), make_user("sam")
    host, guest = signed_in(me, "/rooms/"), signed_in(friend, "/rooms/")
    form = {"name": "Slow Cards", "table_name": "Rosa R", "seats": 4, "visibility": "private",
            "pace": "3d", **RUMASTA}
    assert host.post("/rooms/new/rumasta/", form).status_code == 302
    room = Room.objects.get()
    assert join(guest, room, "Sam S").status_code == 302
    for seat in (2, 3):
        host.post(room_url(room, "seat"), {"seat": seat, "action": "computer", "level": "easy"})
    browser = Browser()
    with PushService(browser, status=201) as service:
        response = host.post(
            reverse("notifications:subscribe"),
            data=json.dumps({"endpoint": service.url, "keys": browser.keys()}),
            content_type="application/json",
        )
        assert response.status_code == 200
        start = timezone.now()
        with time_machine.travel(start, tick=False) as clock:
            with django_capture_on_commit_callbacks(execute=True):
                assert host.post(room_url(room, "start")).status_code == 302
            game = Game.objects.get()
            assert game.config["pace"] == "3d"
            # The browser is closed: no page of mine polls from here on.
            game = play_to_the_end(game, django_capture_on_commit_callbacks, clock)
    assert game.status == GameStatus.FINISHED
    assert game.updated - start > timedelta(days=3)
    to_me = [m for m in mail.outbox if me.email in m.to]
    assert to_me and all(m.subject == "Your turn: Rumasta" for m in to_me)
    assert service.errors == [] and service.received
    url = service.received[0].payload["url"]
    assert url == table_url(game)
    page = host.get(url)  # the tap opens that game's table (here: at its end)
    assert page.status_code == 200 and "Game over" in page.content.decode()
