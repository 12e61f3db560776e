"""The cached review of one seat's turns in one round of one game."""

from __future__ import annotations

from django.db import models

from games.models import Game


class ReviewStatus(models.TextChoices):
    PENDING = "pending", "Being prepared"
    READY = "ready", "Ready"
    FAILED = "failed", "Could not be prepared"


class Review(models.Model):
    """One seat's round, turn by turn; ``data`` is the game's own review (tile ids, counts).

    It is computed once (a round that is over never changes), so it is kept
    for as long as the game is. ``data`` holds only what that seat could see
    at each turn: its own rack and the table.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reviews")
    seat_index = models.PositiveSmallIntegerField()
    round_no = models.PositiveIntegerField()
    status = models.CharField(
        max_length=16, choices=ReviewStatus.choices, default=ReviewStatus.PENDING
    )
    data = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat_index", "round_no"], name="unique_review_per_round"
            )
        ]

    def __str__(self) -> str:
        return f"review of seat {self.seat_index}, round {self.round_no} of {self.game_id}"
