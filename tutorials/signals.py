"""tutorials' receivers (connected in TutorialsConfig.ready): a guest's progress joins the
account on sign-in, as its seats, saves and stats do (accounts.merge)."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_signed_up
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from . import progress


@receiver(user_logged_in, dispatch_uid="tutorials.adopt_on_login")
@receiver(user_signed_up, dispatch_uid="tutorials.adopt_on_signup")
def adopt_device_progress(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    device_key = getattr(request, "device_key", "")
    if device_key:
        progress.adopt_guest(user.pk, device_key)
