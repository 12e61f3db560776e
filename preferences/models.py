"""What a signed-in person chose for themselves, kept with the account.

A guest's choices live in cookies on their device; an account's live here so they
follow it to a phone, like saves do (the newest choice wins: there is only one row).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Preferences(models.Model):
    """One row an account, made the first time it chooses something."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    # A code from settings.LANGUAGES; blank until the person picks one (then the
    # browser's Accept-Language decides, as for a guest).
    language = models.CharField(max_length=16, blank=True)
    # Others' written messages at tables hidden for this account (quick phrases still show).
    talk_text_off = models.BooleanField(default=False)
    # How the tables look, sound and move (preferences/feel.py, the settings page). Each
    # value is one of feel.py's choices; the defaults are a new player's.
    tile_size = models.CharField(max_length=8, default="medium")
    theme = models.CharField(max_length=8, default="system")
    sound = models.BooleanField(default=False)  # off until the person turns it on
    motion = models.CharField(max_length=8, default="full")
    # "" = each game's own default (games.table_flow); else fast, normal or slow.
    computer_speed = models.CharField(max_length=8, blank=True, default="")
    confirm_draw = models.BooleanField(default=False)
    left_handed = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"preferences of {self.user_id}"
