"""The one entry point for the beat and the pages, and the games' news."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.models import Game, GameStatus
from tournaments import notices, results
from tournaments.models import Status, Table, TableSeat, Tournament
from tournaments.services.base import (
    ROUND_BREAK_SECONDS,
    TABLES_PER_PASS,
    _changed,
    _locked,
    _locked_if_free,
    _waiting,
)
from tournaments.services.recording import _finish, _record, _settle
from tournaments.services.seating import pair_arena
from tournaments.services.swiss import start_round


def tick(
    tournament_id: int, now: datetime | None = None, *, notify: bool = True, wait: bool = True
) -> Tournament | None:
    """Whatever is due now: notices, the start, results, pairing or a round, the end.

    Cheap when nothing is due (a few reads, no lock): every page poll calls it, so an
    event runs without a beat in development. Pages pass ``notify`` only when tasks run
    in-process (no beat to send the five-minute notices), and ``wait=False``: when another
    request holds the tournament it is doing this work, and the page goes on at once. An
    Arena deals ``TABLES_PER_PASS`` tables a pass, each pass its own short transaction, so
    a join or a finished game never waits long behind a big pairing.
    """
    now = now or timezone.now()
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or tournament.status in (Status.FINISHED, Status.CANCELLED):
        return tournament
    if tournament.status == Status.SCHEDULED and tournament.starts_at > now:
        if notify:
            notices.tell_due(tournament, now)
        return tournament
    more = _due(tournament, now)
    while more:
        with transaction.atomic():
            locked = _locked(tournament_id) if wait else _locked_if_free(tournament_id)
            if locked is None:
                return tournament
            tournament, more = locked, _pass(locked, now)
    return tournament


def _pass(tournament: Tournament, now: datetime) -> bool:
    """One locked pass; True when an Arena has more tables to deal at once."""
    if tournament.status == Status.SCHEDULED and tournament.starts_at <= now:
        _start(tournament, now)
    if tournament.status != Status.RUNNING:
        return False
    _settle(tournament)
    if not tournament.is_arena:
        _swiss_step(tournament, now)
        return False
    return _arena_step(tournament, now)


def _due(tournament: Tournament, now: datetime) -> bool:
    """Anything for ``tick`` to do under the lock (read without one)."""
    if tournament.status == Status.SCHEDULED:
        return tournament.starts_at <= now
    unsettled = Table.objects.filter(tournament=tournament, counted__isnull=True).exclude(
        game__status=GameStatus.ACTIVE
    )
    if unsettled.exists():
        return True
    if tournament.is_arena:
        end = tournament.ends_at
        if end is not None and now >= end:
            return True
        return _waiting(tournament, now).count() >= tournament.seats
    if tournament.round_no == 0:
        return True
    ended = tournament.round_ended
    if ended is None:
        return False
    last = tournament.round_no >= (tournament.rounds or 0)
    return last or now >= ended + timedelta(seconds=ROUND_BREAK_SECONDS)


def _start(tournament: Tournament, now: datetime) -> None:
    """Scheduled → running; a Swiss event without a table's worth of players is called off."""
    if not tournament.is_arena and tournament.entries.count() < tournament.seats:
        tournament.status, tournament.finished_at = Status.CANCELLED, now
        tournament.save(update_fields=["status", "finished_at"])
        _changed(tournament)
        return
    tournament.status, tournament.started_at = Status.RUNNING, now
    tournament.save(update_fields=["status", "started_at"])
    _changed(tournament)


def _arena_step(tournament: Tournament, now: datetime) -> bool:
    end = tournament.ends_at
    if end is not None and now >= end:
        running = Table.objects.filter(tournament=tournament, counted__isnull=True).exists()
        until = tournament.counts_until
        if not running or (until is not None and now >= until):
            _finish(tournament, now)
        return False
    return len(pair_arena(tournament, now, TABLES_PER_PASS)) >= TABLES_PER_PASS


def _swiss_step(tournament: Tournament, now: datetime) -> None:
    if tournament.round_no == 0:
        start_round(tournament, 1, now)
        return
    if tournament.round_ended is None:
        return
    if tournament.round_no >= (tournament.rounds or 0):
        _finish(tournament, now)
        return
    if now >= tournament.round_ended + timedelta(seconds=ROUND_BREAK_SECONDS):
        start_round(tournament, tournament.round_no + 1, now)


def game_ended(game: Game) -> bool:
    """A tournament game ended: record it (inside the transaction that ended it)."""
    table = Table.objects.filter(game_id=game.pk, counted__isnull=True).first()
    if table is None:
        return False
    tournament = _locked(table.tournament_id)
    table = Table.objects.select_related("game").get(pk=table.pk)
    if table.counted is not None:
        return False
    _record(tournament, table, timezone.now())
    tournament_id = tournament.pk
    # Its players (still at the table) are paired at once, not at their Game over's poll.
    transaction.on_commit(lambda: tick(tournament_id, wait=False))
    return True


def seat_left(game_id: Any) -> None:
    """A player left a running tournament game: free to sit again at once (the game goes
    on with the house, and scores them last when it ends); a table that ended is recorded."""
    table = Table.objects.filter(game_id=game_id).first()
    if table is None:
        return
    with transaction.atomic():
        tournament = _locked(table.tournament_id)
        game = Game.objects.get(pk=game_id)
        gone_seats = {s.index for s in game.seats.all() if results.left(s)}
        for seat in TableSeat.objects.filter(table=table).select_related("entry"):
            entry = seat.entry
            if seat.seat_index in gone_seats and entry.table_id == game.pk:
                entry.table = None
                entry.save(update_fields=["table"])
        _settle(tournament)
        _changed(tournament)
    tick(table.tournament_id, wait=False)
