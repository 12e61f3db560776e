"""Finding 8: device cookies carry an issue time, expire after a stated period of no use,
and are rotated at sign-up, sign-in and sign-out, the guest's games joining the account."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.http import HttpResponse
from django.test import Client, RequestFactory

from accounts.device import COOKIE_NAME, SALT, read_device
from games.models import Game
from tests.security.conftest import Clock, device_key_of, run_commits, sign_in, sign_up, start_game

pytestmark = pytest.mark.django_db
__all__ = ["run_commits"]
DAY = 24 * 60 * 60


def cookie_device(client: Client):
    factory = RequestFactory()
    factory.cookies[COOKIE_NAME] = client.cookies[COOKIE_NAME].value
    return read_device(factory.get("/"))


def table_status(client: Client, game: Game) -> int:
    return client.get(f"/tile-rummy/g/{game.id}/").status_code


def test_finding_8_the_cookie_states_when_it_was_issued(client: Client, clock: Clock) -> None:
    client.get("/")
    device = cookie_device(client)
    assert device is not None and device.issued == int(clock.now)
    clock.advance(3 * DAY)
    client.get("/")  # a day or more of use: rewritten, same key, same issue time
    again = cookie_device(client)
    assert (again.key, again.issued) == (device.key, device.issued)
    assert again.refreshed == int(clock.now)


def test_finding_8_an_unused_cookie_expires_on_the_server(client: Client, clock: Clock) -> None:
    assert settings.GUEST_IDLE_DAYS >= 30
    key = device_key_of(client)
    copied = client.cookies[COOKIE_NAME].value
    clock.advance(settings.GUEST_IDLE_DAYS * DAY + 1)
    stale = Client()
    stale.cookies[COOKIE_NAME] = copied  # the browser would drop it; a copy is refused anyway
    assert device_key_of(stale) != key


def test_finding_8_thirty_days_of_no_use_keep_the_guests_game(
    client: Client, run_commits, clock: Clock
) -> None:
    game = start_game(client, run_commits)
    clock.advance(30 * DAY)
    assert table_status(client, game) == 200


def test_finding_8_sign_up_rotates_the_key_and_keeps_the_guests_games(
    client: Client, run_commits
) -> None:
    game = start_game(client, run_commits)
    guest_key = device_key_of(client)
    copied = client.cookies[COOKIE_NAME].value
    sign_up(client, "kim")
    assert device_key_of(client) != guest_key
    assert table_status(client, game) == 200  # the game followed into the account
    thief = Client()
    thief.cookies[COOKIE_NAME] = copied
    assert table_status(thief, game) == 404  # the copied guest cookie names nothing now


def test_finding_8_sign_out_and_sign_in_rotate_the_key(client: Client, run_commits) -> None:
    sign_up(client, "kim")
    signed_in_key = device_key_of(client)
    client.post("/accounts/logout/")
    guest_key = device_key_of(client)
    assert guest_key != signed_in_key
    game = start_game(client, run_commits)  # a guest game after signing out
    sign_in(client, "kim")
    assert device_key_of(client) not in (guest_key, signed_in_key)
    assert table_status(client, game) == 200  # merged into the account as before
    assert game.seats.get(index=0).user.username == "kim"


def test_finding_8_a_cookie_from_before_issue_times_keeps_its_games() -> None:
    old_key = "k" * 32
    before = HttpResponse()
    before.set_signed_cookie(COOKIE_NAME, old_key, salt=SALT)  # the bare key, as issued then
    client = Client()
    client.cookies[COOKIE_NAME] = before.cookies[COOKIE_NAME].value
    assert device_key_of(client) == old_key  # honoured, and rewritten with an issue time
    assert cookie_device(client).issued > 0
