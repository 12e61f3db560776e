"""Tournaments: Arena and Swiss events of one game, their entries, tables and byes.

The rules are in the pure modules (``scoring``, ``arena_pairing``, ``swiss_pairing``);
these rows are what the app keeps of an event so its standings can be shown at once and
recomputed from its games at any time (``tournaments.standings.recompute``):

- ``Tournament``: the event: game, format, start, length (minutes or rounds), seats per
  table, rated, who may join, the fixed game options, its state, and ``version``, which
  goes up with every change its page shows (the page's waiting poll asks for a newer one).
- ``Entry``: one player in one event: points (exact, in sixths: ``scoring.in_sixths``),
  games, wins, streak, abandons, paused or withdrawn, when their page last asked (present),
  the table they are at now, their last opponents, and their final rank.
- ``Table``: one tournament game (a room's online game), with its Swiss round; ``counted``
  says whether its result counts (an Arena game that ends past the grace does not).
- ``TableSeat``: a player's seat at a table: the rating they sat down with (performance)
  and, once it ended, their place and points as counted (a streak's win doubled).
- ``Bye``: a Swiss player who sat out a round: a pairing bye (points) or absent (0).
- ``StartNotice``: "your tournament starts" told once per player and event.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class Format(models.TextChoices):
    ARENA = "arena", _("Arena")
    SWISS = "swiss", _("Swiss")


class Access(models.TextChoices):
    OPEN = "open", _("Open to everyone")
    FRIENDS = "friends", _("Friends of the creator only")
    CODE = "code", _("With an entry code")


class Status(models.TextChoices):
    SCHEDULED = "scheduled", _("Starts soon")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")
    CANCELLED = "cancelled", _("Cancelled")


class Tournament(models.Model):
    kind = models.CharField(max_length=32)
    format = models.CharField(max_length=8, choices=Format.choices)
    # A player's event: the name they typed (checked as board names are). A scheduled one
    # has none: its page names it by its slot, in the reader's language.
    name = models.CharField(max_length=40, blank=True)
    slot = models.CharField(max_length=24, blank=True)  # tournaments.schedule's slot key
    # "<kind>:<slot>:<start in UTC>": one scheduled event per slot and start, however many
    # beats (or page views) ask for it.
    slot_key = models.CharField(max_length=96, unique=True, null=True, blank=True)
    starts_at = models.DateTimeField(db_index=True)
    duration_minutes = models.PositiveSmallIntegerField(null=True, blank=True)  # Arena
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)  # Swiss
    seats = models.PositiveSmallIntegerField(default=2)  # per table, 2-4
    rated = models.BooleanField(default=True)
    access = models.CharField(max_length=8, choices=Access.choices, default=Access.OPEN)
    entry_code = models.CharField(max_length=32, blank=True)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(
        max_length=12, choices=Status.choices, default=Status.SCHEDULED, db_index=True
    )
    options = models.JSONField(default=dict)  # the game's room options, fixed for every table
    grace_seconds = models.PositiveIntegerField(default=180)  # Arena: games ending this late count
    round_no = models.PositiveSmallIntegerField(default=0)  # Swiss: the round begun last
    round_started = models.DateTimeField(null=True, blank=True)
    round_ended = models.DateTimeField(null=True, blank=True)  # every table of round_no ended
    version = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "starts_at"]),
            models.Index(fields=["kind", "status", "starts_at"]),
            models.Index(fields=["creator", "created"]),
        ]

    def __str__(self) -> str:
        return f"{self.format} {self.kind} {self.starts_at:%Y-%m-%d %H:%M} ({self.status})"

    @property
    def is_arena(self) -> bool:
        return self.format == Format.ARENA

    @property
    def ends_at(self) -> datetime | None:
        """An Arena's end (no new pairings from then); a Swiss ends with its last round."""
        if not self.is_arena or self.duration_minutes is None:
            return None
        return self.starts_at + timedelta(minutes=self.duration_minutes)

    @property
    def counts_until(self) -> datetime | None:
        """An Arena game that ends by this time counts (the end and the grace)."""
        end = self.ends_at
        return None if end is None else end + timedelta(seconds=self.grace_seconds)


class WithdrawnBecause(models.TextChoices):
    LEFT = "left", _("left the tournament")
    ABANDONS = "abandons", _("left three games")
    ABSENT = "absent", _("missed two rounds")
    SUSPENDED = "suspended", _("suspended")


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    points_sixths = models.IntegerField(default=0)  # scoring.in_sixths: exact
    games = models.PositiveIntegerField(default=0)  # counted games
    wins = models.PositiveIntegerField(default=0)
    streak = models.PositiveIntegerField(default=0)  # wins in a row (Arena)
    abandons = models.PositiveSmallIntegerField(default=0)
    paused = models.BooleanField(default=False)
    withdrawn = models.BooleanField(default=False)
    withdrawn_because = models.CharField(
        max_length=12, choices=WithdrawnBecause.choices, blank=True
    )
    last_seen = models.DateTimeField(null=True, blank=True)  # the tournament page last asked
    table = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )  # the tournament game the player is at now
    last_opponents = models.JSONField(default=list)  # user ids at their last table
    note = models.CharField(max_length=200, blank=True)  # why pairing passed them over
    final_rank = models.PositiveSmallIntegerField(null=True, blank=True)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player"),
        ]
        indexes = [
            models.Index(fields=["user", "final_rank"]),
            models.Index(fields=["tournament", "table"]),
        ]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return f"user {self.user_id} in tournament {self.tournament_id}"


class Table(models.Model):
    """One tournament game. ``counted`` is None until it ends and its result is recorded."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="+")
    round_no = models.PositiveSmallIntegerField(default=0)  # Swiss; 0 in an Arena
    started = models.DateTimeField(auto_now_add=True)
    ended = models.DateTimeField(null=True, blank=True)
    counted = models.BooleanField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["tournament", "counted"])]

    def __str__(self) -> str:
        return f"table {self.game_id} of tournament {self.tournament_id}"


class TableSeat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="seats")
    seat_index = models.PositiveSmallIntegerField()
    rating = models.FloatField(default=1000.0)  # the displayed rating they sat down with
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    left = models.BooleanField(default=False)
    house_played = models.BooleanField(default=False)
    points_sixths = models.IntegerField(null=True, blank=True)  # as counted (doubled on a streak)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "seat_index"], name="one_seat_per_index"),
        ]
        ordering = ["seat_index"]

    def __str__(self) -> str:
        return f"seat {self.seat_index} of {self.table_id}"


class ByeKind(models.TextChoices):
    PAIRING = "pairing", _("bye")
    ABSENT = "absent", _("absent")


class Bye(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="byes")
    round_no = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=ByeKind.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entry", "round_no"], name="one_bye_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} bye, round {self.round_no}, entry {self.entry_id}"


class StartNotice(models.Model):
    """Written before anything is sent, unique per event and player: told once."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    email_sent = models.DateTimeField(null=True, blank=True)
    push_sent = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_start_notice"),
        ]

    def __str__(self) -> str:
        return f"start notice to {self.user_id} for {self.tournament_id}"
