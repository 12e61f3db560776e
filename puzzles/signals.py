"""Sign-in and sign-up receivers (connected in PuzzlesConfig.ready): the guest's puzzles join."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_signed_up
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from .merge import adopt_guest_solver


@receiver(user_logged_in, dispatch_uid="puzzles.adopt_on_login")
@receiver(user_signed_up, dispatch_uid="puzzles.adopt_on_signup")
def adopt_device_solver(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    device_key = getattr(request, "device_key", "")
    if device_key:
        adopt_guest_solver(user.pk, device_key)
