"""Correspondence rooms: the host picks the pace, the table's clock is days, 50 games at most,
and "My turn" lists the tables waiting, oldest deadline first, with a count in the header."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.utils import timezone

from games import services
from games.models import Game
from rooms.models import Room
from tests.helpers import signed_in
from tests.notifications.nf_helpers import fresh, make_user, pass_turn_to, table_of_two
from tests.rooms.conftest import join, room_url

pytestmark = pytest.mark.django_db

FORM = {"name": "Slow Tiles", "table_name": "Host Kim", "seats": 3, "visibility": "private",
        "opt-difficulty": "joey", "opt-target": 50}


def test_the_host_picks_three_days_per_move_and_the_table_clock_is_days() -> None:
    host = signed_in(make_user("kim"), "/rooms/")
    page = host.get("/rooms/new/rumbaroo/").content.decode()
    assert "Correspondence — 3 days per move" in page
    response = host.post("/rooms/new/rumbaroo/", {**FORM, "pace": "3d"})
    assert response.status_code == 302
    room = Room.objects.get()
    assert room.options["pace"] == "3d"
    assert "3 days per move" in host.get(room_url(room)).content.decode()
    friend = signed_in(make_user("lee"), "/rooms/")
    assert join(friend, room, "Lee Friend").status_code == 302
    host.post(room_url(room, "seat"), {"seat": 2, "action": "computer", "level": "joey"})
    assert host.post(room_url(room, "start")).status_code == 302
    game = Game.objects.get()
    assert game.config["pace"] == "3d"
    if game.deadline is not None:
        left = game.deadline - timezone.now()
        assert timedelta(days=3) - timedelta(minutes=1) < left <= timedelta(days=3)
    table = host.get(f"/rumbaroo/g/{game.id}/").content.decode()
    assert "3 days per move" in table


def test_without_a_choice_a_room_is_live() -> None:
    host = signed_in(make_user("max"), "/rooms/")
    assert host.post("/rooms/new/rumbaroo/", FORM).status_code == 302
    assert Room.objects.get().options.get("pace", "live") == "live"


def test_fifty_correspondence_games_is_the_most_at_once() -> None:
    user = make_user("ned")
    config = {"difficulty": "joey", "players": 2, "target": 50, "pace": "7d"}
    seats = [services.SeatSpec("Ned", user_id=user.pk)]
    seats.append(services.SeatSpec("C", computer_level="joey"))
    for i in range(50):
        services.create_game("rumbaroo", config, seats, seed=i, online=True)
    host = signed_in(user, "/rooms/")
    response = host.post("/rooms/new/rumbaroo/", {**FORM, "pace": "7d"})
    assert response.status_code == 400
    assert "already play 50 correspondence games" in response.content.decode()
    assert not Room.objects.exists()
    assert host.post("/rooms/new/rumbaroo/", {**FORM, "pace": "live"}).status_code == 302


def test_my_turn_lists_the_tables_waiting_oldest_deadline_first(
    django_capture_on_commit_callbacks: Any,
) -> None:
    first, (ana, ben) = table_of_two(pace="3d", seed=7)
    pass_turn_to(first, 1, django_capture_on_commit_callbacks)
    users = [ana, ben]
    seats = [services.SeatSpec(u.username.title(), user_id=u.pk) for u in users]
    seats.append(services.SeatSpec("Joey", computer_level="joey"))
    config = {"difficulty": "joey", "players": 3, "target": 50, "pace": "1d"}
    second = fresh(services.create_game("rumbaroo", config, seats, seed=8, online=True))
    second = pass_turn_to(second, 1, django_capture_on_commit_callbacks)
    client = signed_in(ben, "/rooms/")
    cache.clear()
    page = client.get("/me/turn/").content.decode()
    assert page.count("/rumbaroo/g/") == 2
    # The 1-day table's deadline comes first, though it was made later.
    assert page.index(str(second.id)) < page.index(str(first.id))
    assert "1 day per move" in page and "3 days per move" in page
    home = client.get("/").content.decode()
    assert '>2<span class="visually-hidden"> tables waiting for you</span>' in home


def test_a_table_waiting_for_someone_else_is_not_on_my_turn(
    django_capture_on_commit_callbacks: Any,
) -> None:
    game, (ana, ben) = table_of_two(pace="3d")
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    from tests.notifications.nf_helpers import acting

    if 0 in acting(game):
        pytest.skip("both people act at this position")
    client = signed_in(ana, "/rooms/")
    page = client.get("/me/turn/").content.decode()
    assert "No table is waiting for you" in page
    assert "turn-count" not in client.get("/").content.decode()
