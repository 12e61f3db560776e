"""What accounts keeps about players: saves, finished-game records and streaks.

Sign-in itself is django.contrib.auth + allauth. Everything here is owned the
same way a seat is: by an account (``user``) or, for a guest, by the signed
device key. A guest's rows move to the account when that device signs in
(accounts.merge); nothing is ever written from numbers a browser sent.
"""

from __future__ import annotations

from datetime import datetime
from typing import Self

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.models import Game, Seat


class SavedGame(models.Model):
    """One person's save of one game: the slot it fills and when it was last saved.

    There is one save slot per game kind and mode (``accounts.saves.slot_key``).
    When several of a player's games share a slot, the newest ``saved_at`` wins:
    it is the one offered to continue; the others stay in the history.
    The owner is the seat's owner, so moving a seat moves its save.
    """

    seat = models.OneToOneField(
        Seat, on_delete=models.CASCADE, primary_key=True, related_name="saved"
    )
    slot = models.CharField(max_length=64)
    saved_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["slot", "saved_at"])]

    def __str__(self) -> str:
        return f"{self.slot} save of seat {self.seat_id} at {self.saved_at:%Y-%m-%d %H:%M}"


class Outcome(models.TextChoices):
    WON = "won", _("Won")
    LOST = "lost", _("Lost")
    ABANDONED = "abandoned", _("Abandoned")
    # Online: the house played part of the seat, so the win is shown but not counted (RULINGS).
    HOUSE_WIN = "house_win", _("Won with the house's help (not counted)")


class GameRecord(models.Model):
    """The result of one game for one person, written by the server when it ends.

    Stats are counted from these rows only. ``device_key`` is kept for the
    record even once the row belongs to an account.
    """

    game = models.ForeignKey(Game, null=True, on_delete=models.SET_NULL, related_name="records")
    seat_index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    device_key = models.CharField(max_length=64, blank=True, db_index=True)
    kind = models.CharField(max_length=32)
    level = models.CharField(max_length=16, blank=True)
    outcome = models.CharField(max_length=16, choices=Outcome.choices)
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [
            # A game's end is recorded once per seat, however often a signal fires.
            models.UniqueConstraint(fields=["game", "seat_index"], name="one_record_per_seat"),
        ]
        indexes = [models.Index(fields=["user", "kind"]), models.Index(fields=["device_key"])]
        ordering = ["-finished_at"]

    @property
    def won(self) -> bool:
        return self.outcome == Outcome.WON

    def __str__(self) -> str:
        return f"{self.kind} {self.outcome} at {self.finished_at:%Y-%m-%d %H:%M}"


class Streak(models.Model):
    """A run of results for one owner under one key, e.g. ``wins:<kind>``.

    Kept as running numbers rather than recomputed from records, so merging a
    guest's streak into an account follows a stated rule (``absorb``) instead
    of interleaving two histories. The daily challenge adds its own keys.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    device_key = models.CharField(max_length=64, blank=True)
    key = models.CharField(max_length=64)
    current = models.PositiveIntegerField(default=0)
    best = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"], condition=Q(user__isnull=False), name="one_streak_per_user"
            ),
            models.UniqueConstraint(
                fields=["device_key", "key"],
                condition=Q(user__isnull=True),
                name="one_streak_per_guest",
            ),
        ]

    def extend(self, won: bool, at: datetime) -> None:
        """Count one more result: a win extends the run, anything else ends it."""
        self.current = self.current + 1 if won else 0
        self.best = max(self.best, self.current)
        self.last_played_at = at

    def absorb(self, other: Self) -> None:
        """Merge ``other`` (a guest's streak) in: best of both; current from the latest play."""
        self.best = max(self.best, other.best)
        if other.last_played_at and (
            self.last_played_at is None or other.last_played_at > self.last_played_at
        ):
            self.current = other.current
            self.last_played_at = other.last_played_at

    def __str__(self) -> str:
        return f"{self.key}: {self.current} (best {self.best})"
