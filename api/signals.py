"""API tokens outlive a password change: the owner is told, and a password reset revokes them.

A token is a second key to the account's program seats, independent of the
password. Someone who changes their password may be shutting out a person who
learnt it, and that person may have made a token: so after a change the
account's pages say the tokens still work and offer to revoke them all
(``TOKENS_AFTER_PASSWORD_CHANGE`` in the session, read by
``account/password_change.html`` and ``api/tokens.html``). A reset means the
password was lost or stolen, so every token goes with it, and the owner is told.
"""

from __future__ import annotations

from typing import Any

from allauth.account.signals import password_changed, password_reset, password_set
from django.contrib import messages
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.translation import gettext

from api import tokens
from api.models import AccessToken

# Session key: the account changed its password while it held API tokens.
TOKENS_AFTER_PASSWORD_CHANGE = "api_tokens_after_password_change"


@receiver(password_changed, dispatch_uid="api.tokens_after_password_change")
@receiver(password_set, dispatch_uid="api.tokens_after_password_set")
def note_tokens_after_password_change(request: HttpRequest, user: Any, **_: Any) -> None:
    """Flag the session so the pages say the tokens still work (nothing to say without any)."""
    if AccessToken.objects.filter(user=user).exists():
        request.session[TOKENS_AFTER_PASSWORD_CHANGE] = True


@receiver(password_reset, dispatch_uid="api.revoke_tokens_on_password_reset")
def revoke_tokens_on_password_reset(request: HttpRequest, user: Any, **_: Any) -> None:
    """A reset password may have been stolen: every token made with it goes too."""
    if tokens.revoke_all(user):
        messages.info(
            request,
            gettext(
                "Your API tokens were revoked with the password reset: "
                "make new ones for your programs on the API tokens page."
            ),
        )
