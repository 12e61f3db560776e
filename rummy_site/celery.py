"""The Celery application.

All Celery settings live in Django settings under the ``CELERY_`` prefix, so the
embedded default (eager, in-process) and the production broker are chosen in one
place: ``rummy_site.settings``.
"""

import os

from celery import Celery
from celery.signals import task_postrun
from django.db import connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings")

app = Celery("rummy_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


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
