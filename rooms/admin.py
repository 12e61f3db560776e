"""Admin: the review queue of reported table names, and suspending the players behind them.

"Suspend this player" calls ``rooms.services.suspend`` (which calls the game
service ``suspend_player``): the name leaves every table at once, the house
plays the player's remaining turns, and each room goes on for everyone else.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from rooms import services
from rooms.models import Room, RoomSeat, SeatReport, Suspension


@admin.action(description="Suspend this player (off every table; the house plays on)")
def suspend_player(modeladmin: admin.ModelAdmin, request: HttpRequest, qs: QuerySet) -> None:
    count = services.suspend(list(qs))
    modeladmin.message_user(request, f"Suspended {count} player(s).", messages.SUCCESS)


@admin.action(description="Mark reviewed: the name is fine")
def mark_reviewed(modeladmin: admin.ModelAdmin, request: HttpRequest, qs: QuerySet) -> None:
    count = qs.update(reviewed=True)
    modeladmin.message_user(request, f"Marked {count} report(s) reviewed.", messages.SUCCESS)


@admin.register(SeatReport)
class SeatReportAdmin(admin.ModelAdmin):
    list_display = ("name", "room", "seat_index", "reported_user", "reviewed", "created")
    list_filter = ("reviewed",)
    search_fields = ("name",)
    raw_id_fields = ("room", "game", "reported_user", "reporter_user")
    readonly_fields = ("created",)
    actions = [suspend_player, mark_reviewed]


class RoomSeatInline(admin.TabularInline):
    model = RoomSeat
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    """Rooms for looking up; the invite code stays out of the list (it is the room's key)."""

    list_display = ("name", "kind", "status", "listed", "seat_count", "created")
    list_filter = ("status", "listed", "kind")
    search_fields = ("name",)
    raw_id_fields = ("host_user", "game")
    exclude = ("code",)
    inlines = [RoomSeatInline]


@admin.register(Suspension)
class SuspensionAdmin(admin.ModelAdmin):
    list_display = ("user", "device_key", "created")
    raw_id_fields = ("user",)
