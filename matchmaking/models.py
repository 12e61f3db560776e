"""The quick-match queue and the spectators of each table.

``QueueEntry`` holds one row per player and lane (``owner`` and ``lane`` are
unique together: an account, or a guest device; the live lane, or the
correspondence lane, so a slow game waited for over days never stands in the
way of a live one), reused every time they press "Play someone now". The row goes
waiting → matched (with the game it was seated at) in one transaction, under
the row's lock, so no player is ever seated by two matches: a second match
would have to lock and change the same row. The queue lives in the database,
so a restart loses nobody; a waiting live row is only paired while its page
keeps polling (``last_seen``); a correspondence row waits without a page, for
days (matchmaking.queue).

``Watcher`` is one row per spectator per table, touched by the spectator's
poll; the players see how many were seen lately.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game


class EntryStatus(models.TextChoices):
    IDLE = "idle", "Not waiting"
    WAITING = "waiting", "Waiting"
    MATCHED = "matched", "Seated"
    FAILED = "failed", "Could not start"


def owner_key(user_id: int | None, device_key: str) -> str:
    """The one identity a player waits under: their account, else their guest device."""
    return f"u:{user_id}" if user_id is not None else f"d:{device_key}"


class Lane(models.TextChoices):
    """Which queue a row waits in: everyone at the screen now, or days per move."""

    LIVE = "live", "Live"
    CORRESPONDENCE = "correspondence", "Correspondence"


class QueueEntry(models.Model):
    owner = models.CharField(max_length=80)
    lane = models.CharField(max_length=16, choices=Lane.choices, default=Lane.LIVE)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    device_key = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=16, choices=EntryStatus.choices, default=EntryStatus.IDLE)
    kind = models.CharField(max_length=32, blank=True)
    seats = models.PositiveSmallIntegerField(default=2)
    options = models.JSONField(default=dict)
    # kind, seats, pace and options as one string: only entries of one pool are paired.
    pool = models.CharField(max_length=200, blank=True)
    table_name = models.CharField(max_length=40, blank=True)
    rating = models.FloatField(default=0.0)
    joined = models.DateTimeField(null=True, blank=True)
    last_seen = models.DateTimeField(null=True, blank=True)
    matched_at = models.DateTimeField(null=True, blank=True)
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "lane"], name="unique_queue_lane"),
        ]
        indexes = [models.Index(fields=["pool", "status", "joined"])]
        verbose_name_plural = "queue entries"

    def __str__(self) -> str:
        return f"{self.owner} {self.status} {self.pool}"


class Watcher(models.Model):
    """Someone watching a table without a seat (an account or a guest device)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    viewer = models.CharField(max_length=80)
    last_seen = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "viewer"], name="unique_watcher"),
        ]
        indexes = [models.Index(fields=["game", "last_seen"])]

    def __str__(self) -> str:
        return f"{self.viewer} watching {self.game_id}"
