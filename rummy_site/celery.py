"""The Celery application.

All Celery settings live in Django settings under the ``CELERY_`` prefix, so the
embedded default (eager, in-process) and the production broker are chosen in one
place: ``rummy_site.settings``.
"""

import os
from datetime import UTC, datetime, timedelta
from typing import Any

from celery import Celery, Task
from celery.signals import before_task_publish, task_postrun
from django.conf import settings
from django.db import connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings")

# The time a hopping task is really due (ISO 8601), in its message's headers.
DUE_HEADER = "rummy_due"


def _when(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class HoppingTask(Task):
    """A task woken before the time it was queued for sends itself on instead of running.

    Why: a worker holds a countdown task's message, unacknowledged, until it is due, and
    Redis hands any message out longer than the visibility timeout (20 s, settings) to
    another worker: a clock queued a minute ahead would be out in three workers by then.
    ``hop_long_countdowns`` sends such a task due at most ``TASK_HOP_SECONDS`` on, with
    its real time in a header, so no worker holds a message for long; here it is sent on
    again (same id, same retries) until that time comes. Decision 2026-12-06.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        due = self.request.get(DUE_HEADER)
        if due and _when(due) > datetime.now(UTC):
            self.signature_from_request(args=args, kwargs=kwargs, eta=_when(due)).apply_async()
            return None
        return super().__call__(*args, **kwargs)


app = Celery("rummy_site", task_cls=HoppingTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@before_task_publish.connect(weak=False, dispatch_uid="rummy_site.hop_long_countdowns")
def hop_long_countdowns(headers: dict[str, Any] | None = None, **kwargs: object) -> None:
    """A message due later than ``TASK_HOP_SECONDS`` from now is sent due then, its real
    time in ``DUE_HEADER`` (``HoppingTask`` carries it on); a nearer one goes as it is."""
    if headers is None:
        return
    headers.pop(DUE_HEADER, None)  # a hop's own message: its eta is the real time again
    eta = headers.get("eta")
    if not eta:
        return
    due = _when(eta) if isinstance(eta, str) else eta
    hop = datetime.now(UTC) + timedelta(seconds=settings.TASK_HOP_SECONDS)
    if due > hop:
        headers["eta"] = hop.isoformat()
        headers[DUE_HEADER] = due.isoformat()


@task_postrun.connect(weak=False, dispatch_uid="rummy_site.drop_broken_connections")
def drop_broken_connections(**kwargs: object) -> None:
    """After a task whose database connection failed, drop it if it is dead.

    CELERY_DB_REUSE_MAX keeps a worker's connection across tasks, so Celery's own check
    runs only every thousand tasks: a PostgreSQL or PgBouncer restart left every later
    task failing on "the connection is closed" (seen with scripts/cluster and
    deploy/faults.py). Django's check costs nothing unless the connection had an error.
    """
    for conn in connections.all(initialized_only=True):
        if conn.errors_occurred and conn.connection is not None and not conn.is_usable():
            conn.close()
