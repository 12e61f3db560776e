"""Celery task: work out one review (eager, in-process, when no broker is configured).

``CELERY_QUEUE`` is the store's ``ReviewQueue`` on this task (``reviews.apps`` registers it).
"""

from __future__ import annotations

from celery import shared_task

from reviews import store


@shared_task(acks_late=False, ignore_result=True)
def build_review(review_id: int) -> bool:
    """Idempotent: a review already worked out is left as it is.

    Acknowledged as it starts, unlike the game's tasks: a review runs for many seconds,
    longer than the broker's visibility timeout (20 s, settings), and acknowledged late it
    would be handed to a second worker while the first still works on it. One lost with
    its worker is queued again by the next look at it (``store.REQUEUE_AFTER``).
    """
    return store.build(review_id)


class CeleryReviewQueue:
    """``reviews.store.ReviewQueue`` on Celery."""

    def in_process(self) -> bool:
        """Eager Celery (no broker): the task runs inside ``build``."""
        return bool(build_review.app.conf.task_always_eager)

    def build(self, review_id: int) -> None:
        """Queue ``build_review`` for the worker."""
        build_review.delay(review_id)


CELERY_QUEUE = CeleryReviewQueue()
