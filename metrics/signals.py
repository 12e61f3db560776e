"""Moves, timeouts and sweeps counted where they happen, with no change to the services.

A move is counted when its ``Move`` row is saved, after the transaction commits (a
move rolled back was never made). Sweeps are counted by Celery's ``task_postrun``,
which fires in the worker process that ran the task.
"""

from __future__ import annotations

from typing import Any

from celery.signals import task_postrun
from django.db import transaction
from django.db.models.signals import post_save

from core.metrics import MOVES, SWEEPS, SWEPT, TIMEOUTS
from games.models import Move

SWEEP_TASKS = {
    "games.tasks.sweep_online_tables": "online_tables",
    "games.tasks.sweep_computer_turns": "computer_turns",
}


def connect() -> None:
    post_save.connect(count_move, sender=Move, dispatch_uid="metrics.count_move")
    task_postrun.connect(count_sweep, dispatch_uid="metrics.count_sweep", weak=False)


def count_move(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    """Count a new move (and a clock's timeout) once its transaction commits."""
    if not created:
        return
    game = instance.game if type(instance).game.is_cached(instance) else None
    kind = game.kind if game is not None else "unknown"
    timeout = isinstance(instance.action, dict) and instance.action.get("type") == "timeout"

    def counted() -> None:
        MOVES.labels(kind).inc()
        if timeout:
            TIMEOUTS.labels(kind).inc()

    transaction.on_commit(counted)


def count_sweep(sender: Any = None, retval: Any = None, **kwargs: Any) -> None:
    """A sweep ran (and what it did: its return value is the number it acted on)."""
    sweep = SWEEP_TASKS.get(getattr(sender, "name", ""))
    if sweep is None:
        return
    SWEEPS.labels(sweep).inc()
    if isinstance(retval, int) and retval > 0:
        SWEPT.labels(sweep).inc(retval)
