"""The only door that changes a game.

Every change — a person's move, a computer's move, a draft edit — is one
transaction that locks the game row, checks the version the caller saw, asks
the engine, and writes the snapshot and the move log together. Computer
turns are queued only after the commit, so a worker never sees a move that
was rolled back.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any
from uuid import UUID

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games import catalogue, drafts, live
from games import online as online_rules
from games import pace as game_pace
from games.access import game_with_seats
from games.action_schema import clean_action
from games.bots.registry import choose_for
from games.engine.base import IllegalAction
from games.engine.registry import engine_for
from games.log_context import about_game
from games.models import Game, GameStatus, Move, Seat
from games.signals import game_abandoned, game_finished, move_applied

log = logging.getLogger(__name__)

DraftChange = Callable[[dict[str, Any] | None, dict[str, Any]], dict[str, Any] | None]


class ServiceError(Exception):
    """A refusal the page can show; ``status`` is the HTTP status to answer with."""

    status = 400

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class StaleVersion(ServiceError):
    status = 409


class NotAllowed(ServiceError):
    status = 403


class IllegalMove(ServiceError):
    status = 422


class Paused(ServiceError):
    """The host paused the table: nothing moves (and no clock runs) until they resume."""

    status = 409

    def __init__(self, until: Any) -> None:
        when = until.strftime("%d %b %Y, %H:%M UTC")
        super().__init__(f"Paused by the host until {when}.", "paused")


class TooSoon(ServiceError):
    """An action held back while a timed window is open (the engine's ``hold_seconds``)."""

    status = 409


@dataclass(frozen=True)
class SeatSpec:
    display_name: str
    user_id: int | None = None
    device_key: str = ""
    computer_level: str = ""
    is_program: bool = False


def create_game(
    kind: str,
    config: dict[str, Any],
    seats: list[SeatSpec],
    seed: int | None = None,
    *,
    online: bool = False,
) -> Game:
    engine = engine_for(kind)
    seed = secrets.randbits(62) if seed is None else seed
    try:
        state = engine.new_game(config, seed)
    except IllegalAction as exc:
        raise ServiceError(exc.message, "bad_config") from exc
    except ValueError as exc:
        raise ServiceError(str(exc), "bad_config") from exc
    with transaction.atomic():
        game = Game.objects.create(
            kind=kind, config=config, seed=seed, state=engine.to_json(state), online=online
        )
        Seat.objects.bulk_create(
            Seat(
                game=game,
                index=i,
                user_id=s.user_id,
                device_key=s.device_key,
                computer_level=s.computer_level,
                display_name=s.display_name,
                is_program=s.is_program,
            )
            for i, s in enumerate(seats)
        )
        changed = ["awaiting_computer"] if _mark_awaiting(game, state) else []
        if online and _people_to_act(game, state):
            game.deadline = _fresh_deadline(engine, state, config, game)
            changed.append("deadline")
            _queue_clock_on_commit(game)
        if changed:
            game.save(update_fields=changed)
    return game


def load_state(game: Game) -> Any:
    return engine_for(game.kind).from_json(game.state)


def play(
    game_id: UUID | str,
    seat: int,
    action: dict[str, Any],
    expected_version: int,
    *,
    due_first: bool = True,
    loaded: Game | None = None,
    timeout: bool = False,
    automated: bool = False,
    lapse: bool = True,
) -> Game:
    """Apply one action for ``seat``; refuse stale versions and illegal moves unchanged.

    ``loaded`` is the game as the caller already read it (with its seats, from
    ``games.access.game_with_seats``), so a move reads the snapshot once. It is
    safe to compute from a snapshot read before the transaction because the write
    is conditional: the UPDATE names the version (and status) the move was
    computed from, takes the row lock, and a version that moved on meanwhile
    matches no row, so the move is refused and nothing is written. The same
    UPDATE serialises two moves of one game as ``select_for_update`` used to.

    In a timed window a computer whose deadline has passed moves first
    (``due_first``), so a later press loses the race whether or not a task ran;
    likewise an online clock that ran out is applied before a late press.
    ``timeout`` marks the clock's own move (it counts toward handing the seat
    to the house; a person's own move resets that count) unless ``lapse`` is
    False (a seat already charged for this sweep's lapse); ``automated`` a
    computer's or the house's move, the only ones a seat the house holds may make.
    """
    with about_game(game_id):
        game = loaded if loaded is not None else _load(game_id)
        engine = engine_for(game.kind)
        if due_first and hasattr(engine, "timed_window") and run_due_computer_turns(game_id):
            game = _load(game_id)
        if due_first and _clock_ran_out(game) and apply_due_timeouts(game_id):
            game = _load(game_id)
        if not (automated or timeout):
            _refuse_house_seat(game, seat)
        with transaction.atomic():
            _apply(game, engine, seat, action, expected_version, timeout, lapse)
        if game.awaiting_computer and _tasks_run_in_process():
            game = _load(game_id)  # the computers already moved, in the commit hook
    return game


def _seat_at(game: Game, index: int) -> Seat | None:
    """The seat row at ``index`` from the game's loaded seats (no query)."""
    return next((s for s in game.seats.all() if s.index == index), None)


def _refuse_house_seat(game: Game, seat: int) -> None:
    """While the house holds a seat, its player takes it back before moving again."""
    row = _seat_at(game, seat)
    if row is not None and row.house_level:
        raise NotAllowed("The house is playing this seat: take it back first.", "house_seat")


def _tasks_run_in_process() -> bool:
    """Eager Celery (no broker): computer turns ran inside this call's commit."""
    from games.tasks import run_computer_turns

    return bool(run_computer_turns.app.conf.task_always_eager)


def _load(game_id: UUID | str) -> Game:
    """The game with its seats (one query); refused when there is no such game."""
    game = game_with_seats(game_id)
    if game is None:
        raise NotAllowed("No such game.", "no_game")
    return game


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
        raise NotAllowed("This game has ended.", "game_ended")
    if game.paused_until is not None:
        raise Paused(game.paused_until)
    _check_hold(game, engine, seat, action)
    try:
        action = clean_action(engine, action)  # declared fields only, bounded (422 if not)
        state, _events = engine.apply(engine.from_json(game.state), seat, action)
    except IllegalAction as exc:
        raise IllegalMove(exc.message, exc.code) from exc
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
        live.notify_on_commit(game.id)  # the other seats' waiting polls answer now
        move_applied.send(sender=Game, game=game)  # "your turn" notifications, on commit
    log.info("move seq=%s seat=%s type=%s", game.version, seat, action.get("type"))
    if finished:
        # In the same transaction: the result is recorded if and only if the game ends.
        game_finished.send(sender=Game, game=game, winners=list(outcome.winners))


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


def _stale() -> StaleVersion:
    return StaleVersion(
        "The game moved on since this page was drawn; here is the current table.", "stale"
    )


def _locked(
    game_id: UUID | str, expected_version: int | None, fields: tuple[str, ...] = ()
) -> Game:
    """Lock the game row; refuse a version other than ``expected_version`` (None: any).

    ``fields`` reads only those columns (a tap needs no snapshot); empty: the whole row.
    """
    rows = Game.objects.select_for_update()
    try:
        game = (rows.only(*fields) if fields else rows).get(id=game_id)
    except Game.DoesNotExist as exc:
        raise NotAllowed("No such game.", "no_game") from exc
    if expected_version is not None and game.version != expected_version:
        raise _stale()
    return game


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
    from games.tasks import run_computer_turns

    if _tasks_run_in_process():
        if wait <= 0:
            _play_in_process(game_id, version)
        return
    try:
        if wait <= 0:
            run_computer_turns.delay(game_id, version)
        else:
            run_computer_turns.apply_async((game_id, version), countdown=wait)
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
    from games.tasks import run_computer_turns

    while run.pending and run.left > 0:
        game_id, version = run.pending.pop(0)
        run.left -= 1
        run_computer_turns.delay(game_id, version)  # eager: runs here, and queues the next
    if run.pending:
        log.info("in-process computer turns left for the next request: %s", run.pending)


def _play_in_process(game_id: str, version: int) -> None:
    with _driving() as run:
        run.pending.append((game_id, version))


def resume_computer_turns(game_id: UUID | str) -> bool:
    """Embedded default: play on the computer turns an earlier request left owed (bounded).

    With a worker the sweep does this; without one, the table's next poll does.
    """
    if not _tasks_run_in_process():
        return False
    owed = Game.objects.filter(
        id=game_id, status=GameStatus.ACTIVE, awaiting_computer=True, paused_until__isnull=True
    )
    version = owed.values_list("version", flat=True).first()
    if version is None:
        return False
    _play_in_process(str(game_id), version)
    return True


# --- timed windows -----------------------------------------------------------------
# An engine may expose ``timed_window(state) -> int | None`` (actions applied since
# a timed window opened, e.g. a race to answer a card just laid) and
# ``hold_seconds(state, seat, action) -> float`` (how long after it opened that
# action must wait); a bot may expose ``delay_for(view, level) -> float`` (its
# reaction time, counted from the window's opening). Deadlines are judged from
# the opening move's time, so with or without a task queue the result is the same.
# A table of computers alone has no one to race: its delays are skipped.


def _now() -> float:
    """The clock deadlines are judged by (one place, so tests can move it)."""
    return time.time()


def _window_opened(game: Game, state: Any) -> float | None:
    """When the open timed window opened (a timestamp), or None."""
    age_of = getattr(engine_for(game.kind), "timed_window", None)
    age = age_of(state) if age_of else None
    if age is None:
        return None
    created = Move.objects.filter(game=game, seq=game.version - age)
    when = created.values_list("created", flat=True).first() or game.updated
    return when.timestamp()


def _wait(game: Game, state: Any, seat: Seat) -> tuple[float, float]:
    """(the computer's delay, seconds left before it is due) in a timed window."""
    opened = _window_opened(game, state)
    if opened is None or all(s.is_computer for s in game.seats.all()):
        return 0.0, 0.0
    delay_for = getattr(catalogue.load(catalogue.get(game.kind).bot), "delay_for", None)
    view = engine_for(game.kind).view(state, seat.index)
    delay = float(delay_for(view, seat.level)) if delay_for else 0.0
    return delay, opened + delay - _now()


def _check_hold(game: Game, engine: Any, seat: int, action: dict[str, Any]) -> None:
    left, correspondence = _held_for(game, engine, seat, action)
    if left > 0 and correspondence:
        raise TooSoon("The others have until this move's time ends to answer.", "held")
    if left > 0:
        raise TooSoon(f"Wait a moment: the others have {left:.1f} s more to answer.", "held")


def _held_for(
    game: Game, engine: Any, seat: int, action: dict[str, Any]
) -> tuple[float, bool]:
    """(seconds ``action`` is still held back, whether by a correspondence window).

    Live: a few seconds after the window opened. Correspondence: the window stays
    open until every seat in it answered (the engine then shuts it) or the move's
    time ends.
    """
    hold_of = getattr(engine, "hold_seconds", None)
    if hold_of is None:
        return 0.0, False
    state = engine.from_json(game.state)
    hold = hold_of(state, seat, action)
    opened = _window_opened(game, state) if hold > 0 else None
    if opened is None:
        return 0.0, False
    left = max(0.0, opened + hold - _now())
    if left == 0 and game_pace.is_correspondence(game.config) and game.deadline is not None:
        return max(0.0, (game.deadline - timezone.now()).total_seconds()), True
    return left, False


def hold_left(game: Game, seat: int, action: dict[str, Any]) -> float:
    """Seconds before ``play`` stops holding ``action`` back (0: not held); reads only.

    For the API's dry run and legal listing (issue 29), so a program can wait
    instead of being refused with 409 ``held``; the same answer ``_check_hold`` uses.
    """
    return _held_for(game, engine_for(game.kind), seat, action)[0]


def run_due_computer_turns(game_id: UUID | str, limit: int = 12) -> int:
    """Play the computer moves whose deadline has passed in a timed window (a poll, a press)."""
    with _driving():
        return _run_due(game_id, limit)


def _run_due(game_id: UUID | str, limit: int) -> int:
    played = 0
    while played < limit:
        game = Game.objects.filter(id=game_id, awaiting_computer=True).first()
        if game is None or _window_opened(game, load_state(game)) is None:
            break
        if not run_computer_turn(game.id, game.version):
            break
        played += 1
    return played


def run_computer_turn(game_id: UUID | str, version: int) -> bool:
    """Play one computer move if the game is still at ``version``; idempotent.

    A duplicate or late task finds the version moved on and does nothing.
    """
    with about_game(game_id):
        game = game_with_seats(game_id)
        if game is None or game.version != version or game.status != GameStatus.ACTIVE:
            return False
        return _computer_move(game, version)


def _computer_move(game: Game, version: int) -> bool:
    if game.paused_until is not None:
        return False  # resume queues the turn again
    engine = engine_for(game.kind)
    state = engine.from_json(game.state)
    seats = _computer_seats_to_act(game, state)
    if not seats:
        return False
    # In a timed window the quickest computer goes first, once its deadline has come.
    waits = sorted(((_wait(game, state, s), s.index, s) for s in seats), key=lambda w: w[:2])
    (_delay, left), _index, seat = waits[0]
    if left > 0:
        _queue(str(game.id), version, left)
        return False
    view = engine.view(state, seat.index)
    # A bot with no answer for a seat that must act gets the move a clock would make.
    action = choose_for(game.kind)(view, seat.level) or engine.TIMEOUT_ACTION
    try:
        play(game.id, seat.index, action, version, due_first=False, loaded=game, automated=True)
    except IllegalMove:
        log.exception("computer move refused in %s; falling back", game.id)
        play(
            game.id,
            seat.index,
            engine.TIMEOUT_ACTION,
            version,
            due_first=False,
            loaded=game,
            automated=True,
        )
    except (StaleVersion, TooSoon):
        return False
    return True


def abandon(
    game_id: UUID | str, seat: int | None = None, expected_version: int | None = None
) -> Game:
    """End an active game for good; it counts as a loss for ``seat`` (None: every person).

    A player's request names the version it was made against, like a move;
    staff and maintenance jobs may pass None to skip that check.
    """
    with transaction.atomic():
        game = _locked(game_id, expected_version)
        if game.status != GameStatus.ACTIVE:
            raise NotAllowed("This game has ended.", "game_ended")
        game.status = GameStatus.ABANDONED
        game.awaiting_computer = False
        game.save()
        game_abandoned.send(sender=Game, game=game, seat=seat)
    return game


def mark_hint_used(game_id: UUID | str, expected_version: int) -> None:
    """Mark a game as helped by a hint (kept off the leaderboards for good).

    Conditional like a move: only an active game still at the version the hint
    was worked out for, so a stale page marks nothing and learns nothing.
    """
    current = Game.objects.filter(id=game_id, version=expected_version, status=GameStatus.ACTIVE)
    if not current.update(hint_used=True):
        raise _stale()


def current_draft(seat: Seat, version: int) -> dict[str, Any] | None:
    """A seat's draft, if it was made at this version (any move makes old drafts moot)."""
    draft = seat.turn_draft
    return draft if draft and draft.get("version") == version else None


def update_draft(
    game_id: UUID | str,
    seat: int,
    expected_version: int,
    change: Callable[[dict[str, Any] | None, dict[str, Any]], dict[str, Any] | None],
    *,
    loaded: Game | None = None,
) -> dict[str, Any] | None:
    """Edit a seat's turn draft under the same version check as a move.

    ``change(draft, view)`` returns the new draft (None clears it) or raises
    ServiceError; the draft is never the game, so the version does not move.
    With the game already read (``loaded``, not an online table) the edit is one
    compare-and-set statement: it writes only if the seat's draft and the game's
    version, status and pause are still what was read (``drafts.swap``). Two
    devices tapping at once lose nothing: the one that finds the draft changed
    does its tap again under the lock, as every edit did before.
    """
    with about_game(game_id):
        if loaded is not None and not loaded.online:
            new = _draft_without_lock(loaded, seat, expected_version, change)
            if new is not drafts.RACED:
                return new
        return _draft_under_lock(game_id, seat, expected_version, change, loaded)


def _draft_without_lock(
    game: Game, seat: int, expected_version: int, change: DraftChange
) -> dict[str, Any] | None | object:
    """The tap on the game as read; ``drafts.RACED`` when the row moved meanwhile."""
    if game.version != expected_version:
        raise _stale()
    row = next((s for s in game.seats.all() if s.index == seat), None)
    if row is None:
        raise NotAllowed("No such game.", "no_game")
    before = drafts.as_stored(row.turn_draft)  # before ``change``, which may edit it in place
    new = _changed_draft(game, row, game.status, game.paused_until, expected_version, change)
    if not drafts.swap(row, game, before, new):
        return drafts.RACED
    return new


def _draft_under_lock(
    game_id: UUID | str,
    seat: int,
    expected_version: int,
    change: DraftChange,
    loaded: Game | None,
) -> dict[str, Any] | None:
    """Lock the game, then the seat, and read the fresh version and draft; the snapshot
    comes from ``loaded`` (read by the caller) when it is that version.

    The game's row before the seat's, as a move takes them (``_apply``): a tap racing
    a Confirm then only waits for it. One query for both would lock the seat first
    (PostgreSQL locks a join's rows in FROM order) and could deadlock with the move.
    """
    with transaction.atomic():
        locked = _locked(game_id, expected_version, ("version", "status", "paused_until"))
        row = Seat.objects.select_for_update().only("turn_draft", "index")
        row = row.filter(game_id=game_id, index=seat).first()
        if row is None:
            raise NotAllowed("No such game.", "no_game")
        game = loaded if loaded is not None and loaded.version == locked.version else None
        game = game or _load(game_id)
        status, paused = locked.status, locked.paused_until
        old = current_draft(row, expected_version)
        new = _changed_draft(game, row, status, paused, expected_version, change)
        Seat.objects.filter(pk=row.pk).update(turn_draft=new)
        _extend_clock_for_melding(game, old is None and new is not None)
    return new


def _changed_draft(
    game: Game,
    row: Seat,
    status: str,
    paused_until: Any,
    expected_version: int,
    change: DraftChange,
) -> dict[str, Any] | None:
    """The seat's draft after ``change``; refused when it is not the seat's turn to act."""
    engine = engine_for(game.kind)
    state = engine.from_json(game.state)
    if status != GameStatus.ACTIVE or row.index not in engine.to_act(state):
        raise NotAllowed("It isn't your turn.", "not_your_turn")
    if paused_until is not None:
        raise Paused(paused_until)
    new = change(current_draft(row, expected_version), engine.view(state, row.index))
    if new is not None:
        new["version"] = expected_version
    return new


# --- online tables: the clock, the pause, the house ------------------------------------
# Online games (``Game.online``) keep a ``deadline`` for the people to act. It is
# stored with the game, so whoever looks first after it passes — the countdown
# task, the beat sweep, or the next request — applies the engine's
# ``TIMEOUT_ACTION`` under the usual version check, once. Three timeouts in a row
# hand the seat to the house (a computer at the table's level) until its player
# takes it back. See games/online.py for the rules that are not writes.

MAX_PAUSE = timedelta(days=7)
HOUSE_AFTER_MISSES = 3


def _clock_ran_out(game: Game) -> bool:
    """An online clock whose deadline has passed on an active, running table."""
    return bool(
        game.online
        and game.status == GameStatus.ACTIVE
        and game.paused_until is None
        and game.deadline is not None
        and game.deadline <= timezone.now()
    )


def _people_to_act(game: Game, state: Any) -> set[int]:
    """Seats a person (or their program) must act for now; the house and computers act alone."""
    acting = engine_for(game.kind).to_act(state)
    return {s.index for s in game.seats.all() if not s.automated and s.index in acting}


def _next_deadline(game: Game, engine: Any, state: Any) -> Any:
    """The clock after a move: kept while the same people answer the same question, else fresh.

    RULINGS: every decision a seat is newly asked for gets its own full clock.
    Who acts is not enough to tell: after the doubla the same seats play on,
    and a cut, a first turn or Next round may fall to whoever acted before. So
    the engine names it (``same_decision``): one question several seats answer,
    or one turn played in steps, keeps its clock; anything else starts afresh.
    """
    if not game.online or game.paused_until is not None:
        return None
    people = _people_to_act(game, state)
    if not people:
        return None
    before = engine.from_json(game.state)
    if (
        game.deadline is not None
        and people <= _people_to_act(game, before)
        and _same_decision(engine, before, state)
    ):
        return game.deadline  # the same question (others answered, or a step of one turn)
    return _fresh_deadline(engine, state, game.config, game)


def _same_decision(engine: Any, before: Any, after: Any) -> bool:
    """The engine's word on whether a move left the same question open.

    An engine that names none (one whose every move ends a turn) asks anew
    after every move, the safe reading of the rule.
    """
    same = getattr(engine, "same_decision", None)
    return bool(same is not None and same(before, after))


def _fresh_deadline(engine: Any, state: Any, config: Any = None, game: Game | None = None) -> Any:
    """A full clock for whoever acts now (days per move at a correspondence table, counted
    from the end of the vacation of anyone to act who is on one)."""
    seconds = game_pace.move_seconds(config) or online_rules.turn_seconds(engine, state)
    start = timezone.now()
    if game is not None and game_pace.is_correspondence(config):
        people = _people_to_act(game, state)
        users = [s.user_id for s in game.seats.all() if s.index in people and s.user_id]
        start = max([start, *game_pace.away_until(users).values()])
    return start + timedelta(seconds=seconds)


def _queue_clock_on_commit(game: Game) -> None:
    game_id, version = str(game.id), game.version
    wait = max(0.0, (game.deadline - timezone.now()).total_seconds())
    transaction.on_commit(lambda: queue_clock(game_id, version, wait))


def queue_clock(game_id: str, version: int, wait: float) -> None:
    """Count down to a deadline in a task; a broker failure is logged (the sweep covers it).

    Only short waits become countdown tasks (a turn's clock): anything longer
    than the broker's visibility timeout would be handed out twice, so pauses
    are the beat sweep's job. Eager tasks run at once; the task then finds the
    deadline not yet passed and does nothing, and the table's next request applies it.
    """
    from games.tasks import expire_clock

    if wait > online_rules.LONGEST_COUNTDOWN:
        return
    try:
        expire_clock.apply_async((game_id, version), countdown=wait + online_rules.CLOCK_GRACE)
    except Exception:  # noqa: BLE001 - any broker failure: the beat sweep applies it
        if _tasks_run_in_process():
            raise
        with about_game(game_id):
            log.exception("could not queue the clock at v%s; the sweep will", version)


def apply_due_timeouts(game_id: UUID | str, version: int | None = None, limit: int = 8) -> int:
    """Play the timeout for each person whose clock ran out; idempotent, returns moves played.

    ``version`` (a task's) makes a late or duplicate task a no-op once the game moved on.
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
        if game is None or not _clock_ran_out(game):
            break
        if version is not None and game.version != version + played:
            break
        late = sorted(_people_to_act(game, load_state(game)))
        if not late:
            break
        engine = engine_for(game.kind)
        try:
            play(
                game.id,
                late[0],
                engine.TIMEOUT_ACTION,
                game.version,
                due_first=False,
                loaded=game,
                timeout=True,
                lapse=late[0] not in charged,
            )
        except (StaleVersion, NotAllowed):
            break
        charged.add(late[0])
        played += 1
    return played


SeatChange = tuple[Seat, list[str]] | None  # a seat row changed in memory, and its fields


def _count_missed_turn(game: Game, seat: int, timeout: bool, lapse: bool = True) -> SeatChange:
    """A person's own move resets their run of timeouts; the third lapse in a row calls the
    house. A timeout that is not a new lapse (``lapse`` False) leaves the count as it is.

    Changes the loaded row only; the move saves it (``_save_seat``) once it holds the
    game's row lock, so every path locks the game before the seat.
    """
    row = _seat_at(game, seat)
    if row is None or row.automated or not game.online or (timeout and not lapse):
        return None
    misses = row.missed_turns + 1 if timeout else 0
    if misses == row.missed_turns:
        return None
    row.missed_turns = misses
    fields = ["missed_turns"]
    if misses >= HOUSE_AFTER_MISSES:
        _hand_to_house(game, row, "timeouts")
        fields += ["house_level", "house_reason", "house_played"]
    return row, fields


def _save_seat(change: SeatChange) -> None:
    if change is not None:
        row, fields = change
        row.save(update_fields=fields)


def _hand_to_house(game: Game, row: Seat, reason: str) -> None:
    row.house_level = online_rules.house_level(game)
    row.house_reason = reason
    row.house_played = True


def pause(game_id: UUID | str, seconds: int | None = None) -> Game:
    """The host stops the table (clocks and computers too) for up to 7 days."""
    span = MAX_PAUSE if seconds is None else timedelta(seconds=seconds)
    if span <= timedelta(0) or span > MAX_PAUSE:
        raise ServiceError("A table can be paused for up to 7 days.", "bad_pause")
    with about_game(game_id), transaction.atomic():
        game = _locked_online(game_id)
        if game.paused_until is not None:
            raise ServiceError("The table is already paused.", "paused")
        now = timezone.now()
        left = (game.deadline - now).total_seconds() if game.deadline else None
        game.paused_clock_left = None if left is None else max(left, online_rules.RESUME_MINIMUM)
        game.paused_until, game.deadline = now + span, None
        game.awaiting_computer = False  # the sweep leaves a paused table alone; resume requeues
        fields = ["paused_until", "paused_clock_left", "deadline", "awaiting_computer", "updated"]
        game.save(update_fields=fields)
        live.notify_on_commit(game.id)
    return game


def resume(game_id: UUID | str) -> Game:
    """The same board, hands and turn; the clock goes on with what it had left."""
    with about_game(game_id), transaction.atomic():
        game = _locked_online(game_id)
        if game.paused_until is None:
            raise ServiceError("The table isn't paused.", "not_paused")
        left = game.paused_clock_left
        game.paused_until, game.paused_clock_left = None, None
        game.deadline = None if left is None else timezone.now() + timedelta(seconds=left)
        _carry_on(game, load_state(game), ["paused_until", "paused_clock_left", "deadline"])
    return game


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


def close_expired_pauses() -> int:
    """Tables left paused past their end close with no result for anyone (beat calls this)."""
    expired = Game.objects.filter(status=GameStatus.ACTIVE, paused_until__lt=timezone.now())
    return expired.update(
        status=GameStatus.ABANDONED, awaiting_computer=False, deadline=None, updated=timezone.now()
    )


GONE = ("left", "suspended")  # house reasons for a seat its player can't take back


def can_leave(row: Seat) -> bool:
    """A seat its player may still leave: their own, or one the house plays while they
    are away (timeouts) — leaving then is the loss the confirm page promises."""
    return row.house_reason not in GONE


def leave_seat(game_id: UUID | str, seat_index: int, reason: str = "left") -> Game:
    """The house takes a person's seat; leaving on purpose counts as a loss at once.

    When no person is left who could come back, the table ends there (see
    ``_end_unattended``) rather than the computers playing on by themselves.
    """
    with about_game(game_id), transaction.atomic():
        game = _locked_online(game_id)
        row = _person_seat(game, seat_index)
        if row.house_reason == "suspended" or (not can_leave(row) and reason != "suspended"):
            raise ServiceError("The house is already playing this seat.", "house")
        _hand_to_house(game, row, reason)
        row.save(update_fields=["house_level", "house_reason", "house_played"])
        if reason in GONE:
            game_abandoned.send(sender=Game, game=game, seat=seat_index)
        if _nobody_left(game):
            _end_unattended(game)
        else:
            _after_seat_change(game)
    return game


def _nobody_left(game: Game) -> bool:
    """Every seat is a computer's, or the house's for good (its player left or was suspended)."""
    return all(s.is_computer or s.house_reason in GONE for s in game.seats.all())


def _end_unattended(game: Game) -> None:
    """The last person left: the game ends now, abandoned, with nobody's request held.

    Why not let the house and the computers play it out: no one would see it,
    it would cost a worker (or, with no broker, a request) every move to the
    end, and nothing is left to decide: every person there has already had
    their loss counted as they left (RULINGS: leaving counts as a loss at once).
    """
    game.status = GameStatus.ABANDONED
    game.awaiting_computer, game.deadline = False, None
    game.save(update_fields=["status", "awaiting_computer", "deadline", "updated"])
    live.notify_on_commit(game.id)


def take_back(game_id: UUID | str, seat_index: int) -> Game:
    """A player back at the table takes their seat from the house (not a suspended one)."""
    with about_game(game_id), transaction.atomic():
        game = _locked_online(game_id)
        row = _person_seat(game, seat_index)
        if not row.house_level:
            raise ServiceError("This seat is already yours to play.", "not_house")
        if row.house_reason == "suspended":
            raise NotAllowed("This seat can't be taken back.", "suspended")
        row.house_level, row.house_reason, row.missed_turns = "", "", 0
        row.save(update_fields=["house_level", "house_reason", "missed_turns"])
        _after_seat_change(game)
    return game


def suspend_player(user_id: int | None = None, device_key: str = "") -> int:
    """Staff suspended a player: the house plays their active online seats, the name goes."""
    if user_id is None and not device_key:
        return 0
    seats = Seat.objects.filter(game__online=True, game__status=GameStatus.ACTIVE)
    seats = (
        seats.filter(user_id=user_id)
        if user_id is not None
        else seats.filter(user__isnull=True, device_key=device_key)
    )
    changed = 0
    for game_id, index in list(seats.values_list("game_id", "index")):
        Seat.objects.filter(game_id=game_id, index=index).update(
            display_name=online_rules.placeholder_name(index)
        )
        # The house takes the seat (which also tells the table); on an ended game only
        # the name goes.
        with contextlib.suppress(ServiceError):
            leave_seat(game_id, index, reason="suspended")
        changed += 1
    return changed


def _locked_online(game_id: UUID | str) -> Game:
    game = _locked(game_id, None)
    if not game.online:
        raise NotAllowed("Only online tables have a host.", "not_online")
    if game.status != GameStatus.ACTIVE:
        raise NotAllowed("This game has ended.", "game_ended")
    return game


def _person_seat(game: Game, seat_index: int) -> Seat:
    row = game.seats.filter(index=seat_index).first()
    if row is None or row.is_computer:
        raise NotAllowed("That seat isn't a player's.", "no_seat")
    return row


def _after_seat_change(game: Game) -> None:
    """The house came or went: who acts next may have changed; the clock follows."""
    state = load_state(game)
    if not _people_to_act(game, state) or game.paused_until is not None:
        game.deadline = None
    elif game.deadline is None:
        game.deadline = _fresh_deadline(engine_for(game.kind), state, game.config, game)
    _carry_on(game, state, ["deadline"])


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


def _extend_clock_for_melding(game: Game, draft_was_empty: bool) -> None:
    """The first tile of a meld earns the mover the engine's melding bonus, once a turn.

    The row keeps the version it was given at: a draft reverted to nothing and begun
    again is empty once more, and would otherwise earn the bonus again and again.
    """
    if not (draft_was_empty and game.online and game.deadline is not None):
        return
    bonus = online_rules.meld_bonus(engine_for(game.kind))
    if not bonus:
        return
    first = Game.objects.filter(id=game.id, version=game.version).exclude(
        meld_bonus_version=game.version
    )
    if first.update(
        deadline=F("deadline") + timedelta(seconds=bonus),
        meld_bonus_version=game.version,
        updated=timezone.now(),
    ):
        live.notify_on_commit(game.id)
