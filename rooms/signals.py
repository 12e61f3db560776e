"""A guest who signs in (or up) keeps their room seats and the rooms they host.

The device key is replaced on that response (accounts.middleware.rotate), so
the room rows still naming it move to the account now, like the guest's game
seats (accounts.merge). A room where the account already sits keeps that seat.
"""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_signed_up
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from rooms.models import Room, RoomSeat


@receiver(user_logged_in, dispatch_uid="rooms.adopt_on_login")
@receiver(user_signed_up, dispatch_uid="rooms.adopt_on_signup")
def adopt_guest_rooms(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    key = getattr(request, "device_key", "")
    if not key:
        return
    already = RoomSeat.objects.filter(user_id=user.pk).values_list("room_id", flat=True)
    RoomSeat.objects.filter(user__isnull=True, device_key=key).exclude(room_id__in=already).update(
        user_id=user.pk, device_key=""
    )
    Room.objects.filter(host_user__isnull=True, host_device=key).update(
        host_user_id=user.pk, host_device=""
    )
