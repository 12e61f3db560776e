"""Middleware that gives every request a guest device key (see accounts.device)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase

from .device import new_device_key, read_device_key, set_device_cookie


class DeviceMiddleware:
    """Set ``request.device_key``; issue a new signed cookie when there was no valid one.

    Every request gets a key, so views can always tell which guest is playing
    without a database hit. The cookie is only written when a key is new, so
    ordinary responses stay cacheable and cookie-free.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        key = read_device_key(request)
        issued = key is None
        if key is None:
            key = new_device_key()
        request.device_key = key  # type: ignore[attr-defined]
        response = self.get_response(request)
        if issued:
            set_device_cookie(response, key)
        return response
