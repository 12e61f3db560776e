"""The online clock's moves: the timeouts of people whose time ran out, and a vacation's stop.

Three timeouts in a row hand the seat to the house (``house``) until its player
takes it back (``seats``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from games import live, task_queue
from games.access import game_with_seats
from games.engine.registry import engine_for
from games.log_context import about_game
from games.models import Game, GameStatus
from games.services.deadlines import _clock_ran_out, _people_to_act, queue_clock
from games.services.errors import NotAllowed, StaleVersion
from games.services.rows import _locked, load_state
from games.services.turns import _driving, resume_computer_turns
from games.services.writes import write_move


def apply_due_timeouts(game_id: UUID | str, version: int | None = None, limit: int = 8) -> int:
    """Play the timeout for each person whose clock ran out; idempotent, returns moves played.

    ``version`` (a task's): the countdown of the turn on now, whichever turn it was queued
    for (a table has one countdown on its way, ``deadlines.queue_clock``).
    Without one (a poll, the sweep) it first plays on any computer turns an
    earlier request left owed on the embedded default.
    """
    if version is None:
        resume_computer_turns(game_id)
    with _driving():
        return _apply_timeouts(game_id, version, limit)


def _apply_timeouts(game_id: UUID | str, version: int | None, limit: int) -> int:
    """The timeouts of one sweep: a seat is charged one lapse however many it plays.

    A clock runs out once per question; should one sweep find several due for
    the same player (a deadline set within it), that is still one lapse of
    theirs, never three, and never the house after a single lapse.
    """
    played = 0
    charged: set[int] = set()
    while played < limit:
        game = game_with_seats(game_id)
        if game is not None and version is not None and not played:
            # One countdown a table (deadlines.queue_clock): a task for a turn already
            # played is the countdown of the turn on now, from this same read.
            version = game.version
        if game is None or (version is not None and game.version != version + played):
            break
        if not _clock_ran_out(game):
            if version is not None and not played:
                _count_down_again(game)
            break
        late = sorted(_people_to_act(game, load_state(game)))
        if not late:
            break
        engine = engine_for(game.kind)
        try:
            write_move(
                game.id,
                late[0],
                engine.TIMEOUT_ACTION,
                game.version,
                loaded=game,
                timeout=True,
                lapse=late[0] not in charged,
            )
        except (StaleVersion, NotAllowed):
            break
        charged.add(late[0])
        played += 1
    return played


def _count_down_again(game: Game) -> None:
    """A task's turn is still on but its deadline moved later (melding lengthens a turn),
    or the game moved on to a turn whose move queued no countdown (one was on its way:
    this task, ``deadlines.queue_clock``): count down to the deadline now, from the row
    just read. An eager task runs at once: the table's next request applies the timeout
    instead."""
    if task_queue.in_process() or game.status != GameStatus.ACTIVE:
        return
    if game.deadline is None or game.paused_until is not None:
        return
    left = (game.deadline - timezone.now()).total_seconds()
    if left > 0:
        queue_clock(str(game.id), game.version, left)


def postpone_clock(game_id: UUID | str, until: Any) -> bool:
    """A correspondence player's vacation: the running clock stops until ``until`` and then
    has what it had left. False when no clock runs (ended, paused, or nobody to act)."""
    with about_game(game_id), transaction.atomic():
        game = _locked(game_id, None)
        running = game.online and game.status == GameStatus.ACTIVE and game.paused_until is None
        if not running or game.deadline is None:
            return False
        now = timezone.now()
        game.deadline = max(until, now) + max(game.deadline - now, timedelta(0))
        game.save(update_fields=["deadline", "updated"])
        live.notify_on_commit(game.id)
    return True
