"""allauth's adapter with our sign-in throttle and proxy-aware client address.

While a delay runs, the sign-in page offers a code e-mailed to the account's
verified address (``accounts.forms``): the owner's way in that a stranger's
guesses cannot block.

allauth's own ``login_failed`` limit counts every try before checking the
password, so a stranger's guesses lock the owner out; it is turned off in
settings and this adapter asks ``accounts.throttle`` instead. allauth's other
limits (sign-up, resets, sign-in requests per address) still apply, keyed on
the same client address.
"""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import known_device, throttle
from core.callers import client_address
from leaderboards import holds, names


def _login_name(credentials: dict[str, Any]) -> str:
    return str(credentials.get("username") or credentials.get("email") or "")


def _wait_text(seconds: int) -> str:
    if seconds < 90:
        return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}
    minutes = round(seconds / 60)
    return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}


class AccountAdapter(DefaultAccountAdapter):
    """Growing delays per name and per address; a browser that signed in before skips them."""

    def get_client_ip(self, request: HttpRequest) -> str:
        """The client's address, never an error (see ``core.callers.client_address``)."""
        return client_address(request)

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """allauth's checks, then the names check: a program's seat is shown by username.

        A closed account's username is held for a while (``privacy.reserved``, asked through
        ``leaderboards.holds``).
        """
        try:
            names.refuse_impostor(username)
            holds.refuse_held(username)
        except names.InvalidName as exc:
            raise forms.ValidationError(str(exc), code="username_impostor") from exc
        return super().clean_username(username, shallow=shallow)

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        """Refuse, with how long to wait, while a delay is running; the password is not tried."""
        name = _login_name(credentials)
        known = known_device.holder_token(request, name)
        request._signin_known_token = known  # type: ignore[attr-defined]
        if known is not None:
            wait = throttle.wait_for(throttle.KNOWN, known)
        else:
            wait = max(
                throttle.wait_for(throttle.NAME, name),
                throttle.wait_for(throttle.ADDRESS, client_address(request)),
            )
        if wait:
            # The sign-in page offers the e-mailed code beside this message (login.html).
            request.signin_wait = wait  # type: ignore[attr-defined]
            raise forms.ValidationError(
                _(
                    "Too many wrong passwords. Please wait %(wait)s and try again, "
                    "or sign in with a code sent to your verified e-mail address."
                )
                % {"wait": _wait_text(wait)},
                code="too_many_login_attempts",
            )

    def authentication_failed(self, request: HttpRequest, **credentials: Any) -> None:
        """Count the wrong password where it came from: this known browser, or name and address."""
        known = getattr(request, "_signin_known_token", None)
        if known is not None:
            throttle.failed(throttle.KNOWN, known)
            return
        throttle.failed(throttle.NAME, _login_name(credentials))
        throttle.failed(throttle.ADDRESS, client_address(request))
