"""Confirming a closing: the account's password, or a code e-mailed to its verified address.

An account without a usable password (made without one, or whose password
was removed) confirms with a one-time code, sent the way sign-in codes are
(allauth's adapter makes and mails it) to a verified address only, as
``accounts.forms`` does for sign-in. The code is kept in this session only, as
a keyed hash, for ``CODE_MINUTES``; ``MAX_TRIES`` wrong codes spend it. Every
try, password or code, also counts against allauth's "reauthenticate" limit
per account, so a borrowed signed-in browser can't guess its way through.
"""

from __future__ import annotations

import time
from typing import Any

from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from allauth.core import ratelimit
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare, salted_hmac

SESSION_KEY = "privacy_close_code"
CODE_MINUTES = 15
MAX_TRIES = 5
SALT = "privacy.close-code"
MAIL_TEMPLATE = "privacy/email/close_code"


def by_code(user: Any) -> bool:
    """Whether this account confirms with an e-mailed code (it has no usable password)."""
    return not user.has_usable_password()


def code_address(user: Any) -> str | None:
    """The verified address a code goes to (the primary one first), or None."""
    rows = EmailAddress.objects.filter(user=user, verified=True).order_by("-primary", "pk")
    return rows.values_list("email", flat=True).first()


def _digest(user: Any, code: str) -> str:
    plain = "".join(ch for ch in code.upper() if ch.isalnum())
    return salted_hmac(SALT, f"{user.pk}:{plain}", algorithm="sha256").hexdigest()


def send_code(request: HttpRequest, user: Any) -> str | None:
    """Mail a fresh code to the account's verified address; returns the address, or None."""
    address = code_address(user)
    if address is None:
        return None
    adapter = get_adapter(request)
    code = adapter.generate_login_code()
    request.session[SESSION_KEY] = {
        "user": user.pk,
        "digest": _digest(user, code),
        "expires": time.time() + CODE_MINUTES * 60,
        "tries": 0,
    }
    adapter.send_mail(MAIL_TEMPLATE, address, {"code": code, "minutes": CODE_MINUTES})
    return address


def too_many_tries(request: HttpRequest) -> bool:
    """One more try at confirming is over the per-account limit (allauth's "reauthenticate")."""
    return not ratelimit.consume(request, action="reauthenticate", user=request.user)


def password_ok(user: Any, password: str) -> bool:
    return bool(password) and user.check_password(password)


def code_ok(request: HttpRequest, user: Any, code: str) -> bool:
    """The code sent to this session, in time and within its tries; a right one is spent."""
    sent = request.session.get(SESSION_KEY)
    if not isinstance(sent, dict) or sent.get("user") != user.pk or not code:
        return False
    if time.time() > sent.get("expires", 0) or sent.get("tries", 0) >= MAX_TRIES:
        request.session.pop(SESSION_KEY, None)
        return False
    if constant_time_compare(sent.get("digest", ""), _digest(user, code)):
        request.session.pop(SESSION_KEY, None)
        return True
    sent["tries"] = sent.get("tries", 0) + 1
    request.session[SESSION_KEY] = sent
    return False
