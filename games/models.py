"""Games, their seats and the append-only move log.

The state snapshot is the engine's JSON; ``version`` counts the moves applied
and doubles as the optimistic-concurrency token every POST carries.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class GameStatus(models.TextChoices):
    ACTIVE = "active", "In progress"
    FINISHED = "finished", "Finished"
    ABANDONED = "abandoned", "Abandoned"


class Game(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=32)
    config = models.JSONField(default=dict)
    seed = models.BigIntegerField()
    state = models.JSONField()
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=16, choices=GameStatus.choices, default=GameStatus.ACTIVE)
    # Set when a computer seat must act next, so the sweep finds stalled games cheaply.
    awaiting_computer = models.BooleanField(default=False)
    # A table between people (a room's game): the online clock applies to it.
    online = models.BooleanField(default=False)
    # When the seats to act run out of time (online tables); None: no clock running.
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # The host's pause: clocks stop until then, and the table closes if not resumed.
    paused_until = models.DateTimeField(null=True, blank=True)
    # Seconds the clock had left when the table was paused, given back on resume.
    paused_clock_left = models.FloatField(null=True, blank=True)
    # The version whose turn already had the melding bonus: once a turn, even if the
    # player starts the meld over.
    meld_bonus_version = models.PositiveIntegerField(null=True, blank=True)
    # A hint was shown in this game: it is marked and kept off the leaderboards.
    hint_used = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["status", "awaiting_computer", "updated"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.id} v{self.version}"


class Seat(models.Model):
    """Who sits where: a user, a guest device, or a computer level."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    device_key = models.CharField(max_length=64, blank=True, db_index=True)
    computer_level = models.CharField(max_length=16, blank=True)
    display_name = models.CharField(max_length=40)
    # The in-progress arrangement of a meld turn; it survives a reload.
    turn_draft = models.JSONField(null=True, blank=True)
    # Online tables: the house (a computer at this level) plays a person's seat
    # while they are away; ``house_reason`` says why (left, timeouts, suspended).
    house_level = models.CharField(max_length=16, blank=True)
    house_reason = models.CharField(max_length=16, blank=True)
    # Set for good once the house played any part of the game (RULINGS: no win counts).
    house_played = models.BooleanField(default=False)
    # Turns run out in a row on the online clock; three hand the seat to the house.
    missed_turns = models.PositiveSmallIntegerField(default=0)
    # A seat played by the owner's own program through the API (never on people's boards).
    is_program = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="unique_seat_index")]
        ordering = ["index"]

    @property
    def is_computer(self) -> bool:
        return bool(self.computer_level)

    @property
    def closed(self) -> bool:
        """A person's seat whose account was closed (privacy.closing): it counts for nobody."""
        return not self.computer_level and self.user_id is None and not self.device_key

    @property
    def automated(self) -> bool:
        """Played by the site: a computer seat, or a person's seat the house holds for now."""
        return bool(self.computer_level or self.house_level)

    @property
    def level(self) -> str:
        """The level the site plays this seat at (a computer's, or the house's)."""
        return self.computer_level or self.house_level

    def __str__(self) -> str:
        return f"{self.display_name} (seat {self.index})"


class Move(models.Model):
    """One applied action. Append-only: the audit trail and the replay source."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    # The spectator view after the move: public by construction, so pages can
    # show other players' turns one at a time without replaying the log.
    public_view = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="unique_move_seq")]
        ordering = ["seq"]

    def __str__(self) -> str:
        return f"move {self.seq} of {self.game_id}"
