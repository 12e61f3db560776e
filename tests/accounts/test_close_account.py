""" "Close my account": confirmed by password (or an e-mailed code), it removes the person's
things, keeps other players' games and replays under "Deleted player", and holds the
names for 30 days; a wrong password or code, or a forged POST, closes nothing.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from accounts.models import GameRecord
from games import services
from games.models import Game, GameStatus, Move, Seat
from leaderboards.models import LeaderboardEntry, Player, Result
from leaderboards.names import InvalidName
from leaderboards.naming import rename
from leaderboards.players import get_player
from players import recompute
from players.models import Rating
from presets.models import Preset
from privacy import personal_data
from privacy.closing import DELETED_NAME
from replays.models import ShareLink
from replays.timeline import build
from rooms.models import Room, RoomSeat, RoomStatus, SeatKind
from tests.accounts.privacy_helpers import (
    PASSWORD,
    account,
    client_for,
    draws,
    fill,
    table,
    to_act,
    until_turn_of,
)
from tests.players.conftest import rate

pytestmark = pytest.mark.django_db
User = get_user_model()


def _close(client: Client, **form: str) -> Any:
    return client.post("/me/close/", form or {"password": PASSWORD})


def _rows_pointing_at(user_id: int) -> dict[str, int]:
    """Every row of every model that still points at the account, by field."""
    found = {}
    for model, field in personal_data.account_fields():
        count = model._base_manager.filter(**{f"{field}_id": user_id}).count()
        if count:
            found[personal_data.label(model, field)] = count
    return found


def test_the_page_says_what_happens_and_asks_for_the_password() -> None:
    ann = account("ann")
    page = client_for(ann).get("/me/close/")
    html = page.content.decode()
    assert page.status_code == 200 and "Deleted player" in html and "30 days" in html
    assert 'name="password"' in html and 'name="csrfmiddlewaretoken"' in html
    assert 'href="/me/data/"' in html and 'href="/privacy/#closing"' in html
    assert "no-store" in page["Cache-Control"]


def test_a_wrong_password_closes_nothing() -> None:
    ann = account("ann")
    Preset.objects.create(user=ann, kind="tile_rummy", name="Mine", name_key="mine")
    client = client_for(ann)
    response = _close(client, password="not-it")
    assert response.status_code == 400
    assert "nothing was closed" in response.content.decode()
    ann.refresh_from_db()
    assert ann.is_active and ann.username == "ann" and Preset.objects.filter(user=ann).exists()
    assert client.get("/me/stats/").wsgi_request.user.is_authenticated


def test_an_empty_post_asks_for_the_password_and_closes_nothing() -> None:
    ann = account("ann")
    response = client_for(ann).post("/me/close/", {})
    assert response.status_code == 400 and "This field is required" in response.content.decode()
    assert User.objects.filter(pk=ann.pk, is_active=True).exists()


def test_a_forged_post_without_csrf_is_refused() -> None:
    ann = account("ann")
    client = Client(enforce_csrf_checks=True)
    client.force_login(ann)
    assert _close(client).status_code == 403
    assert User.objects.filter(pk=ann.pk, is_active=True).exists()


def test_signed_out_there_is_nothing_to_close(client) -> None:
    response = client.post("/me/close/", {"password": PASSWORD})
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_closing_removes_each_listed_thing() -> None:
    ann, bob = account("ann", "ann@example.com"), account("bob")
    fill(ann, bob)
    elsewhere = client_for(ann)  # a second signed-in browser
    client = client_for(ann)
    response = _close(client)
    assert response.status_code == 302 and response.url == "/me/closed/"
    assert "Your account is closed" in client.get("/me/closed/").content.decode()
    assert not User.objects.filter(pk=ann.pk).exists()  # nothing needed the row
    assert _rows_pointing_at(ann.pk) == {}
    assert not EmailAddress.objects.filter(email="ann@example.com").exists()
    assert not Player.objects.filter(name="Ann Tiles").exists()
    assert not LeaderboardEntry.objects.exclude(player__user=bob).exists()
    assert not Session.objects.exists() or all(
        s.get_decoded().get("_auth_user_id") != str(ann.pk) for s in Session.objects.all()
    )
    assert not elsewhere.get("/me/stats/").wsgi_request.user.is_authenticated
    assert not client.get("/me/stats/").wsgi_request.user.is_authenticated
    assert not Room.objects.filter(status=RoomStatus.WAITING).exists()  # nobody left to host it
    boards = Client().get("/leaderboards/").content.decode()
    assert "Ann Tiles" not in boards


def test_other_players_games_and_replays_stay_under_deleted_player() -> None:
    ann, bob = account("ann"), account("bob")
    game = draws(table([ann, bob]), 6)
    services.abandon(game.id, seat=1)
    link = ShareLink.objects.create(game=game, made_by_user=ann)
    moves = list(Move.objects.filter(game=game).values_list("seq", "seat", "action"))
    assert _close(client_for(ann)).status_code == 302

    game = Game.objects.get(id=game.id)
    assert list(Move.objects.filter(game=game).values_list("seq", "seat", "action")) == moves
    seat = Seat.objects.get(game=game, index=0)
    assert (seat.user_id, seat.device_key, seat.display_name) == (None, "", DELETED_NAME)
    build(game, iter(moves))  # the log still replays from the seed to the snapshot
    bob_client = client_for(bob)
    replay = bob_client.get(f"/replay/g/{game.id}/?step=3")
    assert replay.status_code == 200
    html = replay.content.decode()
    assert DELETED_NAME in html and ">ann<" not in html and "ann drew" not in html
    assert str(game.id) in bob_client.get("/me/games/").content.decode()
    link.refresh_from_db()
    assert link.revoked is not None and link.made_by_user_id is None
    assert Client().get(f"/replay/s/{link.token}/").status_code == 404


def test_games_nobody_else_played_are_deleted() -> None:
    ann = account("ann")
    finished = table([ann], online=False, computers=1)
    services.abandon(finished.id, seat=0)
    unfinished = draws(table([ann], online=False, computers=1), 2)
    assert _close(client_for(ann)).status_code == 302
    assert not Game.objects.filter(id__in=[finished.id, unfinished.id]).exists()


def test_an_online_table_goes_on_with_the_house_and_counts_nothing_for_the_closed_seat() -> None:
    ann, bob, cy = account("ann"), account("bob"), account("cy")
    game = until_turn_of(draws(table([ann, bob, cy]), 3), 0)  # ann is to act now
    assert _close(client_for(ann)).status_code == 302
    game = Game.objects.get(id=game.id)
    assert game.status == GameStatus.ACTIVE and game.awaiting_computer  # the house is to move
    seat = Seat.objects.get(game=game, index=0)
    assert seat.house_reason == "left" and seat.house_level and seat.closed
    assert seat.display_name == DELETED_NAME
    assert services.run_computer_turn(game.id, game.version)  # the house draws for the seat
    version = Game.objects.get(id=game.id).version
    draws(game, 2)  # bob and cy play on
    assert Game.objects.get(id=game.id).version == version + 2 and to_act(game) == {0}
    services.abandon(game.id)  # the end: every person's result is written
    records = GameRecord.objects.filter(game=game).values_list("seat_index", flat=True)
    assert sorted(records) == [1, 2]
    assert sorted(Result.objects.filter(game=game).values_list("seat_index", flat=True)) == [1, 2]


def test_a_waiting_room_passes_to_the_next_player_and_the_seat_is_freed() -> None:
    ann, bob = account("ann"), account("bob")
    room = Room.objects.create(name="Ann's room", kind="tile_rummy", seat_count=2, host_user=ann)
    RoomSeat.objects.create(room=room, index=0, kind=SeatKind.PERSON, user=ann, table_name="Annie")
    RoomSeat.objects.create(room=room, index=1, kind=SeatKind.PERSON, user=bob, table_name="Bob")
    assert _close(client_for(ann)).status_code == 302
    room.refresh_from_db()
    assert room.host_user_id == bob.pk and room.status == RoomStatus.WAITING
    assert list(room.seats.values_list("kind", "table_name")) == [
        (SeatKind.EMPTY, ""),
        (SeatKind.PERSON, "Bob"),
    ]


def test_the_rating_history_others_were_rated_from_stays_with_an_anonymous_row() -> None:
    ann, bob = account("ann", "ann@example.com"), account("bob")
    rate(table([ann, bob]), totals=[60, 10], winners=[0])
    assert _close(client_for(ann)).status_code == 302
    row = User.objects.get(pk=ann.pk)
    assert row.username.startswith("closed-") and row.email == "" and not row.is_active
    assert not row.has_usable_password() and row.last_login is None
    assert _rows_pointing_at(ann.pk) == {"players.RatingChange.user": 1}
    assert not Rating.objects.filter(user_id=ann.pk).exists()
    assert Rating.objects.filter(user=bob).exists()
    replayed = recompute.replay()
    assert replayed.mismatches == []  # bob's rating still replays exactly
    assert all(line.startswith(f"user {ann.pk} ") for line in recompute.compare(replayed))
    assert not client_for(row).get("/me/stats/").wsgi_request.user.is_authenticated


def _sign_up(username: str, public_name: str) -> str:
    form = {
        "username": username,
        "public_name": public_name,
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    response = Client().post("/accounts/signup/", form)
    return "" if response.status_code == 302 else response.content.decode()


def test_the_names_are_held_for_30_days_and_free_after() -> None:
    ann, bob = account("ann"), account("bob")
    rename(get_player(ann.pk, "", create=True), "Ann Tiles")
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        assert _close(client_for(ann)).status_code == 302
        with pytest.raises(InvalidName, match="closed recently"):
            rename(get_player(bob.pk, "", create=True), "ann tiles")  # a look-alike too
        refused = _sign_up("ann", "Someone New")
        assert "closed recently" in refused
        assert "closed recently" in _sign_up("newcomer", "Ann Tiles")
    with time_machine.travel(start + timedelta(days=29, hours=23), tick=False):
        assert "closed recently" in _sign_up("ann", "Someone New")
    with time_machine.travel(start + timedelta(days=30, minutes=1), tick=False):
        assert _sign_up("ann", "Ann Tiles") == ""
        assert Player.objects.get(name="Ann Tiles").user.username == "ann"


def _code_from(mail: Any) -> str:
    match = re.search(r"^\s*([A-Z0-9-]{4,})\s*$", mail.body, re.MULTILINE)
    assert match, mail.body
    return match.group(1)


def test_an_account_without_a_password_confirms_with_an_emailed_code(mailoutbox) -> None:
    ann = account("ann", "ann@example.com")
    ann.set_unusable_password()
    ann.save()
    client = client_for(ann)
    page = client.get("/me/close/").content.decode()
    assert "E-mail me a code" in page and 'name="code"' in page and 'name="password"' not in page
    assert client.post("/me/close/code/").status_code == 302
    [mail] = mailoutbox
    assert mail.to == ["ann@example.com"]
    code = _code_from(mail)
    assert _close(client, code="WRONG-CODE").status_code == 400
    assert User.objects.filter(pk=ann.pk, is_active=True).exists()
    assert _close(client, code=code).status_code == 302
    assert not User.objects.filter(pk=ann.pk).exists()


def test_an_emailed_code_runs_out(mailoutbox) -> None:
    ann = account("ann", "ann@example.com")
    ann.set_unusable_password()
    ann.save()
    client = client_for(ann)
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        client.post("/me/close/code/")
    code = _code_from(mailoutbox[0])
    with time_machine.travel(start + timedelta(minutes=16), tick=False):
        assert _close(client, code=code).status_code == 400
    assert User.objects.filter(pk=ann.pk, is_active=True).exists()


def test_a_code_is_spent_by_five_wrong_tries(mailoutbox) -> None:
    ann = account("ann", "ann@example.com")
    ann.set_unusable_password()
    ann.save()
    client = client_for(ann)
    client.post("/me/close/code/")
    code = _code_from(mailoutbox[0])
    for _ in range(5):
        assert _close(client, code="NOPE-NOPE").status_code == 400
    assert _close(client, code=code).status_code == 400
    assert User.objects.filter(pk=ann.pk, is_active=True).exists()


def test_without_a_password_or_a_verified_address_it_says_how_to_go_on() -> None:
    ann = account("ann")
    EmailAddress.objects.create(user=ann, email="ann@example.com", verified=False, primary=True)
    ann.set_unusable_password()
    ann.save()
    client = client_for(ann)
    page = client.get("/me/close/").content.decode()
    assert "Set a password" in page and 'name="code"' not in page
    client.post("/me/close/code/")
    assert _close(client, code="ANY-CODE").status_code == 400
    assert User.objects.filter(pk=ann.pk, is_active=True).exists()


def test_the_privacy_page_is_linked_from_the_footer_and_the_account_links(client) -> None:
    home = client.get("/").content.decode()
    assert 'href="/privacy/"' in home
    page = client.get("/privacy/")
    html = page.content.decode()
    assert page.status_code == 200
    for said in ("Server logs", "move", "180 days", "E-mails", "Deleted player", "30 days"):
        assert said in html, said
    stats = client_for(account("ann")).get("/me/stats/").content.decode()
    assert 'href="/me/data/"' in stats and 'href="/me/close/"' in stats


def test_nobody_can_name_themselves_deleted_player_nor_take_a_held_table_name() -> None:
    from leaderboards.names import clean
    from rooms import names as room_names
    from rooms.people import Person

    for name in ("Deleted player", "deleted-player 2", "DELETED PLAYER"):
        with pytest.raises(InvalidName):
            clean(name)
    ann, bob = account("ann"), account("bob")
    rename(get_player(ann.pk, "", create=True), "Ann Tiles")
    assert _close(client_for(ann)).status_code == 302
    with pytest.raises(InvalidName, match="closed recently"):
        room_names.table_name("Ann Tiles", Person(bob.pk, ""), [])
    with pytest.raises(InvalidName, match="closed recently"):
        room_names.room_name("ann")
