"""How far a person is in each game's guided first game: one row per person and game.

A person is an account, or a guest's device (its device key) until they sign in, when
the device's rows join the account (``tutorials.signals``). The row points at the guided
game being played, so the table can be resumed on any of the person's devices.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Status(models.TextChoices):
    STARTED = "started", "Started"  # a guided game is being played (``game``)
    DONE = "done", "Done"  # walked to its end (``done_at``: the first time)
    SKIPPED = "skipped", "Skipped"  # left with Skip before its end
    DISMISSED = "dismissed", "Dismissed"  # the setup page's offer waved away, never started


class Progress(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    device_key = models.CharField(max_length=64, blank=True, db_index=True)
    kind = models.CharField(max_length=32)
    status = models.CharField(max_length=16, choices=Status.choices)
    # The guided game being (or last) played; gone when a guest's old games are cleaned up.
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL)
    # When it was first walked to its end: it stays done when played again or skipped later.
    done_at = models.DateTimeField(null=True, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind"], condition=Q(user__isnull=False), name="one_per_account"
            ),
            models.UniqueConstraint(
                fields=["device_key", "kind"],
                condition=Q(user__isnull=True),
                name="one_per_device",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.status} ({self.user_id or self.device_key[:8]})"
