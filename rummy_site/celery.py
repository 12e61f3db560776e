"""The Celery application.

All Celery settings live in Django settings under the ``CELERY_`` prefix, so the
embedded default (eager, in-process) and the production broker are chosen in one
place: ``rummy_site.settings``.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings")

app = Celery("rummy_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
