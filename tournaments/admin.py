"""Staff's view of tournaments: the events and their entries (changes go through services)."""

from __future__ import annotations

from django.contrib import admin

from tournaments.models import Entry, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    can_delete = False
    fields = ("user", "points_sixths", "games", "wins", "streak", "abandons", "paused",
              "withdrawn", "withdrawn_because", "final_rank")  # fmt: skip
    readonly_fields = fields


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("pk", "kind", "format", "name", "slot", "starts_at", "status", "seats")
    list_filter = ("status", "format", "kind", "access")
    search_fields = ("name", "slot_key")
    readonly_fields = ("version", "round_no", "round_started", "round_ended", "started_at",
                       "finished_at", "created")  # fmt: skip
    inlines = [EntryInline]
