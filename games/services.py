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

from games import catalogue
from games.action_schema import clean_action
from games.bots.registry import choose_for
from games.engine.base import IllegalAction
from games.engine.registry import engine_for
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


def create_game(
    kind: str, config: dict[str, Any], seats: list[SeatSpec], seed: int | None = None
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
        game = Game.objects.create(kind=kind, config=config, seed=seed, state=engine.to_json(state))
        Seat.objects.bulk_create(
            Seat(
                game=game,
                index=i,
                user_id=s.user_id,
                device_key=s.device_key,
                computer_level=s.computer_level,
                display_name=s.display_name,
            )
            for i, s in enumerate(seats)
        )
        _after_change(game, state)
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
) -> Game:
    """Apply one action for ``seat``; refuse stale versions and illegal moves unchanged.

    In a timed window a computer whose deadline has passed moves first
    (``due_first``), so a later press loses the race whether or not a task ran.
    """
    if due_first:
        run_due_computer_turns(game_id)
    with transaction.atomic():
        game = _locked(game_id, expected_version)
        engine = engine_for(game.kind)
        if game.status != GameStatus.ACTIVE:
            raise NotAllowed("This game has ended.", "game_ended")
        _check_hold(game, engine, seat, action)
        try:
            action = clean_action(engine, action)  # declared fields only, bounded (422 if not)
            state, _events = engine.apply(engine.from_json(game.state), seat, action)
        except IllegalAction as exc:
            raise IllegalMove(exc.message, exc.code) from exc
        game.state = engine.to_json(state)
        game.version += 1
        outcome = engine.result(state)
        if outcome is not None and outcome.game_over:
            game.status = GameStatus.FINISHED
        Move.objects.create(
            game=game,
            seq=game.version,
            seat=seat,
            action=action,
            public_view=engine.view(state, None),
        )
        Seat.objects.filter(game=game, index=seat).update(turn_draft=None)
        _after_change(game, state)
        if game.status == GameStatus.FINISHED:
            # In the same transaction: the result is recorded if and only if the game ends.
            game_finished.send(sender=Game, game=game, winners=list(outcome.winners))
    return game


def _locked(game_id: UUID | str, expected_version: int | None) -> Game:
    """Lock the game row; refuse a version other than ``expected_version`` (None: any)."""
    try:
        game = Game.objects.select_for_update().get(id=game_id)
    except Game.DoesNotExist as exc:
        raise NotAllowed("No such game.", "no_game") from exc
    if expected_version is not None and game.version != expected_version:
        raise StaleVersion(
            "The game moved on since this page was drawn; here is the current table.", "stale"
        )
    return game


def _computer_seats_to_act(game: Game, state: Any) -> list[Seat]:
    engine = engine_for(game.kind)
    acting = engine.to_act(state)
    seats = list(game.seats.all())
    outcome = engine.result(state)
    if outcome is not None and (outcome.game_over or any(not s.is_computer for s in seats)):
        return []  # between rounds the people decide when to go on (computers alone go on)
    return [s for s in seats if s.is_computer and s.index in acting]


def _after_change(game: Game, state: Any) -> None:
    seats = _computer_seats_to_act(game, state)
    game.awaiting_computer = bool(seats)
    game.save()
    if game.awaiting_computer:
        wait = min(_wait(game, state, s)[1] for s in seats)
        game_id, version = str(game.id), game.version
        transaction.on_commit(lambda: _queue(game_id, version, wait))


def _queue(game_id: str, version: int, wait: float) -> None:
    """Queue a computer turn, ``wait`` seconds on. Eager tasks ignore the countdown:
    the table's poll (``run_due_computer_turns``) then plays it when it is due."""
    from games.tasks import run_computer_turns

    if wait <= 0:
        run_computer_turns.delay(game_id, version)
    elif not run_computer_turns.app.conf.task_always_eager:
        run_computer_turns.apply_async((game_id, version), countdown=wait)


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
    delay = float(delay_for(view, seat.computer_level)) if delay_for else 0.0
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
    game = Game.objects.filter(id=game_id).first()
    if game is None or game.version != version or game.status != GameStatus.ACTIVE:
        return False
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
    action = choose_for(game.kind)(view, seat.computer_level) or engine.TIMEOUT_ACTION
    try:
        play(game_id, seat.index, action, version, due_first=False)
    except IllegalMove:
        log.exception("computer move refused in %s; falling back", game_id)
        play(game_id, seat.index, engine.TIMEOUT_ACTION, version, due_first=False)
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
) -> dict[str, Any] | None:
    """Edit a seat's turn draft under the same lock and version check as a move.

    ``change(draft, view)`` returns the new draft (None clears it) or raises
    ServiceError; the draft is never the game, so the version does not move.
    """
    with transaction.atomic():
        game = _locked(game_id, expected_version)
        engine = engine_for(game.kind)
        state = engine.from_json(game.state)
        if seat not in engine.to_act(state):
            raise NotAllowed("It isn't your turn.", "not_your_turn")
        row = Seat.objects.select_for_update().get(game=game, index=seat)
        current = current_draft(row, game.version)
        new = change(current, engine.view(state, seat))
        if new is not None:
            new["version"] = game.version
        row.turn_draft = new
        row.save(update_fields=["turn_draft"])
    return new
