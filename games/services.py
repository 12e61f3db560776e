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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db import transaction

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


def play(game_id: UUID | str, seat: int, action: dict[str, Any], expected_version: int) -> Game:
    """Apply one action for ``seat``; refuse stale versions and illegal moves unchanged."""
    with transaction.atomic():
        game = _locked(game_id, expected_version)
        engine = engine_for(game.kind)
        if game.status != GameStatus.ACTIVE:
            raise NotAllowed("This game has ended.", "game_ended")
        try:
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
    game.awaiting_computer = bool(_computer_seats_to_act(game, state))
    game.save()
    if game.awaiting_computer:
        from games.tasks import run_computer_turns

        game_id, version = str(game.id), game.version
        transaction.on_commit(lambda: run_computer_turns.delay(game_id, version))


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
    seat = seats[0]
    view = engine.view(state, seat.index)
    # A bot with no answer for a seat that must act gets the move a clock would make.
    action = choose_for(game.kind)(view, seat.computer_level) or engine.TIMEOUT_ACTION
    try:
        play(game_id, seat.index, action, version)
    except IllegalMove:
        log.exception("computer move refused in %s; falling back", game_id)
        play(game_id, seat.index, engine.TIMEOUT_ACTION, version)
    except StaleVersion:
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
