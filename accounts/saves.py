"""Save slots: which of a player's unfinished games the home page offers to continue.

Every move is already saved when it lands (games.services writes the
snapshot in the move's transaction). This module adds the *slot* rule: a
player has one save slot per game kind and mode (``slot_key``). Each of their
seats has a ``SavedGame`` whose ``saved_at`` is bumped by their own moves and
by "Save and exit". In each slot the newest save wins: it is offered as
"Continue game" if it is still unfinished; the others stay in the history and
are not offered. A finished or abandoned newest save leaves the slot empty.

This is a rule about reading, not a flag written on the losers, so it needs no
clean-up: two devices saving into one slot, a guest signing in with saves of
their own, and starting a new game over an old one are all the same case.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import OuterRef, QuerySet, Subquery
from django.http import HttpRequest

from accounts.models import SavedGame
from games import catalogue, services
from games.access import owned_seats
from games.models import Game, GameStatus, Seat

VS_COMPUTER = catalogue.VS_COMPUTER
DAILY = catalogue.DAILY
NEWEST_FIRST = ("-saved_at", "-seat_id")  # seat ids grow, so a later game wins a tie
HISTORY_LENGTH = 100


def slot_mode(kind: str, config: Mapping[str, Any]) -> str:
    """The mode half of a slot key: games of one kind in one mode share a slot.

    Each catalogue game declares its modes (``GameEntry.save_modes``); the
    first is the ordinary game against computers. A game that hosts the daily
    challenge has a "daily" slot too, so a daily game never replaces an
    ordinary save. A daily attempt is marked by ``config["daily"]`` (the day it
    counts for); all days share one slot, so home offers the newest attempt.
    """
    entry = catalogue.find(kind)
    modes = entry.save_modes if entry else (VS_COMPUTER,)
    if config.get("daily") and DAILY in modes:
        return DAILY
    return modes[0]


def slot_key(kind: str, config: Mapping[str, Any]) -> str:
    """The save slot a game of ``kind`` set up with ``config`` goes in: ``kind:mode``."""
    return f"{kind}:{slot_mode(kind, config)}"


@dataclass(frozen=True)
class SaveEntry:
    """One of a player's games as the home and history pages show it."""

    game: Game
    seat: Seat
    slot: str
    saved_at: datetime
    current: bool  # the newest save in its slot

    @property
    def can_continue(self) -> bool:
        return self.current and self.game.status == GameStatus.ACTIVE


def touch(seat: Seat, at: datetime) -> None:
    """Record that ``seat``'s owner saved its game at ``at`` (a move, or Save and exit).

    A guided first game (``games.services.follows_script``) takes no slot: the tutorials
    app keeps its own place, and it never stands in for a real game's save.
    """
    game = seat.game
    if services.follows_script(game):
        return
    # One upsert statement (no read first, no savepoint): this runs inside every move.
    save = SavedGame(seat=seat, slot=slot_key(game.kind, game.config), saved_at=at)
    SavedGame.objects.bulk_create(
        [save], update_conflicts=True, unique_fields=["seat"], update_fields=["slot", "saved_at"]
    )


def fill_missing(seats: QuerySet[Seat]) -> None:
    """Give seats without a save one dated when their game began.

    A game the player has not moved in yet is still saved (it was dealt), so
    it takes part in the slot rule like any other.
    """
    missing = seats.filter(saved__isnull=True, computer_level="").select_related("game")
    missing = missing.exclude(game__config__has_key=services.SCRIPT_MARK)  # guided: no slot
    rows = [
        SavedGame(seat=s, slot=slot_key(s.game.kind, s.game.config), saved_at=s.game.created)
        for s in missing
    ]
    if rows:
        SavedGame.objects.bulk_create(rows, ignore_conflicts=True)


def continue_offers(request: HttpRequest) -> list[SaveEntry]:
    """The games home offers to continue: per slot, the newest save if it is unfinished."""
    seats = owned_seats(request)
    fill_missing(seats)
    mine = SavedGame.objects.filter(seat__in=seats)
    newest = mine.filter(slot=OuterRef("slot")).order_by(*NEWEST_FIRST).values("pk")[:1]
    winners = (
        mine.filter(pk=Subquery(newest), seat__game__status=GameStatus.ACTIVE)
        .select_related("seat__game")
        .prefetch_related("seat__game__seats")
        .order_by(*NEWEST_FIRST)
    )
    return [_entry(save, current=True) for save in winners]


def history(request: HttpRequest, limit: int = HISTORY_LENGTH) -> list[SaveEntry]:
    """The player's games, newest save first, each marked whether it is its slot's newest."""
    seats = owned_seats(request)
    fill_missing(seats)
    saves = (
        SavedGame.objects.filter(seat__in=seats)
        .select_related("seat__game")
        .prefetch_related("seat__game__seats")
        .order_by(*NEWEST_FIRST)[:limit]
    )
    seen: set[str] = set()
    entries = []
    for save in saves:
        # Newest first, so a slot's first appearance is its newest save.
        entries.append(_entry(save, current=save.slot not in seen))
        seen.add(save.slot)
    return entries


def _entry(save: SavedGame, current: bool) -> SaveEntry:
    return SaveEntry(
        game=save.seat.game, seat=save.seat, slot=save.slot, saved_at=save.saved_at, current=current
    )
