"""API tokens and the password: a change keeps them but says so and offers to revoke them all;
a reset (the password was lost or stolen) revokes them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client

from api.models import AccessToken
from tests.api.conftest import Call, token_for
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-runs-42"  # tests/api/conftest.py's accounts
NEW_PASSWORD = "a-brand-new-pass-77"
NOTICE = 'data-testid="tokens-after-password-change"'


def _change_password(browser: Client) -> Any:
    form = {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    return browser.post("/accounts/password/change/", form, follow=True)


def test_after_a_password_change_the_page_says_tokens_still_work_and_revokes_them_all(
    user: Any, call: Call
) -> None:
    token = token_for(user)
    browser = signed_in(user)
    page = _change_password(browser)
    html = page.content.decode()
    assert page.redirect_chain and user.__class__.objects.get(pk=user.pk).check_password(
        NEW_PASSWORD
    )
    assert NOTICE in html and "still work" in html
    assert 'action="/api/tokens/revoke-all/"' in html and "Revoke all tokens" in html
    assert call("GET", "/games", token)[0] == 200  # the change alone leaves the token working
    assert NOTICE in browser.get("/api/tokens/").content.decode()

    done = browser.post("/api/tokens/revoke-all/", follow=True)
    assert done.redirect_chain[-1][0] == "/api/tokens/"
    assert "1 token revoked" in done.content.decode() and NOTICE not in done.content.decode()
    assert call("GET", "/games", token)[0] == 401
    assert not AccessToken.objects.filter(user=user).exists()
    assert NOTICE not in browser.get("/accounts/password/change/").content.decode()


def test_a_password_change_without_tokens_says_nothing_about_them(user: Any) -> None:
    assert NOTICE not in _change_password(signed_in(user)).content.decode()


def test_revoke_all_touches_only_the_callers_tokens_and_needs_a_post(
    user: Any, other_user: Any, call: Call
) -> None:
    mine, theirs = token_for(user), token_for(other_user)
    token_for(user)
    browser = signed_in(user)
    assert 'data-testid="revoke-all"' in browser.get("/api/tokens/").content.decode()
    assert browser.get("/api/tokens/revoke-all/").status_code == 405
    assert Client().post("/api/tokens/revoke-all/").status_code == 302  # to sign in
    assert AccessToken.objects.count() == 3
    browser.post("/api/tokens/revoke-all/")
    assert call("GET", "/games", mine)[0] == 401 and call("GET", "/games", theirs)[0] == 200


def test_a_password_reset_revokes_every_token(user: Any, other_user: Any, call: Call) -> None:
    user.email = "robo@example.com"
    user.save()
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    token, theirs = token_for(user), token_for(other_user)
    browser = Client()
    browser.post("/accounts/password/reset/", {"email": user.email})
    (message,) = mail.outbox
    link = re.search(r"https?://testserver(/accounts/password/reset/key/\S+)", message.body)
    assert link, message.body
    form = browser.get(link.group(1), follow=True)
    done = browser.post(
        form.redirect_chain[-1][0],
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        follow=True,
    )
    assert done.status_code == 200
    assert user.__class__.objects.get(pk=user.pk).check_password(NEW_PASSWORD)
    assert "API tokens were revoked" in done.content.decode()
    assert call("GET", "/games", token)[0] == 401
    assert call("GET", "/games", theirs)[0] == 200  # another account's token is untouched
