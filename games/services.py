"""The only door that changes a game.

Every change — a person's move, a computer's move, a draft edit — is one
transaction that locks the game row, checks the version the caller saw, asks
the engine, and writes the snapshot and the move log together. Computer
turns are queued only after the commit, so a worker never sees a move that
was rolled back.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from games import catalogue
from games.access import game_with_seats
from games.action_schema import clean_action
from games.bots.registry import choose_for
from games.engine.base import IllegalAction
from games.engine.registry import engine_for
from games.log_context import about_game
from games.models import Game, GameStatus, Move, Seat
from games.signals import game_abandoned, game_finished

log = logging.getLogger(__name__)


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
        if _mark_awaiting(game, state):
            game.save(update_fields=["awaiting_computer"])
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
    (``due_first``), so a later press loses the race whether or not a task ran.
    """
    with about_game(game_id):
        game = loaded if loaded is not None else _load(game_id)
        engine = engine_for(game.kind)
        if due_first and hasattr(engine, "timed_window") and run_due_computer_turns(game_id):
            game = _load(game_id)
        with transaction.atomic():
            _apply(game, engine, seat, action, expected_version)
        if game.awaiting_computer and _tasks_run_in_process():
            game = _load(game_id)  # the computers already moved, in the commit hook
    return game


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


def _apply(game: Game, engine: Any, seat: int, action: dict[str, Any], expected: int) -> None:
    """The body of a move, inside its transaction; ``game`` is updated only once it is written."""
    if game.version != expected:
        raise _stale()
    if game.status != GameStatus.ACTIVE:
        raise NotAllowed("This game has ended.", "game_ended")
    _check_hold(game, engine, seat, action)
    try:
        action = clean_action(engine, action)  # declared fields only, bounded (422 if not)
        state, _events = engine.apply(engine.from_json(game.state), seat, action)
    except IllegalAction as exc:
        raise IllegalMove(exc.message, exc.code) from exc
    outcome = engine.result(state)
    finished = outcome is not None and outcome.game_over
    waiting = _write(game, engine, state, finished)
    Move.objects.create(
        game=game, seq=game.version, seat=seat, action=action, public_view=engine.view(state, None)
    )
    _clear_draft(game, seat)
    if waiting:
        _queue_on_commit(game, state, waiting)
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
    }
    claimed = Game.objects.filter(id=game.id, version=game.version, status=GameStatus.ACTIVE)
    if not claimed.update(**changes):
        raise _stale()
    for name, value in changes.items():
        setattr(game, name, value)
    return waiting


def _clear_draft(game: Game, seat: int) -> None:
    """Any move makes the mover's draft moot; clear it (only when there is one)."""
    row = next((s for s in game.seats.all() if s.index == seat), None)
    if row is not None and row.turn_draft is not None:
        Seat.objects.filter(pk=row.pk).update(turn_draft=None)
        row.turn_draft = None


def _stale() -> StaleVersion:
    return StaleVersion(
        "The game moved on since this page was drawn; here is the current table.", "stale"
    )


def _locked(game_id: UUID | str, expected_version: int | None) -> Game:
    """Lock the game row; refuse a version other than ``expected_version`` (None: any)."""
    try:
        game = Game.objects.select_for_update().get(id=game_id)
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

    eager = _tasks_run_in_process()
    try:
        if wait <= 0:
            run_computer_turns.delay(game_id, version)
        elif not eager:
            run_computer_turns.apply_async((game_id, version), countdown=wait)
    except Exception:  # noqa: BLE001 - any broker failure; an eager task's own errors re-raise
        if eager:
            raise
        with about_game(game_id):
            log.exception("could not queue the computer turn at v%s; the sweep will", version)


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
    hold_of = getattr(engine, "hold_seconds", None)
    if hold_of is None:
        return
    state = engine.from_json(game.state)
    hold = hold_of(state, seat, action)
    opened = _window_opened(game, state) if hold > 0 else None
    left = 0.0 if opened is None else opened + hold - _now()
    if left > 0:
        raise TooSoon(f"Wait a moment: the others have {left:.1f} s more to answer.", "held")


def run_due_computer_turns(game_id: UUID | str, limit: int = 12) -> int:
    """Play the computer moves whose deadline has passed in a timed window (a poll, a press)."""
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
        play(game.id, seat.index, action, version, due_first=False, loaded=game)
    except IllegalMove:
        log.exception("computer move refused in %s; falling back", game.id)
        play(game.id, seat.index, engine.TIMEOUT_ACTION, version, due_first=False, loaded=game)
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
    """Edit a seat's turn draft under the same lock and version check as a move.

    ``change(draft, view)`` returns the new draft (None clears it) or raises
    ServiceError; the draft is never the game, so the version does not move.
    One query locks the seat and its game and reads the fresh draft and version;
    the snapshot comes from ``loaded`` (read by the caller) when it is that version.
    """
    with about_game(game_id), transaction.atomic():
        row = (
            Seat.objects.select_related("game")
            .select_for_update()
            .only("turn_draft", "index", "game__version", "game__status")
            .filter(game_id=game_id, index=seat)
            .first()
        )
        if row is None:
            raise NotAllowed("No such game.", "no_game")
        if row.game.version != expected_version:
            raise _stale()
        game = loaded if loaded is not None and loaded.version == row.game.version else None
        game = game or _load(game_id)
        engine = engine_for(game.kind)
        state = engine.from_json(game.state)
        if row.game.status != GameStatus.ACTIVE or seat not in engine.to_act(state):
            raise NotAllowed("It isn't your turn.", "not_your_turn")
        new = change(current_draft(row, expected_version), engine.view(state, seat))
        if new is not None:
            new["version"] = expected_version
        Seat.objects.filter(pk=row.pk).update(turn_draft=new)
    return new
