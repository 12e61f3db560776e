"""Reviews in the admin: to look at one, or delete it so it is worked out again."""

from django.contrib import admin

from reviews.models import Review


@admin.register(Review)
class ReviewAdmin(admin.ModelAdmin):
    list_display = ("game", "seat_index", "round_no", "status", "updated")
    list_filter = ("status",)
    readonly_fields = ("game", "seat_index", "round_no", "created", "updated")
