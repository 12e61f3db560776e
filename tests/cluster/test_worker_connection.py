"""A worker whose database connection was cut (a PgBouncer or PostgreSQL restart) gets a
fresh one after the task that found out, instead of failing every task after it."""

from __future__ import annotations

import os

import pytest
from celery.signals import task_postrun
from django.db import OperationalError, connection

from games.models import Game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="needs PostgreSQL (CI has it)",
    ),
]


def cut_the_connection() -> None:
    """PostgreSQL ends this connection's backend, as a restart of the server or pooler would."""
    import psycopg

    pid = connection.connection.info.backend_pid
    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])


def test_the_task_after_a_cut_connection_runs_on_a_fresh_one() -> None:
    Game.objects.count()
    cut_the_connection()
    with pytest.raises(OperationalError):
        Game.objects.count()  # the task that finds out fails (it is retried or swept)
    task_postrun.send(sender=None)  # what a worker sends after every task
    assert Game.objects.count() == 0  # the next task works


def test_a_healthy_connection_is_kept_across_tasks() -> None:
    Game.objects.count()
    kept = connection.connection
    task_postrun.send(sender=None)
    assert connection.connection is kept
