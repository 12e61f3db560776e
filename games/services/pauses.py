"""The host's pause: clocks and computers stop for up to 7 days, then the table goes on."""

from __future__ import annotations

from datetime import timedelta
from uuid import UUID

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import live
from games import online as online_rules
from games.log_context import about_game
from games.models import Game, GameStatus
from games.services.errors import ServiceError
from games.services.rows import _locked_online, load_state
from games.services.turns import _carry_on

MAX_PAUSE = timedelta(days=7)


def pause(game_id: UUID | str, seconds: int | None = None) -> Game:
    """The host stops the table (clocks and computers too) for up to 7 days."""
    span = MAX_PAUSE if seconds is None else timedelta(seconds=seconds)
    if span <= timedelta(0) or span > MAX_PAUSE:
        raise ServiceError(_("A table can be paused for up to 7 days."), "bad_pause")
    with about_game(game_id), transaction.atomic():
        game = _locked_online(game_id)
        if game.paused_until is not None:
            raise ServiceError(_("The table is already paused."), "paused")
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
            raise ServiceError(_("The table isn't paused."), "not_paused")
        left = game.paused_clock_left
        game.paused_until, game.paused_clock_left = None, None
        game.deadline = None if left is None else timezone.now() + timedelta(seconds=left)
        _carry_on(game, load_state(game), ["paused_until", "paused_clock_left", "deadline"])
    return game


def close_expired_pauses() -> int:
    """Tables left paused past their end close with no result for anyone (beat calls this)."""
    expired = Game.objects.filter(status=GameStatus.ACTIVE, paused_until__lt=timezone.now())
    return expired.update(
        status=GameStatus.ABANDONED, awaiting_computer=False, deadline=None, updated=timezone.now()
    )
