"""A database that blinks answers 503 "try again", not a 500 error page.

The request's transaction has already been rolled back by PostgreSQL when the
connection died (nothing is half-written: a move's snapshot, log and save are
one transaction), so telling the browser to retry shortly is the honest answer.
Django closes the broken connection when the request finishes, and the next
request opens a fresh one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = 5


class DatabaseUnavailableMiddleware:
    """Turn a lost or refused database connection in a view into 503 with Retry-After."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        log.error("database unavailable during %s %s: %s", request.method, request.path, exception)
        response = HttpResponse(
            _("The game server lost its database for a moment. Nothing was saved; try again."),
            status=503,
            content_type="text/plain; charset=utf-8",
        )
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
