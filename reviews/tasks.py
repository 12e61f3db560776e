"""Celery task: work out one review (eager, in-process, when no broker is configured)."""

from __future__ import annotations

from celery import shared_task

from reviews import store


@shared_task(acks_late=True, ignore_result=True)
def build_review(review_id: int) -> bool:
    """Idempotent: a review already worked out is left as it is."""
    return store.build(review_id)
