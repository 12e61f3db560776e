"""Staff can see and delete personal access tokens (never their clear value: it isn't kept)."""

from django.contrib import admin

from api.models import AccessToken


@admin.register(AccessToken)
class AccessTokenAdmin(admin.ModelAdmin):
    list_display = ("name", "prefix", "user", "scopes", "created", "last_used")
    search_fields = ("name", "prefix", "user__username")
    readonly_fields = ("user", "prefix", "digest", "scopes", "created", "last_used")
    fields = ("name", *readonly_fields)

    def has_add_permission(self, request: object) -> bool:
        return False  # tokens are made on the owner's own page, shown to them once
