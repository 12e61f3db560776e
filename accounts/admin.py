"""Admin for saves, results and streaks: read-mostly views for support questions."""

from django.contrib import admin

from .models import GameRecord, SavedGame, Streak


@admin.register(SavedGame)
class SavedGameAdmin(admin.ModelAdmin):
    list_display = ("seat", "slot", "saved_at")
    list_filter = ("slot",)
    raw_id_fields = ("seat",)


@admin.register(GameRecord)
class GameRecordAdmin(admin.ModelAdmin):
    list_display = ("kind", "level", "outcome", "user", "device_key", "finished_at")
    list_filter = ("kind", "level", "outcome")
    raw_id_fields = ("game", "user")
    search_fields = ("user__username",)


@admin.register(Streak)
class StreakAdmin(admin.ModelAdmin):
    list_display = ("key", "user", "device_key", "current", "best", "last_played_at")
    list_filter = ("key",)
    raw_id_fields = ("user",)
    search_fields = ("user__username",)
