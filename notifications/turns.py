"""Deciding who to tell "your turn" after a move, and recording it once.

Rules (issue 27): only people with an account, at online tables; only a seat
the engine asks to act now; never a seat whose table page polled in the last
``PRESENT_SECONDS``; at most one notice per seat between two of its own moves
(one per move, whatever number of others' moves, retries or workers); and only
on the channels the player left on for that pace.

A seat whose page polled a moment ago is not dropped but deferred (issue 34):
the player may have moved and closed the tab just before the others answered.
The plan then names it with the seconds until its page will have been silent
for ``PRESENT_SECONDS``, and the caller asks again about that seat alone then
(a countdown task, or a timer without a broker). Asking again is harmless:
the notice is written once, and a game that moved on has its own decision.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass, field
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
DEFER_MARGIN = 1.0  # seconds past the silence, so the second look finds the page quiet
CHANNELS = ("email", "push")


@dataclass(frozen=True)
class Decision:
    """A notice written, and the channels to deliver it on."""

    notice: TurnNotice
    channels: tuple[str, ...]


@dataclass(frozen=True)
class Deferral:
    """A seat to ask about again in ``wait`` seconds: its table page polled a moment ago."""

    seat_index: int
    wait: float


@dataclass
class Plan:
    """What one look at a game decided: notices to deliver now, seats to ask about later."""

    tell: list[Decision] = field(default_factory=list)
    later: list[Deferral] = field(default_factory=list)


def may_concern_someone(game: Game) -> bool:
    """A cheap look in the mover's request: is there any person with an account to tell?"""
    return game.online and any(_tellable(s) for s in game.seats.all())


def _tellable(seat: Seat) -> bool:
    return seat.user_id is not None and not seat.automated and not seat.is_program


def decide(game_id: UUID | str, version: int, seats: Collection[int] | None = None) -> Plan:
    """The notices to deliver for the game at ``version`` (only ``seats``, if given).

    Nothing if it moved on since: a later version has its own decision (every
    move at an online table asks), so skipping a stale one loses nothing and
    never tells a seat twice.
    """
    plan = Plan()
    game = game_with_seats(game_id)
    if game is None or game.version != version or game.status != GameStatus.ACTIVE:
        return plan
    if game.paused_until is not None:
        return plan
    acting = engine_for(game.kind).to_act(services.load_state(game))
    correspondence = is_correspondence(game)
    for seat in game.seats.all():
        if seat.index not in acting or not _tellable(seat):
            continue
        if seats is not None and seat.index not in seats:
            continue
        channels = _channels(seat.user_id, correspondence)
        if not channels or _told_since_own_move(game, seat):
            continue
        wait = _silence_left(game, seat)
        if wait > 0:
            plan.later.append(Deferral(seat.index, wait + DEFER_MARGIN))
            continue
        notice = _record(game, seat)
        if notice is not None:
            plan.tell.append(Decision(notice, channels))
    return plan


def _silence_left(game: Game, seat: Seat) -> float:
    """Seconds until the seat's table page will have been silent ``PRESENT_SECONDS`` (0: now)."""
    seen = presence.last_seen(game.id, seat.user_id)
    if seen is None:
        return 0.0
    return max(0.0, PRESENT_SECONDS - (time.time() - seen))


def settings_for(user_id: int) -> NotificationSettings:
    """The player's choices (the defaults until they change one)."""
    found = NotificationSettings.objects.filter(user_id=user_id).first()
    return found if found is not None else NotificationSettings(user_id=user_id)


def _channels(user_id: int, correspondence: bool) -> tuple[str, ...]:
    prefs = settings_for(user_id)
    return tuple(c for c in CHANNELS if prefs.wants(c, correspondence))


def _told_since_own_move(game: Game, seat: Seat) -> bool:
    last_own = Move.objects.filter(game=game, seat=seat.index).aggregate(m=Max("seq"))["m"] or 0
    told = TurnNotice.objects.filter(game=game, seat_index=seat.index, version__gte=last_own)
    return told.exists()


def _record(game: Game, seat: Seat) -> TurnNotice | None:
    """Write the notice (the caller saw this seat not told since its own last move)."""
    try:
        with transaction.atomic():
            return TurnNotice.objects.create(
                game=game, seat_index=seat.index, version=game.version, user_id=seat.user_id
            )
    except IntegrityError:  # another worker decided the same move first
        return None
