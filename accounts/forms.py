"""allauth form overrides: a sign-in code goes only to an address the account has proved.

Sign-in by e-mailed code (``ACCOUNT_LOGIN_BY_CODE_ENABLED``) is the owner's way
past the password delays a stranger can run up (``accounts.throttle``): the
code goes to the owner's mailbox and is tied to the browser that asked for it,
so nobody else can spend it. allauth looks addresses up whether they are
verified or not; an unverified address may be a typo that belongs to someone
else, who must never get a code for this account. So such a request is
answered exactly like one for an unknown address (allauth's "no account" mail,
no hint on the page), and the pages say that codes need a verified address.

Nor may a stranger block it: allauth's own limit counts requests per address
*for everyone* (3 a minute), so anyone knowing the address could keep the owner
from getting a code. That per-address count is off in settings; here it is kept
per address *and* client (``request_login_code_here``), as the password delays
are, so a stranger's requests only slow the stranger down.
"""

from __future__ import annotations

from allauth.account.forms import RequestLoginCodeForm
from allauth.account.models import EmailAddress
from allauth.core import context, ratelimit
from django import forms
from django.utils.translation import gettext as _

from core.callers import client_address

# The ACCOUNT_RATE_LIMITS entry for code requests per e-mail address and client.
PER_CLIENT_ACTION = "request_login_code_here"


class VerifiedLoginCodeForm(RequestLoginCodeForm):
    """allauth's request-a-code form, for verified addresses only, limited per client."""

    def clean_email(self) -> str:
        email = super().clean_email()
        request = context.request
        key = f"{email.lower()}|{client_address(request)}"
        if email and not ratelimit.consume(request, action=PER_CLIENT_ACTION, key=key):
            raise forms.ValidationError(
                _("Too many codes asked for from here. Please wait a minute and try again."),
                code="too_many_login_attempts",
            )
        user = getattr(self, "_user", None)
        if user is not None and not _verified(user, email):
            self._user = None
        return email


def _verified(user: object, email: str) -> bool:
    """Whether ``email`` is one of ``user``'s addresses and has been verified."""
    return EmailAddress.objects.filter(user=user, email__iexact=email, verified=True).exists()
