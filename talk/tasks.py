"""The beat's daily deletion of old table talk (idempotent: a second run finds nothing)."""

from __future__ import annotations

from celery import shared_task

from talk import services


@shared_task(ignore_result=True)
def delete_old_talk() -> int:
    return services.delete_old()
