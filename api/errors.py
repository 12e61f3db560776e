"""The API's refusals: a status, a sentence a person can act on, and a stable code.

Every refusal has the same body, ``{"detail": ..., "code": ...}`` (plus
``errors`` for a form's per-field messages), so a program can branch on the
code and show the detail; the service's own refusals (``ServiceError``) are
answered with exactly the same shape and their own status.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


class ApiError(Exception):
    """A refusal raised anywhere below an endpoint; nothing has changed when it is raised."""

    def __init__(
        self, status: int, message: str, code: str, retry_after: int | None = None, **extra: Any
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.retry_after = retry_after  # seconds, for a 429's Retry-After header
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"detail": self.message, "code": self.code, **self.extra}


def no_such_game() -> ApiError:
    """The same answer for a missing game and someone else's: a stranger learns nothing."""
    return ApiError(404, _("No such game (or not one of your program's)."), "no_game")
