"""Table talk's rows: what was said, reports of it, per-table mutes and staff timeouts.

A message belongs to one channel: a game's table (``game``) or a tournament's page
(``tournament``), exactly one of them. The tournament is named by a string reference
("tournaments.Tournament"), never imported: talk sits below tournaments, which decides
who reads and writes there; the key only lets a finished event's talk be deleted with
it (and 30 days after it).

A message stores only what its writer typed (or a phrase's key), the seat it came
from and a name for spectators: nothing of the game's state, so it can never carry
hidden information. Phrases are stored as keys and shown in the reader's language.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class Channel(models.TextChoices):
    """Players talk at the table; spectators among themselves (players don't read it in play)."""

    PLAYERS = "players", _("Players")
    SPECTATORS = "spectators", _("Spectators")
    TOURNAMENT = "tournament", _("Tournament")


# Exactly one place per row: a table or a tournament.
ONE_PLACE = models.Q(game__isnull=False, tournament__isnull=True) | models.Q(
    game__isnull=True, tournament__isnull=False
)


class Message(models.Model):
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    channel = models.CharField(max_length=16, choices=Channel.choices)
    author_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    author_device = models.CharField(max_length=64, blank=True)
    # The writer's seat at the table; None for a spectator (named by ``author_name``).
    seat_index = models.PositiveSmallIntegerField(null=True, blank=True)
    author_name = models.CharField(max_length=40, blank=True)
    phrase = models.CharField(max_length=24, blank=True)
    text = models.CharField(max_length=140, blank=True)
    # Copied from the game: a correspondence table keeps its talk for the game's life.
    correspondence = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        indexes = [
            models.Index(fields=["game", "channel", "id"], name="talk_game_channel_id"),
            models.Index(fields=["tournament", "id"], name="talk_tournament_id"),
        ]
        constraints = [models.CheckConstraint(condition=ONE_PLACE, name="talk_message_one_place")]

    def __str__(self) -> str:
        return f"{self.channel} message {self.pk} at {self.game_id or self.tournament_id}"


class Report(models.Model):
    """A message sent to the review queue, with the ten around it as they read then."""

    message = models.ForeignKey(
        Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="reports"
    )
    game_id = models.UUIDField(null=True, blank=True)  # the table's, or
    tournament_id = models.PositiveIntegerField(null=True, blank=True)  # the event's
    said = models.CharField(max_length=140)
    reported_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    reported_device = models.CharField(max_length=64, blank=True)
    reporter_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    reporter_device = models.CharField(max_length=64, blank=True)
    # [{"id", "name", "said", "at", "reported"}], oldest first: the queue's evidence even
    # after the messages themselves are deleted.
    context = models.JSONField(default=list)
    reviewed = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["reviewed", "-created"]

    def __str__(self) -> str:
        return f"report of message {self.message_id}"


class Mute(models.Model):
    """One person no longer reads another at one table (or in one tournament's talk)."""

    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    muter_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    muter_device = models.CharField(max_length=64, blank=True)
    muted_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    muted_device = models.CharField(max_length=64, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.CheckConstraint(condition=ONE_PLACE, name="talk_mute_one_place")]


class Timeout(models.Model):
    """Staff silenced a person until ``until``; they see why and until when."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    device_key = models.CharField(max_length=64, blank=True, db_index=True)
    until = models.DateTimeField()
    reason = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"timeout until {self.until:%Y-%m-%d %H:%M}"
