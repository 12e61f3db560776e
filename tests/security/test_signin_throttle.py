"""Findings 1-3: sign-in protection that slows guessing without locking out the owner,
keys on the real client behind a proxy, and also guards the admin's sign-in."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory, override_settings

from accounts import throttle
from accounts.known_device import COOKIE_NAME as KNOWN_COOKIE
from core.callers import client_address
from tests.security.conftest import PASSWORD, Clock, sign_in

pytestmark = pytest.mark.django_db


def signed_in(response) -> bool:
    return response.status_code == 302 and response.wsgi_request.user.is_authenticated


def _attack(name: str, rounds: int, clock: Clock, address: str = "203.0.113.9") -> None:
    """Wrong passwords from one place, waiting out each delay, as a patient attacker would."""
    attacker = Client(REMOTE_ADDR=address)
    for _ in range(rounds):
        clock.advance(throttle.policy(throttle.NAME).cap + 1)
        sign_in(attacker, name, "not-the-password")


def test_finding_1_the_owner_still_gets_in_from_a_browser_that_signed_in_before(
    django_user_model: type, clock: Clock
) -> None:
    django_user_model.objects.create_user(username="kim", password=PASSWORD)
    laptop = Client()
    assert signed_in(sign_in(laptop, "kim"))
    assert KNOWN_COOKIE in laptop.cookies
    laptop.post("/accounts/logout/")
    _attack("kim", 30, clock)  # every delay waited out: the name never cools down
    stranger = sign_in(Client(REMOTE_ADDR="198.51.100.7"), "kim")
    assert not signed_in(stranger) and "Please wait" in stranger.content.decode()
    assert signed_in(sign_in(laptop, "kim"))  # the owner's own browser is not kept out


def test_finding_1_it_is_a_delay_not_a_lock(django_user_model: type, clock: Clock) -> None:
    django_user_model.objects.create_user(username="kim", password=PASSWORD)
    _attack("kim", 8, clock)
    phone = Client(REMOTE_ADDR="198.51.100.7")
    assert "Please wait" in sign_in(phone, "kim").content.decode()
    clock.advance(throttle.policy(throttle.NAME).cap)
    assert signed_in(sign_in(phone, "kim"))  # after the wait, the right password works


def test_finding_1_delays_grow_and_are_capped() -> None:
    rule = throttle.Delay(free=5, base=15, cap=900, reset=86400)
    waits = [rule.after(n) for n in range(1, 13)]
    assert waits[:5] == [0] * 5
    assert waits[5:9] == [15, 30, 60, 120]
    assert max(waits) == 900


def test_finding_1_a_known_browser_is_still_slowed_by_its_own_wrong_guesses(
    django_user_model: type, clock: Clock
) -> None:
    django_user_model.objects.create_user(username="kim", password=PASSWORD)
    laptop = Client()
    assert signed_in(sign_in(laptop, "kim"))
    laptop.post("/accounts/logout/")
    for _ in range(6):
        sign_in(laptop, "kim", "wrong")
    assert "Please wait" in sign_in(laptop, "kim").content.decode()


@override_settings(TRUSTED_PROXY_COUNT=1, ALLAUTH_TRUSTED_PROXY_COUNT=1)
def test_finding_2_behind_a_proxy_one_client_does_not_slow_down_the_others(
    django_user_model: type, clock: Clock
) -> None:
    django_user_model.objects.create_user(username="lee", password=PASSWORD)
    proxy = "10.0.0.2"  # every request reaches gunicorn from the proxy
    attacker = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.9")
    for i in range(40):
        sign_in(attacker, f"someone{i}", "guess")
    assert "Please wait" in sign_in(attacker, "lee").content.decode()  # the guesser is slowed
    lee = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert signed_in(sign_in(lee, "lee"))


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_finding_2_the_client_address_is_the_proxys_last_entry() -> None:
    factory = RequestFactory()
    forged = factory.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.9")
    assert client_address(forged) == "203.0.113.9"  # a forged first hop is ignored
    bypass = factory.get("/", REMOTE_ADDR="192.0.2.1")
    assert client_address(bypass) == "192.0.2.1"
    junk = factory.get("/", REMOTE_ADDR="192.0.2.1", HTTP_X_FORWARDED_FOR="not-an-ip")
    assert client_address(junk) == "192.0.2.1"


def test_finding_2_with_no_trusted_proxy_the_header_is_ignored() -> None:
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.1", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert client_address(request) == "192.0.2.1"


def test_finding_3_the_admin_sign_in_goes_through_the_same_protection(
    django_user_model: type, clock: Clock
) -> None:
    django_user_model.objects.create_superuser(username="boss", password=PASSWORD)
    attacker = Client()
    for _ in range(40):
        attacker.post("/admin/login/", {"username": "boss", "password": "wrong"})
    response = attacker.post("/admin/login/", {"username": "boss", "password": PASSWORD})
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    assert not attacker.get("/admin/").wsgi_request.user.is_authenticated
    for _ in range(40):  # the admin signs in on the site's page, which slows guessing
        sign_in(attacker, "boss", "wrong")
    assert "Please wait" in sign_in(attacker, "boss").content.decode()
    owner = Client()
    clock.advance(throttle.policy(throttle.NAME).cap + 1)
    assert signed_in(sign_in(owner, "boss"))
    assert owner.get("/admin/").status_code == 200
