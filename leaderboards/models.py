"""What leaderboards keeps: the daily challenge, players' names, results and board rows.

A *player* here is whoever owns seats: an account, or a guest's device
(accounts.device). Everything is written by the server when a game ends
(games.signals), never from numbers a browser sent. The boards read
maintained aggregates (``LeaderboardEntry``), one row per player, game kind,
difficulty and period, so a page is a single indexed query however many
games were played.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.models import Game


class DailyChallenge(models.Model):
    """One UTC day's board: the seed every daily attempt of that day is dealt from.

    Written by the beat task at 00:00 UTC, or by the first request of the day
    if beat was late; both derive the same seed (leaderboards.daily), so
    whichever comes first, ``date`` being unique keeps exactly one row.
    """

    date = models.DateField(unique=True)
    seed = models.BigIntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date"]

    def __str__(self) -> str:
        return f"daily challenge {self.date:%Y-%m-%d}"


def new_report_ref() -> str:
    """An unguessable reference for a player's Report link (ids would let anyone walk them)."""
    return secrets.token_urlsafe(16)


class Player(models.Model):
    """A name on the leaderboards and the owner of results: an account or a guest device.

    ``name_key`` is the impersonation-proof form of the name
    (leaderboards.names.name_key); it is unique, so two players can't take
    names that look alike. The calendar streak of cleared daily challenges
    is kept here (``daily_*``), recomputed from ``DailyClear`` rows.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="leaderboard_player",
    )
    device_key = models.CharField(max_length=64, blank=True)
    name = models.CharField(max_length=40, blank=True)
    name_key = models.CharField(max_length=40, blank=True)
    name_suspended = models.BooleanField(default=False)
    daily_run = models.PositiveIntegerField(default=0)  # the run of days ending at daily_last
    daily_best = models.PositiveIntegerField(default=0)
    daily_last = models.DateField(null=True, blank=True)
    report_ref = models.CharField(max_length=32, unique=True, default=new_report_ref)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["device_key"],
                condition=Q(user__isnull=True),
                name="one_player_per_guest_device",
            ),
            models.UniqueConstraint(
                fields=["name_key"], condition=~Q(name_key=""), name="unique_name_key"
            ),
        ]

    @property
    def placeholder(self) -> str:
        """What is shown instead of a hidden or missing name."""
        return _("Player #%(number)s") % {"number": self.pk}

    def __str__(self) -> str:
        return self.name or self.placeholder


class BlockedName(models.Model):
    """A name a person suspended: nobody may take it (or a look-alike) again."""

    name_key = models.CharField(max_length=40, unique=True)
    name = models.CharField(max_length=40)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class DailyClear(models.Model):
    """A player won the daily challenge of ``date``: a day clears once per player."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="clears")
    date = models.DateField()
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL)
    cleared_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "date"], name="one_clear_per_day"),
        ]
        ordering = ["date"]

    def __str__(self) -> str:
        return f"{self.player} cleared {self.date:%Y-%m-%d}"


class DailyAttempt(models.Model):
    """A daily challenge attempt and whose it is, so two presses can't start two.

    ``owner`` is ``u:<user id>`` or ``d:<device key>``. At most one *active*
    attempt per owner and day is a database constraint: of two simultaneous
    "Play" presses one insert fails and that press continues the other's game.
    An attempt stops being active when its game ends or is abandoned.
    """

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="daily_attempt"
    )
    owner = models.CharField(max_length=80)
    day = models.DateField()
    active = models.BooleanField(default=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "day"], condition=Q(active=True), name="one_active_daily_attempt"
            ),
        ]

    def __str__(self) -> str:
        return f"daily attempt {self.day:%Y-%m-%d} by {self.owner}"


class Result(models.Model):
    """One person's result of one ended game, counted once into the boards.

    Unique per seat, so a repeated signal can never count a game twice; the
    row is also the audit trail behind every number on a board.
    """

    game = models.ForeignKey(Game, null=True, on_delete=models.SET_NULL)
    seat_index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="results")
    kind = models.CharField(max_length=32)
    difficulty = models.CharField(max_length=16, blank=True)
    won = models.BooleanField(default=False)
    abandoned = models.BooleanField(default=False)
    points = models.IntegerField(default=0)
    daily = models.DateField(null=True, blank=True)  # the day a daily attempt counts for
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat_index"], name="one_result_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {'won' if self.won else 'lost'} {self.kind}"


class LeaderboardEntry(models.Model):
    """A player's numbers on one board: kind × difficulty × period.

    ``difficulty`` "" is "all difficulties"; ``period_key`` is ``d:YYYY-MM-DD``
    (a UTC day), ``w:YYYY-Www`` (an ISO week, UTC) or ``all``. The daily
    challenge's calendar streak uses difficulty ``daily``. Updated in the
    transaction of the move that ended the game.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="entries")
    kind = models.CharField(max_length=32)
    difficulty = models.CharField(max_length=16, blank=True)
    period_key = models.CharField(max_length=16)
    played = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    points = models.PositiveIntegerField(default=0)
    win_run = models.PositiveIntegerField(default=0)
    best_win_run = models.PositiveIntegerField(default=0)
    daily_streak = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "kind", "difficulty", "period_key"], name="one_entry_per_board"
            ),
        ]
        indexes = [
            models.Index(
                fields=["kind", "difficulty", "period_key", "-wins", "player"], name="lb_wins"
            ),
            models.Index(
                fields=["kind", "difficulty", "period_key", "-points", "player"], name="lb_points"
            ),
            models.Index(
                fields=["kind", "difficulty", "period_key", "-best_win_run", "player"],
                name="lb_streak",
            ),
            models.Index(
                fields=["kind", "difficulty", "period_key", "-daily_streak", "player"],
                name="lb_daily",
            ),
        ]
        verbose_name_plural = "leaderboard entries"

    def __str__(self) -> str:
        return f"{self.player} on {self.kind}/{self.difficulty or 'all'}/{self.period_key}"


class ReportReason(models.TextChoices):
    OFFENSIVE = "offensive", _("Offensive or hateful")
    IMPERSONATION = "impersonation", _("Pretends to be someone else")
    PERSONAL = "personal", _("Shares personal information")
    OTHER = "other", _("Something else")


class NameReport(models.Model):
    """A player's report of a name they saw, for a person to review in the admin."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="reports")
    name = models.CharField(max_length=40)  # the name as it was shown, kept if it changes
    reason = models.CharField(max_length=16, choices=ReportReason.choices)
    note = models.CharField(max_length=200, blank=True)
    reporter_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    reporter_device = models.CharField(max_length=64, blank=True)
    reviewed = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["reviewed", "-created"]
        indexes = [models.Index(fields=["reviewed", "created"])]

    def __str__(self) -> str:
        return f"report of {self.name!r} ({self.get_reason_display()})"
