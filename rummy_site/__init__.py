"""rummy_site project package.

The Celery app is imported here so that `@shared_task` functions bind to it
whenever Django starts (web process, worker, or tests).
"""

from .celery import app as celery_app

__all__ = ("celery_app",)
