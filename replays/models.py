"""A replay's share link: an unguessable token that makes one game's replay public.

Made by a player of the game, read-only for whoever has it, revocable; a
revoked link stays as a row (``revoked`` set) so it can never come back to
life by being made again: a new link gets a new token.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from games.models import Game


def new_token() -> str:
    """32 random bytes, URL-safe: far beyond guessing, and never derived from the game."""
    return secrets.token_urlsafe(32)


class ShareLink(models.Model):
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="share_links")
    made_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    made_by_device = models.CharField(max_length=64, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["game", "revoked"])]

    def __str__(self) -> str:
        state = "revoked" if self.revoked else "live"
        return f"share link of {self.game_id} ({state})"
