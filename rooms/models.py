"""Rooms: a named table of seats for any catalogue game, played online between people.

A room has two random handles. ``code`` is the invite: whoever holds it may see
the room and sit down, so it is long enough (16 base32 characters, 80 bits) that
guessing one is hopeless, and it appears only on the room's own page, for its
members. ``public_id`` is what the lobby links by; for a private room that link
answers 404 to anyone not seated, so listing or walking it reveals nothing.

The host is an account or a guest device, like a seat owner (games.access).
Each game the room deals is kept in ``RoomGame``, so a table's "room" link
still finds its room after a rematch.
"""

from __future__ import annotations

import base64
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from games.models import Game

CODE_LENGTH = 16
PUBLIC_ID_LENGTH = 12
# The name quick match gives the rooms it makes: kept in English, shown in the reader's.
QUICK_MATCH_NAME = gettext_noop("Quick match")
# The name of a tournament's table rooms (tournaments.services), likewise.
TOURNAMENT_NAME = gettext_noop("Tournament")


def _random_base32(length: int) -> str:
    raw = secrets.token_bytes(length)  # more than enough bits; trimmed below
    return base64.b32encode(raw).decode("ascii").rstrip("=").lower()[:length]


def new_code() -> str:
    """The invite code: 16 base32 characters from ``secrets`` (80 random bits)."""
    return _random_base32(CODE_LENGTH)


def new_public_id() -> str:
    """The lobby's handle for a room: random too, so ids can't be walked."""
    return _random_base32(PUBLIC_ID_LENGTH)


class RoomStatus(models.TextChoices):
    """The label is shown in the lobby, in the reader's language."""

    WAITING = "waiting", gettext_lazy("Waiting for players")
    PLAYING = "playing", gettext_lazy("Playing")
    CLOSED = "closed", gettext_lazy("Closed")


class SeatKind(models.TextChoices):
    EMPTY = "empty", "Empty"
    PERSON = "person", "Person"
    COMPUTER = "computer", "Computer"
    PROGRAM = "program", "Program"


class Room(models.Model):
    code = models.CharField(max_length=32, unique=True, default=new_code)
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    name = models.CharField(max_length=40)
    kind = models.CharField(max_length=32)
    # The game's own options (its room adapter's form); the seat count is separate.
    options = models.JSONField(default=dict)
    seat_count = models.PositiveSmallIntegerField()
    listed = models.BooleanField(default=False)
    host_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    host_device = models.CharField(max_length=64, blank=True)
    status = models.CharField(
        max_length=16, choices=RoomStatus.choices, default=RoomStatus.WAITING, db_index=True
    )
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["listed", "status", "-created"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.kind}, {self.get_status_display()})"

    @property
    def shown_name(self) -> str:
        """The name as typed; the ones quick match and tournaments give their rooms in the
        reader's language."""
        return gettext(self.name) if self.name in (QUICK_MATCH_NAME, TOURNAMENT_NAME) else self.name


class RoomSeat(models.Model):
    """One seat: empty, a person (account or guest device), a computer at a level, or a program."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=16, choices=SeatKind.choices, default=SeatKind.EMPTY)
    table_name = models.CharField(max_length=40, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    device_key = models.CharField(max_length=64, blank=True, db_index=True)
    computer_level = models.CharField(max_length=16, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "index"], name="unique_room_seat_index"),
        ]
        ordering = ["index"]

    @property
    def is_person(self) -> bool:
        return self.kind == SeatKind.PERSON

    @property
    def is_program(self) -> bool:
        return self.kind == SeatKind.PROGRAM

    @property
    def is_empty(self) -> bool:
        return self.kind == SeatKind.EMPTY

    def __str__(self) -> str:
        return f"{self.table_name or self.get_kind_display()} (seat {self.index})"


class RoomGame(models.Model):
    """A game a room dealt (the first and every rematch): how a table finds its room."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="games")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.game_id} in {self.room_id}"


class Suspension(models.Model):
    """Staff suspended this player (from a table-name report): no new rooms or seats for them."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    device_key = models.CharField(max_length=64, blank=True, db_index=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"suspension of {self.user_id or 'a guest device'}"


class SeatReport(models.Model):
    """A table name someone reported, for a person to review in the admin.

    The name is kept as it was shown; the reported person is known by account
    or device (never shown to the reporter), so "Suspend this player" can reach
    every table they sit at. Nothing here changes a game.
    """

    room = models.ForeignKey(Room, null=True, blank=True, on_delete=models.SET_NULL)
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL)
    seat_index = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    reported_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported_device = models.CharField(max_length=64, blank=True)
    reporter_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reporter_device = models.CharField(max_length=64, blank=True)
    reviewed = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["reviewed", "-created"]
        indexes = [models.Index(fields=["reviewed", "created"])]

    def __str__(self) -> str:
        return f"report of table name {self.name!r}"
