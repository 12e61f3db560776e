"""allauth's pages: sign up, in and out, change and reset the password, in the site's layout."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.accounts.conftest import PASSWORD, sign_in, sign_up
from tests.test_settings import load_settings

pytestmark = pytest.mark.django_db

PAGES = (
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password/reset/",
    "/me/stats/",
    "/me/games/",
)


@pytest.mark.parametrize("path", PAGES)
def test_pages_use_the_site_layout(path: str) -> None:
    html = Client().get(path).content.decode()
    assert 'class="site-header"' in html and 'href="/me/stats/">Stats<' in html
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html


def test_sign_up_with_a_username_and_no_email() -> None:
    client = Client()
    page = client.get("/accounts/signup/").content.decode()
    assert 'name="username"' in page and 'name="email"' in page
    assert re.search(r'<input[^>]*name="username"[^>]*required', page)
    assert not re.search(r'<input[^>]*name="email"[^>]*required', page)  # e-mail is optional
    assert "come with you" in page
    response = sign_up(client, "kim")
    assert response.url == "/"
    user = get_user_model().objects.get(username="kim")
    assert user.email == "" and user.check_password(PASSWORD)
    assert "kim" in client.get("/").content.decode()


def test_sign_in_and_out() -> None:
    get_user_model().objects.create_user(username="kim", password=PASSWORD)
    client = Client()
    assert sign_in(client, "kim").url == "/"
    assert client.get("/me/stats/").wsgi_request.user.is_authenticated
    assert client.post("/accounts/logout/").url == "/"
    assert not client.get("/").wsgi_request.user.is_authenticated


def test_wrong_password_is_refused_with_a_message() -> None:
    get_user_model().objects.create_user(username="kim", password=PASSWORD)
    response = sign_in(Client(), "kim", "nope")
    assert response.status_code == 200 and "not correct" in response.content.decode()


def test_change_password() -> None:
    client = Client()
    sign_up(client, "kim")
    page = client.get("/accounts/password/change/")
    assert page.status_code == 200 and 'class="site-header"' in page.content.decode()
    new = "a-brand-new-pass-77"
    response = client.post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": new, "password2": new},
    )
    assert response.status_code == 302
    assert get_user_model().objects.get(username="kim").check_password(new)


def test_reset_password_by_email() -> None:
    client = Client()
    sign_up(client, "kim", email="kim@example.com")
    client.post("/accounts/logout/")
    response = client.post("/accounts/password/reset/", {"email": "kim@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["kim@example.com"]
    # https when the site is served over https (HTTPS, on with DEBUG off), as in CI.
    link = re.search(r"https?://testserver(/accounts/password/reset/key/\S+)", mail.outbox[0].body)
    assert link
    form = client.get(link.group(1), follow=True)
    new = "a-brand-new-pass-77"
    done = client.post(form.redirect_chain[-1][0], {"password1": new, "password2": new})
    assert done.status_code == 302
    assert get_user_model().objects.get(username="kim").check_password(new)


def test_mail_goes_to_the_console_unless_smtp_is_configured(monkeypatch) -> None:
    console = load_settings(monkeypatch)
    assert console.MAILERS["default"]["BACKEND"].endswith("console.EmailBackend")
    smtp = load_settings(
        monkeypatch, EMAIL_HOST="smtp.example", EMAIL_HOST_USER="rummy", EMAIL_HOST_PASSWORD="pw"
    )
    options = smtp.MAILERS["default"]["OPTIONS"]
    assert smtp.MAILERS["default"]["BACKEND"].endswith("smtp.EmailBackend")
    assert (options["host"], options["port"], options["username"]) == ("smtp.example", 587, "rummy")
