"""Signing in or up: a guest's language choice on this device becomes the account's.

An account that has chosen already keeps its choice (it then rules this device too,
through the middleware); one that has not takes the device's, so choosing Romanian
before signing up is not lost.
"""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_signed_up
from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from preferences.language import save_language, saved_language, supported


@receiver(user_logged_in, dispatch_uid="preferences.language_on_login")
@receiver(user_signed_up, dispatch_uid="preferences.language_on_signup")
def keep_device_language(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    if request is None or saved_language(user) is not None:
        return
    chosen = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        save_language(user, chosen)
