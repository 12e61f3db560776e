"""Reading and locking a game's rows, the first step of every change."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.utils.translation import gettext as _

from games.access import game_with_seats
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Seat
from games.services.errors import NotAllowed, _stale


def load_state(game: Game) -> Any:
    return engine_for(game.kind).from_json(game.state)


def _seat_at(game: Game, index: int) -> Seat | None:
    """The seat row at ``index`` from the game's loaded seats (no query)."""
    return next((s for s in game.seats.all() if s.index == index), None)


def _load(game_id: UUID | str) -> Game:
    """The game with its seats (one query); refused when there is no such game."""
    game = game_with_seats(game_id)
    if game is None:
        raise NotAllowed(_("No such game."), "no_game")
    return game


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
        raise NotAllowed(_("No such game."), "no_game") from exc
    if expected_version is not None and game.version != expected_version:
        raise _stale()
    return game


def _locked_online(game_id: UUID | str) -> Game:
    game = _locked(game_id, None)
    if not game.online:
        raise NotAllowed(_("Only online tables have a host."), "not_online")
    if game.status != GameStatus.ACTIVE:
        raise NotAllowed(_("This game has ended."), "game_ended")
    return game


def _person_seat(game: Game, seat_index: int) -> Seat:
    row = game.seats.filter(index=seat_index).first()
    if row is None or row.is_computer:
        raise NotAllowed(_("That seat isn't a player's."), "no_seat")
    return row
