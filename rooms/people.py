"""Who is asking: an account when signed in, else the guest's signed device key.

The same rule as a game seat (games.access.owns_seat), so a person is the same
person in a room and at its table, from whichever device their account or
guest cookie is on. Nothing here comes from a form.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.http import HttpRequest


@dataclass(frozen=True)
class Person:
    user_id: int | None
    device_key: str

    @property
    def known(self) -> bool:
        """A request with neither an account nor a device cookie can't own anything."""
        return self.user_id is not None or bool(self.device_key)

    def owns(self, user_id: int | None, device_key: str) -> bool:
        """An owner by account; an account-less owner by device key."""
        if user_id is not None:
            return self.user_id == user_id
        return bool(self.device_key) and device_key == self.device_key

    def seat_filter(self, prefix: str = "") -> Q:
        """The rows this person owns (``user``/``device_key`` fields under ``prefix``)."""
        mine = Q(pk__in=[])
        if self.device_key:
            mine |= Q(**{f"{prefix}user__isnull": True, f"{prefix}device_key": self.device_key})
        if self.user_id is not None:
            mine |= Q(**{f"{prefix}user_id": self.user_id})
        return mine


def person(request: HttpRequest) -> Person:
    user = request.user
    if user.is_authenticated:
        return Person(int(user.pk), "")
    return Person(None, getattr(request, "device_key", ""))
