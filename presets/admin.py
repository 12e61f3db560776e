"""Presets in the admin: read-mostly, to look into a player's report."""

from django.contrib import admin

from presets.models import Preset


@admin.register(Preset)
class PresetAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "user", "device_key", "updated")
    list_filter = ("kind",)
    search_fields = ("name", "user__username")
