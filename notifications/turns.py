"""Deciding who to tell "your turn" after a move, and recording it once.

Rules (issue 27): only people with an account, at online tables; only a seat
the engine asks to act now; never a seat whose table page polled in the last
``PRESENT_SECONDS``; at most one notice per seat between two of its own moves
(one per move, whatever number of others' moves, retries or workers); and only
on the channels the player left on for that pace.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from django.db import IntegrityError, transaction
from django.db.models import Max

from games import presence, services
from games.access import game_with_seats
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Move, Seat
from notifications.models import NotificationSettings, TurnNotice
from notifications.pace import is_correspondence

PRESENT_SECONDS = 30
CHANNELS = ("email", "push")


@dataclass(frozen=True)
class Decision:
    """A notice written, and the channels to deliver it on."""

    notice: TurnNotice
    channels: tuple[str, ...]


def may_concern_someone(game: Game) -> bool:
    """A cheap look in the mover's request: is there any person with an account to tell?"""
    return game.online and any(_tellable(s) for s in game.seats.all())


def _tellable(seat: Seat) -> bool:
    return seat.user_id is not None and not seat.automated and not seat.is_program


def decide(game_id: UUID | str, version: int) -> list[Decision]:
    """The notices to deliver for the game at ``version``; none if it moved on since.

    A later version has its own decision (every move at an online table asks),
    so skipping a stale one loses nothing and never tells a seat twice.
    """
    game = game_with_seats(game_id)
    if game is None or game.version != version or game.status != GameStatus.ACTIVE:
        return []
    if game.paused_until is not None:
        return []
    acting = engine_for(game.kind).to_act(services.load_state(game))
    correspondence = is_correspondence(game)
    decisions = []
    for seat in game.seats.all():
        if seat.index not in acting or not _tellable(seat):
            continue
        if presence.seen_within(game.id, seat.user_id, PRESENT_SECONDS):
            continue
        channels = _channels(seat.user_id, correspondence)
        if channels:
            notice = _record(game, seat)
            if notice is not None:
                decisions.append(Decision(notice, channels))
    return decisions


def settings_for(user_id: int) -> NotificationSettings:
    """The player's choices (the defaults until they change one)."""
    found = NotificationSettings.objects.filter(user_id=user_id).first()
    return found if found is not None else NotificationSettings(user_id=user_id)


def _channels(user_id: int, correspondence: bool) -> tuple[str, ...]:
    prefs = settings_for(user_id)
    return tuple(c for c in CHANNELS if prefs.wants(c, correspondence))


def _record(game: Game, seat: Seat) -> TurnNotice | None:
    """Write the notice unless this seat was already told since its own last move."""
    last_own = Move.objects.filter(game=game, seat=seat.index).aggregate(m=Max("seq"))["m"] or 0
    told = TurnNotice.objects.filter(game=game, seat_index=seat.index, version__gte=last_own)
    if told.exists():
        return None
    try:
        with transaction.atomic():
            return TurnNotice.objects.create(
                game=game, seat_index=seat.index, version=game.version, user_id=seat.user_id
            )
    except IntegrityError:  # another worker decided the same move first
        return None
