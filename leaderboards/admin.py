"""Admin: reviewing reported names, suspending them, and looking up the daily challenge.

"Suspend name" (on reports and on players) sets the name suspended and
blocks it (and its look-alikes) for good; the boards filter suspended names
at query time, so the name leaves every board at once.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from leaderboards import naming
from leaderboards.models import BlockedName, DailyChallenge, NameReport, Player


@admin.action(description="Suspend the reported name (removes it from every board)")
def suspend_reported(modeladmin: admin.ModelAdmin, request: HttpRequest, qs: QuerySet) -> None:
    players = list(Player.objects.filter(reports__in=qs).distinct())
    count = naming.suspend(players)
    qs.update(reviewed=True)
    modeladmin.message_user(request, f"Suspended {count} name(s).", messages.SUCCESS)


@admin.action(description="Mark reviewed: the name is fine")
def mark_reviewed(modeladmin: admin.ModelAdmin, request: HttpRequest, qs: QuerySet) -> None:
    count = qs.update(reviewed=True)
    modeladmin.message_user(request, f"Marked {count} report(s) reviewed.", messages.SUCCESS)


@admin.action(description="Suspend name (removes it from every board)")
def suspend_players(modeladmin: admin.ModelAdmin, request: HttpRequest, qs: QuerySet) -> None:
    count = naming.suspend(list(qs))
    NameReport.objects.filter(player__in=qs).update(reviewed=True)
    modeladmin.message_user(request, f"Suspended {count} name(s).", messages.SUCCESS)


@admin.register(NameReport)
class NameReportAdmin(admin.ModelAdmin):
    list_display = ("name", "reason", "note", "player", "reporter_user", "reviewed", "created")
    list_filter = ("reviewed", "reason")
    search_fields = ("name", "note")
    raw_id_fields = ("player", "reporter_user")
    readonly_fields = ("created",)
    actions = [suspend_reported, mark_reviewed]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("__str__", "user", "name_suspended", "daily_run", "daily_best", "daily_last")
    list_filter = ("name_suspended",)
    search_fields = ("name", "user__username")
    raw_id_fields = ("user",)
    readonly_fields = ("name_key", "device_key", "created")
    actions = [suspend_players]


@admin.register(BlockedName)
class BlockedNameAdmin(admin.ModelAdmin):
    list_display = ("name", "name_key", "created")
    search_fields = ("name", "name_key")


@admin.register(DailyChallenge)
class DailyChallengeAdmin(admin.ModelAdmin):
    """Dates only: the seed stays on the server side, even in the admin list."""

    list_display = ("date", "created")
    exclude = ("seed",)

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
