"""Signing in or up: a guest's language and settings on this device become the account's.

An account that has chosen already keeps its choice (it then rules this device too,
through the middleware); one that has not takes the device's, so choosing Romanian
(or large tiles, or sound on) before signing up is not lost.
"""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_signed_up
from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from preferences.feel import COOKIE, decode, is_default, save_for_account, saved_feel
from preferences.language import save_language, saved_language, supported


@receiver(user_logged_in, dispatch_uid="preferences.language_on_login")
@receiver(user_signed_up, dispatch_uid="preferences.language_on_signup")
def keep_device_language(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    if request is None or saved_language(user) is not None:
        return
    chosen = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        save_language(user, chosen)


@receiver(user_logged_in, dispatch_uid="preferences.feel_on_login")
@receiver(user_signed_up, dispatch_uid="preferences.feel_on_signup")
def keep_device_feel(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    """The settings a guest chose on this device become the account's, unless the account
    has chosen its own already (then they rule this device too)."""
    if request is None or COOKIE not in request.COOKIES or not is_default(saved_feel(user)):
        return
    chosen = decode(request.COOKIES[COOKIE])
    if not is_default(chosen):
        save_for_account(user, chosen)
