"""A seat's turn draft (the move being put together): edited under the move's version check."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.db import transaction
from django.utils.translation import gettext as _

from games import drafts as draft_rows
from games.engine.registry import engine_for
from games.log_context import about_game
from games.models import Game, GameStatus, Seat
from games.services.deadlines import _extend_clock_for_melding
from games.services.errors import NotAllowed, Paused, _stale
from games.services.rows import _load, _locked

DraftChange = Callable[[dict[str, Any] | None, dict[str, Any]], dict[str, Any] | None]


def current_draft(seat: Seat, version: int) -> dict[str, Any] | None:
    """A seat's draft, if it was made at this version (any move makes old drafts moot)."""
    draft = seat.turn_draft
    return draft if draft and draft.get("version") == version else None


def update_draft(
    game_id: UUID | str,
    seat: int,
    expected_version: int,
    change: DraftChange,
    *,
    loaded: Game | None = None,
) -> dict[str, Any] | None:
    """Edit a seat's turn draft under the same version check as a move.

    ``change(draft, view)`` returns the new draft (None clears it) or raises
    ServiceError; the draft is never the game, so the version does not move.
    With the game already read (``loaded``, not an online table) the edit is one
    compare-and-set statement: it writes only if the seat's draft and the game's
    version, status and pause are still what was read (``games.drafts.swap``). Two
    devices tapping at once lose nothing: the one that finds the draft changed
    does its tap again under the lock, as every edit did before.
    """
    with about_game(game_id):
        if loaded is not None and not loaded.online:
            new = _draft_without_lock(loaded, seat, expected_version, change)
            if new is not draft_rows.RACED:
                return new
        return _draft_under_lock(game_id, seat, expected_version, change, loaded)


def _draft_without_lock(
    game: Game, seat: int, expected_version: int, change: DraftChange
) -> dict[str, Any] | None | draft_rows.Raced:
    """The tap on the game as read; ``games.drafts.RACED`` when the row moved meanwhile."""
    if game.version != expected_version:
        raise _stale()
    row = next((s for s in game.seats.all() if s.index == seat), None)
    if row is None:
        raise NotAllowed(_("No such game."), "no_game")
    before = draft_rows.as_stored(row.turn_draft)  # before ``change``, which may edit it in place
    new = _changed_draft(game, row, game.status, game.paused_until, expected_version, change)
    if not draft_rows.swap(row, game, before, new):
        return draft_rows.RACED
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

    The game's row before the seat's, as a move takes them (``writes._apply``): a tap
    racing a Confirm then only waits for it. One query for both would lock the seat first
    (PostgreSQL locks a join's rows in FROM order) and could deadlock with the move.
    """
    with transaction.atomic():
        locked = _locked(game_id, expected_version, ("version", "status", "paused_until"))
        seats = Seat.objects.select_for_update().only("turn_draft", "index")
        row = seats.filter(game_id=game_id, index=seat).first()
        if row is None:
            raise NotAllowed(_("No such game."), "no_game")
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
        raise NotAllowed(_("It isn't your turn."), "not_your_turn")
    if paused_until is not None:
        raise Paused(paused_until)
    new = change(current_draft(row, expected_version), engine.view(state, row.index))
    if new is not None:
        new["version"] = expected_version
    return new
