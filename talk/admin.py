"""Admin: the review queue of reported messages, each shown with the ten around it.

Actions: time the writer out for 15 minutes or 24 hours (they see why and until
when), suspend them as a reported name is (the house takes their seats), or
mark the report reviewed when the message was fine.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from talk import services
from talk.models import Report, Timeout

REASON = "reported"  # talk.services.REASONS: shown in the writer's language


def _timeout_action(minutes: int, label: str) -> Callable[..., None]:
    @admin.action(description=label)
    def action(modeladmin: admin.ModelAdmin, request: HttpRequest, qs: QuerySet) -> None:
        count = services.time_out(list(qs), minutes, REASON)
        modeladmin.message_user(request, f"Timed out {count} writer(s).", messages.SUCCESS)

    action.__name__ = f"time_out_{minutes}"
    return action


@admin.action(description="Suspend the writer (off every table; the house plays on)")
def suspend_writer(modeladmin: admin.ModelAdmin, request: HttpRequest, qs: QuerySet) -> None:
    count = services.suspend(list(qs))
    modeladmin.message_user(request, f"Suspended {count} writer(s).", messages.SUCCESS)


@admin.action(description="Mark reviewed: the message is fine")
def mark_reviewed(modeladmin: admin.ModelAdmin, request: HttpRequest, qs: QuerySet) -> None:
    count = qs.update(reviewed=True)
    modeladmin.message_user(request, f"Marked {count} report(s) reviewed.", messages.SUCCESS)


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("said", "reported_user", "reviewed", "created")
    list_filter = ("reviewed",)
    search_fields = ("said",)
    raw_id_fields = ("message", "reported_user", "reporter_user")
    readonly_fields = ("created", "conversation")
    exclude = ("context",)
    actions = [
        _timeout_action(15, "Time the writer out for 15 minutes"),
        _timeout_action(24 * 60, "Time the writer out for 24 hours"),
        suspend_writer,
        mark_reviewed,
    ]

    @admin.display(description="The message and the ten around it")
    def conversation(self, report: Report) -> str:
        rows = format_html_join(
            "",
            "<li><b>{}</b>{}: {} <small>{}</small></li>",
            (
                (
                    row.get("name") or "?",
                    " (reported)" if row.get("reported") else "",
                    row.get("said", ""),
                    row.get("at", ""),
                )
                for row in report.context
            ),
        )
        return format_html("<ol>{}</ol>", rows)


@admin.register(Timeout)
class TimeoutAdmin(admin.ModelAdmin):
    list_display = ("user", "device_key", "until", "reason", "created")
    raw_id_fields = ("user",)
