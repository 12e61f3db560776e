"""Queueing the computers' turns: after the commit, to a worker or played in this process.

Computer turns are queued only after the commit, so a worker never sees a move
that was rolled back. ``games.task_queue.TaskQueue`` carries them; with no broker (the
embedded default) they run here, under the driver below.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from django.db import transaction

from games import live, task_queue
from games.engine.registry import engine_for
from games.log_context import about_game
from games.models import Game, GameStatus, Seat
from games.services.deadlines import _queue_clock_on_commit
from games.services.windows import _wait

log = logging.getLogger("games.services")


def _computer_seats_to_act(game: Game, state: Any) -> list[Seat]:
    engine = engine_for(game.kind)
    acting = engine.to_act(state)
    seats = list(game.seats.all())
    outcome = engine.result(state)
    if outcome is not None and (outcome.game_over or any(not s.automated for s in seats)):
        return []  # between rounds the people decide when to go on (computers alone go on)
    return [s for s in seats if s.automated and s.index in acting]


def _mark_awaiting(game: Game, state: Any) -> bool:
    """Set ``awaiting_computer`` and queue the computer's turn after the commit."""
    seats = _computer_seats_to_act(game, state)
    game.awaiting_computer = bool(seats)
    if seats:
        _queue_on_commit(game, state, seats)
    return game.awaiting_computer


def _queue_on_commit(game: Game, state: Any, seats: list[Seat]) -> None:
    wait = min(_wait(game, state, s)[1] for s in seats)
    game_id, version = str(game.id), game.version
    transaction.on_commit(lambda: _queue(game_id, version, wait))


def queue_computer_turn(game_id: str, version: int) -> None:
    """Queue a computer turn now (the sweep); a broker failure is logged, never raised."""
    _queue(game_id, version, 0)


def _queue(game_id: str, version: int, wait: float) -> None:
    """Queue a computer turn, ``wait`` seconds on. Eager tasks ignore the countdown:
    the table's poll (``run_due_computer_turns``) then plays it when it is due.

    The move is already committed when this runs, so a broker that cannot be
    reached must not turn it into an error: the failure is logged and the sweep
    (``games.tasks.sweep_computer_turns``) queues the turn again once it is back.
    """
    if task_queue.in_process():
        if wait <= 0:
            _play_in_process(game_id, version)
        return
    try:
        task_queue.tasks().computer_turn(game_id, version, max(wait, 0.0))
    except Exception:  # noqa: BLE001 - any broker failure: the sweep queues it again
        with about_game(game_id):
            log.exception("could not queue the computer turn at v%s; the sweep will", version)


# --- computer turns in this process (the embedded default, no broker) ---------------
# An eager task runs inside the commit hook of the move before it, and its own move's
# hook would run the next task inside that one: a table of computers alone would nest
# every move of the game in one request (a RecursionError, a thread held for minutes).
# So the first hook of a request becomes its driver: later turns are queued to it
# and played one after another, at most IN_PROCESS_MOVES per request; the rest waits,
# ``awaiting_computer`` set, for the table's next poll (``resume_computer_turns``)
# or the sweep.

IN_PROCESS_MOVES = 40  # far more than computers play between two turns of a person


@dataclass
class _InProcess:
    """This request's owed computer turns and how many more it may play."""

    pending: list[tuple[str, int]] = field(default_factory=list)
    left: int = IN_PROCESS_MOVES


_in_process: ContextVar[_InProcess | None] = ContextVar("in_process_turns", default=None)


@contextlib.contextmanager
def _driving() -> Iterator[_InProcess]:
    """The request's driver (a new one only at the outermost level, which plays the queue)."""
    current = _in_process.get()
    if current is not None:
        yield current
        return
    run = _InProcess()
    token = _in_process.set(run)
    try:
        yield run
        _drain(run)
    finally:
        _in_process.reset(token)


def _drain(run: _InProcess) -> None:
    """Play the queued computer turns one after another, never nested, within the budget."""
    while run.pending and run.left > 0:
        game_id, version = run.pending.pop(0)
        run.left -= 1
        task_queue.tasks().computer_turn(game_id, version)  # eager: runs here, queues the next
    if run.pending:
        log.info("in-process computer turns left for the next request: %s", run.pending)


def _play_in_process(game_id: str, version: int) -> None:
    with _driving() as run:
        run.pending.append((game_id, version))


def resume_computer_turns(game_id: UUID | str) -> bool:
    """Embedded default: play on the computer turns an earlier request left owed (bounded).

    With a worker the sweep does this; without one, the table's next poll does.
    """
    if not task_queue.in_process():
        return False
    owed = Game.objects.filter(
        id=game_id, status=GameStatus.ACTIVE, awaiting_computer=True, paused_until__isnull=True
    )
    version = owed.values_list("version", flat=True).first()
    if version is None:
        return False
    _play_in_process(str(game_id), version)
    return True


def _carry_on(game: Game, state: Any, fields: list[str]) -> None:
    """Save a table change that is not a move, then queue what it needs now (the
    computers' turn, the clock) and tell its seats, all once it commits."""
    waiting = [] if game.paused_until is not None else _computer_seats_to_act(game, state)
    game.awaiting_computer = bool(waiting)
    game.save(update_fields=[*fields, "awaiting_computer", "updated"])
    if waiting:
        _queue_on_commit(game, state, waiting)
    if game.deadline is not None:
        _queue_clock_on_commit(game)
    live.notify_on_commit(game.id)
