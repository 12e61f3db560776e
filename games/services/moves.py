"""Starting a game and a person's move: the version check, the engine, the write.

A move first catches the table up (computers due in a timed window, a clock that
ran out), so a late press loses the race whether or not a task ran.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db import transaction
from django.utils.translation import gettext as _

from games.engine.base import IllegalAction
from games.engine.registry import engine_for
from games.log_context import about_game
from games.models import Game, GameStatus, Seat
from games.services.clock import apply_due_timeouts
from games.services.computers import run_due_computer_turns
from games.services.deadlines import (
    _clock_ran_out,
    _fresh_deadline,
    _people_to_act,
    _queue_clock_on_commit,
)
from games.services.errors import NotAllowed, ServiceError, _stale
from games.services.rows import _load, _locked
from games.services.scripts import follows_script
from games.services.turns import _mark_awaiting
from games.services.writes import write_move
from games.signals import game_abandoned


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
    dealt: Any = None,
) -> Game:
    """Deal a new game. ``dealt`` is a start the engine built for a guided game (a state of
    its own, from its own functions: ``scripts.py``), dealt instead of the seed's."""
    engine = engine_for(kind)
    seed = secrets.randbits(62) if seed is None else seed
    try:
        state = engine.new_game(config, seed) if dealt is None else dealt
    except IllegalAction as exc:
        raise ServiceError(exc.shown_message, "bad_config") from exc  # the reader's language
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
        return write_move(
            game_id,
            seat,
            action,
            expected_version,
            loaded=game,
            timeout=timeout,
            automated=automated,
            lapse=lapse,
        )


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
            raise NotAllowed(_("This game has ended."), "game_ended")
        game.status = GameStatus.ABANDONED
        game.awaiting_computer = False
        game.save()
        if not follows_script(game):  # a guided game (scripts.py) counts for nobody
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
