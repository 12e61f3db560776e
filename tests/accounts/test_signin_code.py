"""A stranger's wrong passwords make the owner wait; an e-mailed code lets the owner in anyway.

allauth's sign-in by code (``ACCOUNT_LOGIN_BY_CODE_ENABLED``), restricted to
verified addresses (``accounts.forms``) and offered on the wait message.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.accounts.conftest import PASSWORD, sign_in

pytestmark = pytest.mark.django_db

CODE_PAGE = "/accounts/login/code/"
CONFIRM_PAGE = "/accounts/login/code/confirm/"


def _account(username: str, email: str, verified: bool) -> Any:
    user = get_user_model().objects.create_user(username, email=email, password=PASSWORD)
    EmailAddress.objects.create(user=user, email=email, verified=verified, primary=True)
    return user


def _locked_out_by_a_stranger(username: str) -> None:
    """Six wrong passwords from a stranger's browser: the name now has to wait."""
    stranger = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(6):
        sign_in(stranger, username, "not-the-password")


def _code_in(message: Any) -> str:
    """The one-time code in allauth's sign-in-code mail."""
    match = re.search(r"^\s*([A-Z0-9]{4}-[A-Z0-9]{4})\s*$", message.body, re.MULTILINE)
    assert match, message.body
    return match.group(1)


def _who(client: Client) -> Any:
    return client.get("/").wsgi_request.user


def test_the_owner_gets_in_with_an_emailed_code_while_the_name_waits() -> None:
    kim = _account("kim", "kim@example.com", verified=True)
    _locked_out_by_a_stranger("kim")
    owner = Client(REMOTE_ADDR="198.51.100.7")  # a browser that never signed in to kim
    page = sign_in(owner, "kim")
    html = page.content.decode()
    assert page.status_code == 200 and "Please wait" in html
    assert 'data-testid="signin-code-offer"' in html and f'href="{CODE_PAGE}"' in html
    assert not _who(owner).is_authenticated

    response = owner.post(CODE_PAGE, {"email": "kim@example.com"})
    assert response.status_code == 302 and response.url.startswith(CONFIRM_PAGE)
    (message,) = mail.outbox
    assert message.to == ["kim@example.com"]
    response = owner.post(CONFIRM_PAGE, {"code": _code_in(message)})
    assert response.status_code == 302
    assert _who(owner) == kim


def test_a_stranger_cannot_spend_or_block_the_owners_code() -> None:
    kim = _account("kim", "kim@example.com", verified=True)
    _locked_out_by_a_stranger("kim")
    owner, stranger = Client(REMOTE_ADDR="198.51.100.7"), Client(REMOTE_ADDR="203.0.113.9")
    owner.post(CODE_PAGE, {"email": "kim@example.com"})
    code = _code_in(mail.outbox[-1])
    stranger.post(CODE_PAGE, {"email": "kim@example.com"})  # a code of its own, to kim's mailbox
    for guess in (
        "AAAA-AAAA",
        "BBBB-BBBB",
        "CCCC-CCCC",
        code,
    ):  # wrong guesses, then the owner's code
        stranger.post(CONFIRM_PAGE, {"code": guess})
    assert not _who(stranger).is_authenticated  # the owner's code is tied to the owner's browser
    owner.post(CONFIRM_PAGE, {"code": code})
    assert _who(owner) == kim


def test_an_unverified_address_gets_no_code_and_the_pages_say_so() -> None:
    _account("lee", "lee@example.com", verified=False)
    _locked_out_by_a_stranger("lee")
    owner = Client(REMOTE_ADDR="198.51.100.7")
    assert "verified e-mail address" in sign_in(owner, "lee").content.decode()
    page = owner.get(CODE_PAGE).content.decode()
    assert 'data-testid="code-needs-verified"' in page and "verified" in page
    owner.post(CODE_PAGE, {"email": "lee@example.com"})  # answered as for an unknown address
    assert all(
        not re.search(r"^\s*[A-Z0-9]{4}-[A-Z0-9]{4}\s*$", m.body, re.MULTILINE) for m in mail.outbox
    )
    response = owner.post(CONFIRM_PAGE, {"code": "AAAA-AAAA"})
    assert not _who(owner).is_authenticated and response.status_code in (200, 302)


def test_no_wait_no_code_offer() -> None:
    _account("kim", "kim@example.com", verified=True)
    page = sign_in(Client(), "kim", "one-wrong-guess").content.decode()
    assert "not correct" in page and 'data-testid="signin-code-offer"' not in page


def test_a_stranger_asking_for_codes_does_not_stop_the_owner_getting_one() -> None:
    kim = _account("kim", "kim@example.com", verified=True)
    # A fresh session each time (one session waits on its own code and sends no more).
    strangers = [Client(REMOTE_ADDR="203.0.113.9") for _ in range(4)]
    answers = [s.post(CODE_PAGE, {"email": "kim@example.com"}) for s in strangers]
    assert [a.status_code for a in answers[:3]] == [302, 302, 302]
    assert answers[3].status_code == 200 and "Too many codes" in answers[3].content.decode()
    assert len(mail.outbox) == 3  # the stranger is slowed down…
    owner = Client(REMOTE_ADDR="198.51.100.7")
    assert owner.post(CODE_PAGE, {"email": "kim@example.com"}).status_code == 302
    owner.post(CONFIRM_PAGE, {"code": _code_in(mail.outbox[-1])})
    assert _who(owner) == kim  # …and the owner still gets in
