"""Finding 6: password-reset links use https when the site is served over https."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client, override_settings

from tests.security.conftest import PASSWORD
from tests.test_settings import load_settings

pytestmark = pytest.mark.django_db


def reset_link(client: Client) -> str:
    client.post("/accounts/password/reset/", {"email": "kim@example.com"})
    (message,) = mail.outbox
    match = re.search(r"(https?://\S+/accounts/password/reset/key/\S+)", message.body)
    assert match, message.body
    return match.group(1)


def test_finding_6_production_settings_send_https_links(monkeypatch: pytest.MonkeyPatch) -> None:
    production = load_settings(
        monkeypatch,
        DATABASE_URL="postgres://rummy:pw@db.example:5432/rummy",
        SECRET_KEY="x" * 50,
        ALLOWED_HOSTS="rummy.example",
    )
    assert production.ACCOUNT_DEFAULT_HTTP_PROTOCOL == "https"
    assert load_settings(monkeypatch).ACCOUNT_DEFAULT_HTTP_PROTOCOL == "http"  # local runserver
    plain = load_settings(
        monkeypatch, DATABASE_URL="postgres://h/db", SECRET_KEY="x" * 50, HTTPS="0"
    )
    assert plain.ACCOUNT_DEFAULT_HTTP_PROTOCOL == "http"  # a deployment without TLS says so


@override_settings(ACCOUNT_DEFAULT_HTTP_PROTOCOL="https")
def test_finding_6_the_reset_mail_link_is_https_behind_a_plain_http_proxy(
    django_user_model: type,
) -> None:
    django_user_model.objects.create_user("kim", "kim@example.com", PASSWORD)
    link = reset_link(Client())  # the test client speaks plain http, like a proxy to gunicorn
    assert link.startswith("https://")
