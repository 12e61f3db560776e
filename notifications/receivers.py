"""After a move commits at an online table, tell the seats now to act (never during the move).

With a broker the Celery task does it (retried with backoff). On the embedded
default (tasks eager, no broker) a daemon thread does it, one try, started
once the mover's response has gone (``request_finished``), so the request never
waits on a mail server or a push service.
A seat whose page had just polled is asked about again later (``in_process.later``).
``NOTIFICATIONS_INLINE`` (tests) runs it in the commit hook instead, and
``NOTIFICATIONS_SEND`` is off under the test suite except where a test turns it
on, so other apps' tests neither start threads nor count these queries.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.core.signals import request_finished, request_started
from django.db import transaction
from django.dispatch import receiver

from games.models import Game
from games.signals import move_applied
from notifications import in_process, my_turn, tasks, turns

log = logging.getLogger(__name__)


@receiver(move_applied, sender=Game)
def _after_move(sender: Any, game: Game, **kwargs: Any) -> None:
    people = [s.user_id for s in game.seats.all() if s.user_id is not None]
    if people:  # their "My turn" counts change with this move
        transaction.on_commit(lambda: my_turn.forget(people))
    if not settings.NOTIFICATIONS_SEND or not turns.may_concern_someone(game):
        return
    game_id, version = str(game.id), game.version
    transaction.on_commit(lambda: dispatch(game_id, version))


def dispatch(game_id: str, version: int) -> None:
    """Hand the decision to a worker, or to a thread when tasks run in-process."""
    if getattr(settings, "NOTIFICATIONS_INLINE", False):
        in_process.tell_once(game_id, version)
        return
    if not tasks.tell_turn.app.conf.task_always_eager:
        try:
            tasks.tell_turn.delay(game_id, version)
        except Exception:  # noqa: BLE001 - broker down: a missed notice, never a failed move
            log.exception("could not queue the turn notice for %s v%s", game_id, version)
        return
    pending = getattr(_request, "pending", None)
    if pending is None:  # not inside a request (a shell, a management command): start now
        in_process.start(game_id, version)
    else:  # after the response has gone (request_finished), so the mover never waits
        pending.append((game_id, version))


_request = threading.local()


@receiver(request_started)
def _collect(**kwargs: Any) -> None:
    _request.pending = []


@receiver(request_finished)
def _start_collected(**kwargs: Any) -> None:
    pending, _request.pending = getattr(_request, "pending", None), None
    for game_id, version in pending or ():
        in_process.start(game_id, version)
