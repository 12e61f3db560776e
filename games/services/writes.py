"""One move's write: the version check, the engine, the snapshot and the move log together.

Every move — a person's, a computer's, the clock's — ends here, in one transaction
that takes the game's row lock before any seat's (see tests/games/test_lock_order_postgres.py).
A person's move sent again after its answer was lost is answered, not played twice
(``replayed``).
"""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import live, task_queue
from games.action_schema import clean_action
from games.engine.base import IllegalAction
from games.engine.registry import engine_for
from games.log_context import about_game
from games.models import Game, GameStatus, Move, Seat
from games.services import replayed
from games.services.deadlines import _next_deadline, _queue_clock_on_commit
from games.services.errors import IllegalMove, NotAllowed, Paused, StaleVersion, _stale
from games.services.house import _count_missed_turn, _save_seat
from games.services.rows import _load, _seat_at
from games.services.scripts import ScriptRefused
from games.services.scripts import check as check_script
from games.services.turns import _computer_seats_to_act, _queue_on_commit
from games.services.windows import _check_hold
from games.signals import game_finished, move_applied

log = logging.getLogger("games.services")


def write_move(
    game_id: UUID | str,
    seat: int,
    action: dict[str, Any],
    expected_version: int,
    *,
    loaded: Game | None = None,
    timeout: bool = False,
    automated: bool = False,
    lapse: bool = True,
) -> Game:
    """``play`` without its catching up first (``due_first``): the move itself, now.

    A person's move refused as stale that is the seat's latest move, made at that very
    version (its answer was lost and the page sent it again), answers the game as it is
    now: played once, nothing applied again (``replayed.already_played``).
    """
    with about_game(game_id):
        game = loaded if loaded is not None else _load(game_id)
        engine = engine_for(game.kind)
        if not (automated or timeout):
            _refuse_house_seat(game, seat)
        try:
            with transaction.atomic():
                _apply(game, engine, seat, action, expected_version, timeout, lapse)
        except ScriptRefused as refused:
            # A guided game's wrong step is undone whole: the turn's draft goes back too.
            _clear_draft(game, seat)
            raise IllegalMove(refused.reason, "script") from refused
        except StaleVersion:
            person = not (automated or timeout)
            if not (person and replayed.already_played(game, seat, expected_version, action)):
                raise
            log.info("move at v%s seat=%s already played: answered again", expected_version, seat)
            return _load(game_id)
        if game.awaiting_computer and task_queue.in_process():
            game = _load(game_id)  # the computers already moved, in the commit hook
    return game


def _refuse_house_seat(game: Game, seat: int) -> None:
    """While the house holds a seat, its player takes it back before moving again."""
    row = _seat_at(game, seat)
    if row is not None and row.house_level:
        raise NotAllowed(_("The house is playing this seat: take it back first."), "house_seat")


def _apply(
    game: Game,
    engine: Any,
    seat: int,
    action: dict[str, Any],
    expected: int,
    timeout: bool = False,
    lapse: bool = True,
) -> None:
    """The body of a move, inside its transaction; ``game`` is updated only once it is written."""
    if game.version != expected:
        raise _stale()
    if game.status != GameStatus.ACTIVE:
        raise NotAllowed(_("This game has ended."), "game_ended")
    if game.paused_until is not None:
        raise Paused(game.paused_until)
    _check_hold(game, engine, seat, action)
    try:
        action = clean_action(engine, action)  # declared fields only, bounded (422 if not)
        before = engine.from_json(game.state)
        check_script(game, seat, action, before)  # a guided game's step (scripts.py)
        state, _events = engine.apply(before, seat, action)
    except IllegalAction as exc:
        raise IllegalMove(exc.shown_message, exc.code) from exc  # the reader's language
    outcome = engine.result(state)
    finished = outcome is not None and outcome.game_over
    missed = _count_missed_turn(game, seat, timeout, lapse)  # before: the house may act next
    waiting = _write(game, engine, state, finished)  # the game's row lock, before any seat's
    _save_seat(missed)
    Move.objects.create(
        game=game, seq=game.version, seat=seat, action=action, public_view=engine.view(state, None)
    )
    _clear_draft(game, seat)
    if waiting:
        _queue_on_commit(game, state, waiting)
    if game.deadline is not None:
        _queue_clock_on_commit(game)
    if game.online:
        move_applied.send(sender=Game, game=game)  # "your turn" notifications, on commit
    log.info("move seq=%s seat=%s type=%s", game.version, seat, action.get("type"))
    if finished:
        # In the same transaction: the result is recorded if and only if the game ends.
        game_finished.send(sender=Game, game=game, winners=list(outcome.winners))
    if game.online:
        # Last, so the boards drawn now show all this transaction wrote (a result too); the
        # other seats' waiting polls and sockets have them once it commits.
        live.notify_on_commit(game.id, game)


def _write(game: Game, engine: Any, state: Any, finished: bool) -> list[Seat]:
    """Write the new snapshot if the game is still at the version it was computed from.

    Returns the computer seats to act next (their turn is queued once the move is logged).
    """
    status = GameStatus.FINISHED if finished else GameStatus.ACTIVE
    waiting = [] if finished else _computer_seats_to_act(game, state)
    changes = {
        "state": engine.to_json(state),
        "version": game.version + 1,
        "status": status,
        "awaiting_computer": bool(waiting),
        "updated": timezone.now(),
        "deadline": None if finished else _next_deadline(game, engine, state),
    }
    claimed = Game.objects.filter(id=game.id, version=game.version, status=GameStatus.ACTIVE)
    if not claimed.update(**changes):
        raise _stale()
    for name, value in changes.items():
        setattr(game, name, value)
    return waiting


def _clear_draft(game: Game, seat: int) -> None:
    """Any move makes the mover's draft moot; clear it (only when there is one)."""
    row = _seat_at(game, seat)
    if row is not None and row.turn_draft is not None:
        Seat.objects.filter(pk=row.pk).update(turn_draft=None)
        row.turn_draft = None
