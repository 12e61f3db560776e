"""What players keeps: follows, blocks, challenges, ratings and their history.

Everything points at accounts (``AUTH_USER_MODEL``): guests have no rating,
no friends and no page, because none of it could follow them to another
device. A *friend* is not stored: it is two follows, one each way.

Ratings are openskill's Weng-Lin model (players.ratings): one ``Rating`` row per
account, game kind and pace (live or correspondence, players.pace) holds mu and
sigma; every rated game adds one ``RatingChange`` per rated seat, numbered per
account, kind and pace (``seq``) while
that account's rating row is locked, so the history can be replayed in the
order it was written (players.recompute).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from games.models import Game
from players.pace import CHOICES as PACES
from players.pace import LIVE

USER = settings.AUTH_USER_MODEL


class Follow(models.Model):
    """``follower`` follows ``followed``; two of these, one each way, make friends."""

    follower = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    followed = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="unique_follow"),
            models.CheckConstraint(condition=~Q(follower=F("followed")), name="no_follow_of_self"),
        ]


class Block(models.Model):
    """``blocker`` blocked ``blocked``: never paired, never in one room, no challenges."""

    blocker = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    blocked = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="unique_block"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="no_block_of_self"),
        ]
        indexes = [models.Index(fields=["blocked", "blocker"])]


class ChallengeStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for an answer")
    ACCEPTED = "accepted", _("Accepted")
    DECLINED = "declined", _("Declined")
    WITHDRAWN = "withdrawn", _("Withdrawn")


class Challenge(models.Model):
    """An invitation to one game from one account to a friend; accepting opens a room."""

    sender = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    recipient = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=32)
    status = models.CharField(
        max_length=16, choices=ChallengeStatus.choices, default=ChallengeStatus.PENDING
    )
    room = models.ForeignKey(
        "rooms.Room", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    answered = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["recipient", "status", "-created"])]


class Rating(models.Model):
    """One account's openskill rating at one game kind and pace (mu, sigma), its game count."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=32)
    pace = models.CharField(max_length=16, choices=PACES, default=LIVE)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)  # rated games so far = the last seq used
    last_played = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind", "pace"], name="unique_rating_pace")
        ]
        indexes = [models.Index(fields=["kind", "pace", "last_played"])]


class RatingChange(models.Model):
    """One rated seat of one game: where it finished, and the rating before and after.

    ``seq`` is this account's n-th rated game of this kind and pace, taken with its
    ``Rating`` row locked; ``place`` (0 = first, equal places tie) and ``team``
    are what the rating update read, so players.recompute can replay it.
    """

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=32)
    pace = models.CharField(max_length=16, choices=PACES, default=LIVE)
    seq = models.PositiveIntegerField()
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    seat_index = models.PositiveSmallIntegerField()
    team = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "pace", "seq"], name="unique_rating_pace_seq"
            ),
            models.UniqueConstraint(fields=["game", "seat_index"], name="unique_rated_seat"),
        ]
        indexes = [models.Index(fields=["user", "-created"])]
