"""A person's guided first games: starting, resuming, skipping, finishing, the offer.

A person is the account when signed in, else this device (its signed device key), as for
saves and puzzles. Starting deals a guided game through the one service door (its start
is the tutorial's deal, built by the engine); resuming opens the same game again, on any
of the person's devices; Skip ends it without counting anywhere; the game's script marks
the row done when the last step is played (:func:`finish`).
"""

from __future__ import annotations

import contextlib
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models.functions import Coalesce
from django.http import HttpRequest
from django.utils import timezone

from games import services
from games.models import Game, GameStatus
from games.table_flow import YOU

from .models import Progress, Status
from .steps import Tutorial


def _owner(request: HttpRequest) -> dict[str, Any] | None:
    """The person asking, as the row's owner fields; None without a device key (no cookie)."""
    user = request.user
    if user.is_authenticated:
        return {"user_id": user.pk, "device_key": ""}
    key = getattr(request, "device_key", "")
    return {"user__isnull": True, "device_key": key} if key else None


def rows(request: HttpRequest) -> dict[str, Progress]:
    """The person's rows by game kind."""
    owner = _owner(request)
    if owner is None:
        return {}
    found = Progress.objects.filter(**owner).select_related("game")
    return {row.kind: row for row in found}


def row_for(request: HttpRequest, kind: str) -> Progress | None:
    owner = _owner(request)
    if owner is None:
        return None
    return Progress.objects.filter(kind=kind, **owner).select_related("game").first()


def can_keep(request: HttpRequest) -> bool:
    """Whether there is someone to keep progress for (an account, or a device's cookie)."""
    return _owner(request) is not None


def _row(request: HttpRequest, kind: str, status: str) -> Progress:
    """The person's row for ``kind``, made with ``status`` if there is none yet."""
    owner = _owner(request)
    if owner is None:
        raise LookupError("no one to keep progress for: check can_keep first")
    fields = {k: v for k, v in owner.items() if k != "user__isnull"}
    found = Progress.objects.filter(kind=kind, **owner).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return Progress.objects.create(kind=kind, status=status, **fields)
    except IntegrityError:  # two first requests at once: the other one made it
        return Progress.objects.get(kind=kind, **owner)


def resumable(row: Progress | None) -> Game | None:
    """The guided game the row is playing, if it can still be played on."""
    if row is None or row.status != Status.STARTED or row.game is None:
        return None
    return row.game if row.game.status == GameStatus.ACTIVE else None


def start(request: HttpRequest, tutorial: Tutorial, restart: bool = False) -> Game:
    """The person's guided game: the one in progress, or (first time, or ``restart``) a new
    deal, dealt through the service door with the tutorial's start."""
    row = _row(request, tutorial.kind, Status.STARTED)
    game = None if restart else resumable(row)
    if game is not None:
        return game
    _end(row)
    user_id = request.user.pk if request.user.is_authenticated else None
    you = services.SeatSpec(YOU, user_id=user_id, device_key=getattr(request, "device_key", ""))
    computers = [
        services.SeatSpec(name, computer_level=level) for name, level in tutorial.computers
    ]
    config = {**tutorial.config, services.SCRIPT_MARK: tutorial.kind}
    game = services.create_game(
        tutorial.kind, config, [you, *computers], seed=tutorial.seed, dealt=tutorial.deal()
    )
    row.status, row.game = Status.STARTED, game
    row.save(update_fields=["status", "game", "updated"])
    return game


def skip(request: HttpRequest, kind: str) -> None:
    """Leave the guided game before its end: marked skipped (a done one stays done)."""
    row = _row(request, kind, Status.SKIPPED)
    _end(row)
    row.status = Status.DONE if row.done_at else Status.SKIPPED
    row.save(update_fields=["status", "updated"])


def dismiss(request: HttpRequest, kind: str) -> None:
    """Wave the setup page's offer away (the game's pages still link to it)."""
    _row(request, kind, Status.DISMISSED)


def _end(row: Progress) -> None:
    """End the row's unfinished guided game; it counts for nobody (services.abandon)."""
    game = resumable(row)
    if game is not None:
        with contextlib.suppress(services.ServiceError):  # it ended meanwhile
            services.abandon(game.id)


def finish(game: Game) -> None:
    """The guided game reached its script's end: its row is done (first time: ``done_at``),
    and the game ends there, counting for nobody (it may stop mid-round, on your turn)."""
    now = timezone.now()
    Progress.objects.filter(game=game, status=Status.STARTED).update(
        status=Status.DONE, done_at=Coalesce("done_at", now), updated=now
    )
    if game.status == GameStatus.ACTIVE:
        with contextlib.suppress(services.ServiceError):  # ended meanwhile (another tab)
            services.abandon(game.id)


def is_done(row: Progress | None) -> bool:
    return row is not None and row.done_at is not None


def offer(request: HttpRequest, kind: str) -> bool:
    """Whether the setup page offers the guided game: on the person's first visits, until
    they start it, skip it or wave the offer away."""
    return _owner(request) is not None and row_for(request, kind) is None


def adopt_guest(user_id: int, device_key: str) -> None:
    """Signing in: the device's rows join the account's (a game done on either stays done;
    the account's own row wins otherwise, as its game is the one it was playing)."""
    if not device_key:
        return
    with transaction.atomic():
        for guest in Progress.objects.select_for_update().filter(
            user__isnull=True, device_key=device_key
        ):
            mine = Progress.objects.filter(user_id=user_id, kind=guest.kind).first()
            if mine is None:
                guest.user_id, guest.device_key = user_id, ""
                guest.save(update_fields=["user", "device_key", "updated"])
                continue
            if resumable(guest) is not None and resumable(mine) is None:
                mine.status, mine.game = Status.STARTED, guest.game  # its seat moved too
            if guest.done_at and not mine.done_at:
                mine.done_at = guest.done_at
                if mine.status != Status.STARTED:
                    mine.status = Status.DONE
            mine.save(update_fields=["done_at", "status", "game", "updated"])
            guest.delete()
