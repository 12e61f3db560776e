"""Celery tasks: computer turns and the sweep that resumes stalled games.

With no broker configured these run eagerly in-process (settings), so the
embedded default needs no worker.
"""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from games import services
from games.models import Game, GameStatus

STALL_AFTER = timedelta(seconds=30)


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
        run_computer_turns.delay(str(game_id), version)
        count += 1
    return count
