"""Staff can see the names held for closed accounts, and free one early if need be."""

from django.contrib import admin

from privacy.models import ReservedName


@admin.register(ReservedName)
class ReservedNameAdmin(admin.ModelAdmin):
    list_display = ("name", "expires")
    search_fields = ("name", "name_key")
    ordering = ("-expires",)
