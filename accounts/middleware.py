"""Middleware that gives every request a guest device key (see accounts.device)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from django.http import HttpRequest, HttpResponseBase

from . import known_device
from .device import Device, new_device, read_device, set_device_cookie


class DeviceMiddleware:
    """Set ``request.device_key``; write the signed cookie when it is new, stale or rotated.

    Every request gets a key, so views can always tell which guest is playing
    without a database hit. The cookie is written only for a new key, once a
    day of use (to move its idle deadline on), and after signing up, in or out
    (``rotate``), so ordinary responses stay cookie-free. Rotation happens after
    the view, so the sign-in merge has already moved the old key's games.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        device = read_device(request)
        write = device is None or device.stale
        if device is None:
            device = new_device()
        request.device_key = device.key  # type: ignore[attr-defined]
        response = self.get_response(request)
        if getattr(request, "rotate_device", False):
            device, write = new_device(), True
        elif write:
            device = replace(device, refreshed=int(time.time()))
        if write:
            set_device_cookie(response, device)
        signed_in = getattr(request, "known_device_user", None)
        if signed_in is not None:
            known_device.remember(request, response, signed_in)
        return response


def rotate(request: HttpRequest) -> None:
    """Ask for a fresh device key on this response (signing up, in or out)."""
    request.rotate_device = True  # type: ignore[attr-defined]


__all__ = ["Device", "DeviceMiddleware", "rotate"]
