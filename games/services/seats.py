"""A person's seat at an online table: leaving it to the house, and taking it back."""

from __future__ import annotations

from uuid import UUID

from django.db import transaction
from django.utils.translation import gettext as _

from games import live
from games.engine.registry import engine_for
from games.log_context import about_game
from games.models import Game, GameStatus, Seat
from games.services.deadlines import _fresh_deadline, _people_to_act
from games.services.errors import NotAllowed, ServiceError
from games.services.house import _hand_to_house
from games.services.rows import _locked_online, _person_seat, load_state
from games.services.turns import _carry_on
from games.signals import game_abandoned

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
            raise ServiceError(_("The house is already playing this seat."), "house")
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
            raise ServiceError(_("This seat is already yours to play."), "not_house")
        if row.house_reason == "suspended":
            raise NotAllowed(_("This seat can't be taken back."), "suspended")
        row.house_level, row.house_reason, row.missed_turns = "", "", 0
        row.save(update_fields=["house_level", "house_reason", "missed_turns"])
        _after_seat_change(game)
    return game


def _after_seat_change(game: Game) -> None:
    """The house came or went: who acts next may have changed; the clock follows."""
    state = load_state(game)
    if not _people_to_act(game, state) or game.paused_until is not None:
        game.deadline = None
    elif game.deadline is None:
        game.deadline = _fresh_deadline(engine_for(game.kind), state, game.config, game)
    _carry_on(game, state, ["deadline"])
