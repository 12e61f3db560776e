"""The refusals a change to a game may end in (each names the HTTP status to answer with)."""

from __future__ import annotations

from typing import Any

from django.utils.formats import date_format
from django.utils.translation import gettext as _


class ServiceError(Exception):
    """A refusal the page can show; ``status`` is the HTTP status to answer with."""

    status = 400

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class StaleVersion(ServiceError):
    status = 409


class NotAllowed(ServiceError):
    status = 403


class IllegalMove(ServiceError):
    status = 422


class Paused(ServiceError):
    """The host paused the table: nothing moves (and no clock runs) until they resume."""

    status = 409

    def __init__(self, until: Any) -> None:
        when = date_format(until, "d M Y, H:i")  # "05 Dec 2026, 14:00", in the reader's words
        super().__init__(_("Paused by the host until %(when)s UTC.") % {"when": when}, "paused")


class TooSoon(ServiceError):
    """An action held back while a timed window is open (the engine's ``hold_seconds``)."""

    status = 409


def _stale() -> StaleVersion:
    return StaleVersion(
        _("The game moved on since this page was drawn; here is the current table."), "stale"
    )
