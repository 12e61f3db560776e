"""Choosing the language: Accept-Language first, the footer's switch, a guest's cookie,
an account's choice following it to another device, and <html lang> on every page."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from preferences.language import language_of
from preferences.models import Preferences
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db


def html_lang(response) -> str:
    match = re.search(r'<html lang="([^"]+)" dir="(ltr|rtl)"[^>]*>', response.content.decode())
    assert match, "the page has no <html lang dir>"
    return match.group(1)


def switch(client: Client, code: str, next_page: str = "/"):
    return client.post("/i18n/setlang/", {"language": code, "next": next_page})


def test_the_browsers_accept_language_chooses_the_language_of_a_first_visit() -> None:
    assert html_lang(Client().get("/", HTTP_ACCEPT_LANGUAGE="ro-RO,ro;q=0.9,en;q=0.5")) == "ro"
    assert html_lang(Client().get("/", HTTP_ACCEPT_LANGUAGE="de-DE,en;q=0.5")) == "en"
    assert html_lang(Client().get("/", HTTP_ACCEPT_LANGUAGE="fr-FR")) == "en"  # not spoken here


def test_every_page_carries_the_switch_as_a_plain_form_to_set_language() -> None:
    page = Client().get("/privacy/").content.decode()
    form = re.search(r'<form class="language-switch" method="post" action="([^"]+)">', page)
    assert form and form.group(1) == "/i18n/setlang/"
    assert 'name="next" value="/privacy/"' in page
    for code, _ in settings.LANGUAGES:
        assert f'<option value="{code}"' in page


def test_a_guests_choice_is_kept_in_a_cookie_and_beats_accept_language() -> None:
    guest = Client()
    response = switch(guest, "ro", "/privacy/")
    assert response.status_code == 302 and response["Location"] == "/privacy/"
    assert guest.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ro"
    assert html_lang(guest.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "ro"
    switch(guest, "en")
    assert html_lang(guest.get("/", HTTP_ACCEPT_LANGUAGE="ro")) == "en"


def test_a_language_the_site_does_not_speak_changes_nothing() -> None:
    guest = Client()
    switch(guest, "ro")
    switch(guest, "xx")
    assert html_lang(guest.get("/")) == "ro"


def test_an_accounts_choice_follows_it_to_a_second_device() -> None:
    user = get_user_model().objects.create_user("ana", password="pw-123456789")
    laptop, phone = signed_in(user, "/"), signed_in(user, "/")
    switch(laptop, "ro")
    assert Preferences.objects.get(user=user).language == "ro"
    # The phone has no cookie and its browser asks for English: the account decides.
    assert html_lang(phone.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "ro"
    switch(phone, "en")
    assert html_lang(laptop.get("/", HTTP_ACCEPT_LANGUAGE="ro")) == "en"


def test_signing_in_keeps_the_language_a_guest_chose_on_this_device() -> None:
    user = get_user_model().objects.create_user("bogdan", password="pw-123456789")
    device = Client()
    switch(device, "ro")
    device.post("/accounts/login/", {"login": "bogdan", "password": "pw-123456789"})
    assert language_of(user) == "ro"
    assert html_lang(signed_in(user).get("/", HTTP_ACCEPT_LANGUAGE="en")) == "ro"


def test_an_account_that_chose_keeps_its_choice_on_a_device_set_otherwise() -> None:
    user = get_user_model().objects.create_user("carmen", password="pw-123456789")
    switch(signed_in(user), "ro")
    device = Client()
    switch(device, "en")
    device.post("/accounts/login/", {"login": "carmen", "password": "pw-123456789"})
    assert language_of(user) == "ro"
    assert html_lang(device.get("/")) == "ro"


def test_an_account_that_never_chose_is_written_to_in_the_sites_default() -> None:
    user = get_user_model().objects.create_user("dan", password="pw-123456789")
    assert language_of(user) == settings.LANGUAGE_CODE
