"""A preset: one player's named setup of one game, kept as the setup form's own fields.

Owned the way a save is: by an account (``user``) or, for a guest, by the
signed device key; a guest's presets join the account on sign-in
(``presets.merge``). ``data`` is what the game's setup form would have posted
(field name → submitted text), so starting from a preset replays the very same
form and the game's own rules judge it again each time.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Preset(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    device_key = models.CharField(max_length=64, blank=True, db_index=True)
    kind = models.CharField(max_length=32)
    name = models.CharField(max_length=40)
    # The name folded for comparison: "Family night" and "family NIGHT" are one preset.
    name_key = models.CharField(max_length=40)
    data = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "name_key"],
                condition=Q(user__isnull=False),
                name="one_preset_name_per_user",
            ),
            models.UniqueConstraint(
                fields=["device_key", "kind", "name_key"],
                condition=Q(user__isnull=True),
                name="one_preset_name_per_guest",
            ),
        ]
        indexes = [models.Index(fields=["user", "kind"])]
        ordering = ["kind", "name_key", "pk"]

    def __str__(self) -> str:
        return f"{self.kind}: {self.name}"
