"""Nobody sees or acts on another player's seat, saves or stats; CSRF; forged device cookies."""

from __future__ import annotations

from contextlib import nullcontext

import pytest
from django.conf import settings
from django.http import HttpResponse
from django.test import Client, RequestFactory, override_settings

from accounts.device import COOKIE_NAME, SALT, read_device_key
from accounts.models import GameRecord
from games.models import Game, GameStatus
from tests.accounts.conftest import (
    PASSWORD,
    continue_links,
    draw,
    sign_in,
    sign_up,
    start_game,
)
from tests.games.conftest import snapshot

pytestmark = pytest.mark.django_db

GET_PATHS = ("", "board/", "board/?at=1", "abandon/")
POST_PATHS = (
    "move/",
    "reset/",
    "confirm/",
    "draw/",
    "next-round/",
    "speed/",
    "save-and-exit/",
    "abandon/",
)


def _signed_up(username: str) -> Client:
    client = Client()
    sign_up(client, username)
    return client


def assert_locked_out(intruder: Client, game: Game) -> None:
    """Every page and action of the game answers 404 and the game stays exactly as it was."""
    before = snapshot(game)
    for path in GET_PATHS:
        assert intruder.get(f"/tile-rummy/g/{game.id}/{path}").status_code == 404, path
    for path in POST_PATHS:
        data = {"version": game.version, "tile": 0, "to": "new", "speed": "fast"}
        response = intruder.post(f"/tile-rummy/g/{game.id}/{path}", data, HTTP_HX_REQUEST="true")
        assert response.status_code == 404, path
    assert snapshot(game) == before
    assert Game.objects.get(id=game.id).status == GameStatus.ACTIVE
    assert str(game.id) not in intruder.get("/").content.decode()
    assert str(game.id) not in intruder.get("/me/games/").content.decode()


def test_a_second_user_cannot_open_or_act_on_the_first_users_game(run_commits) -> None:
    kim = _signed_up("kim")
    game = start_game(kim, run_commits)
    assert_locked_out(_signed_up("lee"), game)
    assert kim.get(f"/tile-rummy/g/{game.id}/").status_code == 200


def test_a_signed_in_user_cannot_take_a_guests_game(run_commits) -> None:
    guest = Client()
    game = start_game(guest, run_commits)
    assert_locked_out(_signed_up("lee"), game)
    assert game.seats.get(index=0).user is None


def test_a_guest_cannot_open_an_accounts_game(run_commits) -> None:
    game = start_game(_signed_up("kim"), run_commits)
    assert_locked_out(Client(), game)


def signed(value: str, salt: str = SALT, name: str = COOKIE_NAME) -> str:
    """A cookie value signed the way Django signs ``name`` with ``salt``."""
    response = HttpResponse()
    response.set_signed_cookie(name, value, salt=salt)
    return response.cookies[name].value


def _forgeries(victim_cookie: str, victim_key: str) -> dict[str, str]:
    flipped = victim_key[:-1] + ("A" if victim_key[-1] != "A" else "B")
    with override_settings(SECRET_KEY="not-our-secret-" + "x" * 40):
        other_secret = signed(victim_key)
    return {
        "unsigned key": victim_key,
        "tampered key": victim_cookie.replace(victim_key, flipped),
        "tampered signature": victim_cookie[:-2] + ("AA" if victim_cookie[-2:] != "AA" else "BB"),
        "signed with another secret": other_secret,
        "signed for another purpose": signed(victim_key, salt="some-other-cookie"),
        "another cookie's signature": signed(victim_key, name="sessionid"),
    }


def test_a_forged_or_tampered_device_cookie_owns_nothing(run_commits) -> None:
    victim = Client()
    game = start_game(victim, run_commits)
    cookie = victim.cookies[COOKIE_NAME].value
    key = game.seats.get(index=0).device_key
    abandoned = start_game(Client(), run_commits)
    abandoned.seats.filter(index=0).update(device_key=key)  # a second save of the same device

    for name, forged in _forgeries(cookie, key).items():
        intruder = Client()
        intruder.cookies[COOKIE_NAME] = forged
        assert intruder.get(f"/tile-rummy/g/{game.id}/").status_code == 404, name
        assert intruder.cookies[COOKIE_NAME].value != forged, name  # a fresh key replaced it
        assert_locked_out(intruder, game)
        assert "no-stats" in intruder.get("/me/stats/").content.decode()
        assert (
            intruder.post(f"/tile-rummy/g/{abandoned.id}/abandon/", {"version": 0}).status_code
            == 404
        )

    assert victim.get(f"/tile-rummy/g/{game.id}/").status_code == 200  # the real cookie still works
    assert not GameRecord.objects.exists()


def test_a_forged_cookie_brings_nothing_into_an_account_at_sign_in(run_commits) -> None:
    victim = Client()
    game = start_game(victim, run_commits)
    key = game.seats.get(index=0).device_key
    _signed_up("lee").post("/accounts/logout/")
    intruder = Client()
    intruder.cookies[COOKIE_NAME] = key  # the victim's key, unsigned
    sign_in(intruder, "lee")
    assert game.seats.get(index=0).user is None
    assert continue_links(victim) == [str(game.id)]


@pytest.mark.parametrize("path", ["draw/", "save-and-exit/", "abandon/", "move/", "confirm/"])
def test_game_posts_need_the_csrf_token(run_commits, path: str) -> None:
    player = Client(enforce_csrf_checks=True)
    game = start_game(Client(), run_commits)
    game.seats.filter(index=0).update(device_key=_device_key(player))
    before = snapshot(game)
    response = player.post(f"/tile-rummy/g/{game.id}/{path}", {"version": game.version})
    assert response.status_code == 403
    assert snapshot(game) == before and Game.objects.get(id=game.id).status == GameStatus.ACTIVE


def test_abandon_with_the_pages_csrf_token_works(run_commits) -> None:
    player = Client(enforce_csrf_checks=True)
    game = start_game(Client(), run_commits)
    game.seats.filter(index=0).update(device_key=_device_key(player))
    player.get(f"/tile-rummy/g/{game.id}/abandon/")
    token = player.cookies[settings.CSRF_COOKIE_NAME].value
    data = {"version": game.version, "csrfmiddlewaretoken": token}
    assert player.post(f"/tile-rummy/g/{game.id}/abandon/", data).status_code == 302
    assert Game.objects.get(id=game.id).status == GameStatus.ABANDONED


@pytest.mark.parametrize("path", ["/accounts/login/", "/accounts/signup/", "/tile-rummy/new/"])
def test_account_and_setup_posts_need_the_csrf_token(path: str) -> None:
    response = Client(enforce_csrf_checks=True).post(path, {"login": "kim", "password": PASSWORD})
    assert response.status_code == 403


def _device_key(client: Client) -> str:
    """Visit once so the client gets a device cookie; return the key inside it."""
    client.get("/")
    factory = RequestFactory()
    factory.cookies[COOKIE_NAME] = client.cookies[COOKIE_NAME].value
    key = read_device_key(factory.get("/"))
    assert key
    return key


def test_repeated_wrong_passwords_slow_the_sign_in_down(django_user_model: type) -> None:
    django_user_model.objects.create_user(username="kim", password=PASSWORD)
    attacker = Client()
    for _ in range(6):
        response = sign_in(attacker, "kim", "wrong-password")
        assert response.status_code == 200 and "not correct" in response.content.decode()
    response = sign_in(attacker, "kim", PASSWORD)  # a stranger waits, even with the right one
    assert response.status_code == 200
    assert "Please wait" in response.content.decode()
    assert not response.wsgi_request.user.is_authenticated
    other = Client(REMOTE_ADDR="10.0.0.9")  # the delay is on the name, wherever it is tried
    assert "Please wait" in sign_in(other, "kim", PASSWORD).content.decode()
    # A browser that signed in to kim before skips it: tests/security/test_signin_throttle.py.


def test_too_many_sign_in_attempts_from_one_address_get_429() -> None:
    client = Client()
    statuses = [sign_in(client, f"user{i}", "wrong").status_code for i in range(31)]
    assert statuses[:30] == [200] * 30 and statuses[30] == 429
    page = client.post("/accounts/login/", {"login": "x", "password": "y"})
    assert page.status_code == 429 and "Too many attempts" in page.content.decode()
    assert 'class="site-header"' in page.content.decode()


def test_stats_show_only_the_callers_own_games(run_commits) -> None:
    kim = _signed_up("kim")
    game = start_game(kim, run_commits)
    kim.post(f"/tile-rummy/g/{game.id}/abandon/", {"version": game.version})
    assert 'data-testid="stats-tile_rummy"' in kim.get("/me/stats/").content.decode()
    for other in (_signed_up("lee"), Client()):
        assert "no-stats" in other.get("/me/stats/").content.decode()


def test_a_computer_seat_is_nobodys(run_commits) -> None:
    game = start_game(Client(), run_commits)
    computer = game.seats.get(index=1)
    computer.device_key = "x" * 32
    computer.save()
    intruder = Client()
    intruder.cookies[COOKIE_NAME] = signed("x" * 32)
    assert intruder.get(f"/tile-rummy/g/{game.id}/").status_code == 404
    assert draw(intruder, game, nullcontext).status_code == 404
