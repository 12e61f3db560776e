"""Celery tasks: computer turns and the sweep that resumes stalled games.

With no broker configured these run eagerly in-process (settings), so the
embedded default needs no worker. ``CeleryTaskQueue`` is the services' task
queue (``games.services.queue.TaskQueue``) on these tasks; ``games.apps``
registers it at start, so the services never import this module.
"""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from games import services
from games.models import Game, GameStatus

# A computer turn normally lands within a second; one waiting this long was lost
# (a failed publish, a killed worker). With the sweep every SWEEP_SECONDS, a lost
# turn is queued again within about 10 s.
STALL_AFTER = timedelta(seconds=5)


@shared_task(acks_late=True, ignore_result=True)
def run_computer_turns(game_id: str, version: int) -> bool:
    """One computer move; the next is queued by the service when this one commits."""
    return services.run_computer_turn(game_id, version)


@shared_task(ignore_result=True)
def sweep_computer_turns() -> int:
    """Re-queue computer turns a lost task left waiting, so no game ever freezes."""
    stalled = Game.objects.filter(
        status=GameStatus.ACTIVE,
        awaiting_computer=True,
        updated__lt=timezone.now() - STALL_AFTER,
    ).values_list("id", "version")
    count = 0
    for game_id, version in stalled:
        services.queue_computer_turn(str(game_id), version)
        count += 1
    return count


@shared_task(acks_late=True, ignore_result=True)
def expire_clock(game_id: str, version: int) -> int:
    """An online turn's clock ran out: play the timeout of the turn on now if its clock did.

    It checks the stored deadline first (one read). A table has one countdown on its way
    (``services.queue_clock``), so a task queued for a turn already played is the
    countdown of the turn on now: it plays that turn's timeout if due, else counts down
    again to its deadline, as for a turn that was lengthened (melding). An early run (an
    eager task runs at once) does nothing; a duplicate's timeout loses the version check.
    """
    return services.apply_due_timeouts(game_id, version)


@shared_task(ignore_result=True)
def sweep_online_tables() -> int:
    """Apply clocks whose task was lost (a broker blink, a killed worker); close old pauses."""
    late = Game.objects.filter(
        status=GameStatus.ACTIVE,
        online=True,
        paused_until__isnull=True,
        deadline__lt=timezone.now() - STALL_AFTER,
    ).values_list("id", flat=True)
    played = sum(services.apply_due_timeouts(game_id) for game_id in late)
    return played + services.close_expired_pauses()


@shared_task(ignore_result=True)
def clean_up_abandoned_guest_games() -> int:
    """Delete guests' unfinished games untouched for ``settings.GUEST_GAME_CLEANUP_DAYS``.

    A guest's device cookie stops working after that long unused (accounts.device),
    so nobody can open these games again; keeping them would only let a guest who
    starts game after game fill the database. Games with an account at the table,
    and every finished game (stats and boards count those), are never touched.
    """
    cutoff = timezone.now() - timedelta(days=settings.GUEST_GAME_CLEANUP_DAYS)
    stale = Game.objects.filter(status=GameStatus.ACTIVE, updated__lt=cutoff)
    with_account = Game.objects.filter(seats__user__isnull=False).values("pk")
    _, per_model = stale.exclude(pk__in=with_account).delete()
    return per_model.get(Game._meta.label, 0)


class CeleryTaskQueue:
    """The services' ``TaskQueue`` on Celery (eager, in-process, when no broker is set)."""

    def in_process(self) -> bool:
        """Eager Celery (no broker): a queued task runs inside the call that queues it."""
        return bool(run_computer_turns.app.conf.task_always_eager)

    def computer_turn(self, game_id: str, version: int, countdown: float = 0.0) -> None:
        """Queue ``run_computer_turns`` now, or ``countdown`` seconds on."""
        if countdown <= 0:
            run_computer_turns.delay(game_id, version)
        else:
            run_computer_turns.apply_async((game_id, version), countdown=countdown)

    def clock(self, game_id: str, version: int, countdown: float) -> None:
        """Queue ``expire_clock`` to run ``countdown`` seconds on."""
        expire_clock.apply_async((game_id, version), countdown=countdown)


CELERY_QUEUE = CeleryTaskQueue()
