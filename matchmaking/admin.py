"""The quick-match queue in the admin: who waits for what, read-only (the queue changes it)."""

from django.contrib import admin

from matchmaking.models import QueueEntry


@admin.register(QueueEntry)
class QueueEntryAdmin(admin.ModelAdmin):
    list_display = ("owner", "status", "kind", "seats", "rating", "joined", "last_seen", "game")
    list_filter = ("status", "kind")
    readonly_fields = [f.name for f in QueueEntry._meta.fields]

    def has_add_permission(self, request: object) -> bool:
        return False
