"""Admin views of ratings (read-only: they change only when games end) and of the social rows."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from players.models import Block, Challenge, Follow, Rating, RatingChange


class ReadOnly(admin.ModelAdmin):
    """Written by the game that ended; ``recompute_ratings --write`` is the only repair."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ["user", "kind", "mu", "sigma", "games", "last_played"]
    list_filter = ["kind"]
    search_fields = ["user__username"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = ["user", "kind", "seq", "game", "place", "team", "mu", "sigma", "created"]
    list_filter = ["kind"]
    search_fields = ["user__username"]


@admin.register(Follow, Block)
class PairAdmin(admin.ModelAdmin):
    list_display = ["__str__", "created"]


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ["sender", "recipient", "kind", "status", "created", "answered"]
    list_filter = ["status", "kind"]
