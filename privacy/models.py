"""What privacy keeps: the names of closed accounts, held back from everyone for a while.

Only the look-alike key (``leaderboards.names.name_key``) and the name as it
was are kept, with the moment the hold ends: nothing links the row to the
closed account, so it says only "this name was someone's until recently".
"""

from __future__ import annotations

from django.db import models


class ReservedName(models.Model):
    """A closed account's name (or a look-alike of it) nobody may take before ``expires``."""

    name_key = models.CharField(max_length=40, unique=True)
    name = models.CharField(max_length=150)
    expires = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.name} (held until {self.expires:%Y-%m-%d})"
