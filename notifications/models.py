"""Per-account notification choices, push subscriptions per device, and what was sent.

Why a row per notice: "never more than one per game per move" must hold across
retries, several workers and both channels, so the decision to tell a seat is
written once (unique per game, seat and version) before anything is delivered.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class NotificationSettings(models.Model):
    """What a player wants to hear about. Defaults: on at correspondence tables, off at live."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    email_correspondence = models.BooleanField(default=True)
    email_live = models.BooleanField(default=False)
    push_correspondence = models.BooleanField(default=True)
    push_live = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"notification settings of user {self.user_id}"

    def wants(self, channel: str, correspondence: bool) -> bool:
        """Whether this channel ("email" or "push") is on for a table of that pace."""
        return bool(getattr(self, f"{channel}_{'correspondence' if correspondence else 'live'}"))


class PushSubscription(models.Model):
    """One browser (device) that allowed notifications: the push service's address and keys."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    # "Firefox on Android" (notifications.devices), so the settings page can list it by name.
    browser = models.CharField(max_length=60, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"push subscription {self.pk} of user {self.user_id}"

    def as_info(self) -> dict[str, object]:
        """The subscription as pywebpush takes it (the browser's PushSubscription.toJSON())."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class TurnNotice(models.Model):
    """A seat was told "your turn" at this version of the game (at most once per move)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seat_index = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    email_sent = models.DateTimeField(null=True, blank=True)
    push_sent = models.PositiveSmallIntegerField(default=0)  # devices that took it

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat_index", "version"], name="one_notice_per_seat_and_move"
            )
        ]

    def __str__(self) -> str:
        return f"notice to seat {self.seat_index} of {self.game_id} at v{self.version}"


class Vacation(models.Model):
    """Days a player's own correspondence clocks stand still (up to 14 days a year)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    starts = models.DateTimeField()
    ends = models.DateTimeField(db_index=True)
    days = models.PositiveSmallIntegerField()

    def __str__(self) -> str:
        return f"vacation of user {self.user_id} until {self.ends:%Y-%m-%d}"
