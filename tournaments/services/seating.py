"""Seating players at tables: the Arena's pairing and dealing a tournament table."""

from __future__ import annotations

import logging
import random
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max
from django.utils import translation

from games.models import Game, GameStatus
from rooms import names
from rooms import services as rooms
from rooms.models import TOURNAMENT_NAME, Room
from rooms.people import Person
from tournaments import arena_pairing, scoring
from tournaments.models import Access, Entry, Table, TableSeat, Tournament, WithdrawnBecause
from tournaments.services.base import (
    _blocked_once,
    _changed,
    _ratings,
    _waiting,
    _withdraw,
    board_name,
)

log = logging.getLogger("tournaments.services")  # one logger for the whole service

# While others are still playing, two players whose table just ended wait this long for
# someone new before they are seated together again (arena_pairing: "may meet again").
# Tables end every few seconds in a busy Arena, so a wait is rarely this long.
REMATCH_WAIT = timedelta(seconds=15)


def pair_arena(tournament: Tournament, now: datetime, most: int | None = None) -> list[Game]:
    """Seat the tables the waiting players make now, at most ``most`` of them (the
    tournament is locked; ``tick`` pairs the rest in its next pass)."""
    waiting = _free_to_sit(tournament, list(_waiting(tournament, now)))
    if len(waiting) < tournament.seats:
        return []
    users = [e.user_id for e in waiting]
    ratings = _ratings(users, tournament.kind)
    by_user = {e.user_id: e for e in waiting}
    again = _may_meet_again(tournament, users, now)
    pairing = arena_pairing.pair_arena(
        [
            arena_pairing.Waiting(
                e.user_id,
                scoring.from_sixths(e.points_sixths),
                ratings[e.user_id],
                frozenset(e.last_opponents),
                e.user_id in again,
            )
            for e in waiting
        ],
        tournament.seats,
        _blocked_once(),
    )
    dealt = []
    for table in pairing.tables[:most]:
        game = _deal(tournament, [by_user[u] for u in table], ratings, round_no=0)
        if game is not None:
            dealt.append(game)
    if dealt:
        _changed(tournament)
    return dealt


def _may_meet_again(tournament: Tournament, users: list[int], now: datetime) -> set[int]:
    """Who may sit with their last opponents again if nobody else waits: everyone when
    nobody else is at a table of this event, else those who have waited ``REMATCH_WAIT``."""
    playing = Entry.objects.filter(tournament=tournament, table__isnull=False, withdrawn=False)
    if not playing.exclude(user_id__in=users).exists():
        return set(users)
    last_ended = dict(
        TableSeat.objects.filter(entry__tournament=tournament, entry__user_id__in=users)
        .values("entry__user_id")
        .annotate(last=Max("table__ended"))
        .values_list("entry__user_id", "last")
    )
    return {u for u in users if last_ended.get(u) is None or now - last_ended[u] >= REMATCH_WAIT}


def _free_to_sit(tournament: Tournament, entries: list[Entry]) -> list[Entry]:
    """Leave out whoever is at another tournament's table, and withdraw the suspended.

    Each event pairs under its own lock, so the players' accounts are locked too (in id
    order, as every pairing takes them) before asking where else they sit: another event
    seating one of them now commits first, and is seen.
    """
    if not entries:
        return entries
    users = [e.user_id for e in entries]
    list(
        get_user_model()
        .objects.select_for_update()
        .filter(pk__in=users)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    busy = set(
        Entry.objects.filter(user_id__in=users, table__status=GameStatus.ACTIVE)
        .exclude(tournament=tournament)
        .values_list("user_id", flat=True)
    )
    free = []
    for entry in entries:
        if entry.user_id in busy:
            continue
        if rooms.suspended(Person(entry.user_id, "")):
            _withdraw(entry, WithdrawnBecause.SUSPENDED)
            continue
        free.append(entry)
    return free


def _deal(
    tournament: Tournament, entries: list[Entry], ratings: dict[int, float], round_no: int
) -> Game | None:
    """One table, dealt as a room's host would deal it; the players are seated at it."""
    order = list(entries)
    count = Table.objects.filter(tournament=tournament).count()
    random.Random(f"{tournament.pk}:{round_no}:{count}").shuffle(order)  # who sits first
    seat_names = {e.user_id: board_name(e.user_id) for e in order}
    people = [Person(e.user_id, "") for e in order]
    try:  # the room's refusals in English, for the log
        with translation.override(None), transaction.atomic():
            room = rooms.create_room(
                people[0],
                tournament.kind,
                TOURNAMENT_NAME,
                seat_names[order[0].user_id],
                tournament.seats,
                tournament.access == Access.OPEN,  # listed: anyone may watch
                dict(tournament.options),
            )
            for who, entry in zip(people[1:], order[1:], strict=True):
                rooms.join(room.pk, who, seat_names[entry.user_id], code=room.code)
            game = rooms.deal(room.pk, people[0], rematch=False)
            # Nobody hosts: no rematch here (the Game over leads back to the tournament).
            Room.objects.filter(pk=room.pk).update(host_user=None, host_device="")
            if not tournament.rated:
                game.config = {**game.config, "rated": False}
                Game.objects.filter(pk=game.pk).update(config=game.config)
    except rooms.RoomError as exc:
        log.warning("tournament %s could not seat %s: %s", tournament.pk, seat_names, exc.message)
        _set_aside(order)
        return None
    table = Table.objects.create(tournament=tournament, game=game, round_no=round_no)
    TableSeat.objects.bulk_create(
        TableSeat(table=table, entry=e, seat_index=i, rating=ratings.get(e.user_id, 1000.0))
        for i, e in enumerate(order)
    )
    for entry in order:  # at the table now: back on the page (or its Game over) to be paired
        entry.table, entry.last_seen, entry.note = game, None, ""
        entry.last_opponents = sorted(e.user_id for e in order if e.user_id != entry.user_id)
        entry.save(update_fields=["table", "last_seen", "last_opponents", "note"])
    return game


def _set_aside(entries: list[Entry]) -> None:
    """A table the rooms refused: whoever can't sit is withdrawn (suspended) or paused (a
    public name the tables refuse), with the reason on their page; the others wait on."""
    for entry in entries:
        who = Person(entry.user_id, "")
        if rooms.suspended(who):
            _withdraw(entry, WithdrawnBecause.SUSPENDED)
            continue
        try:
            names.table_name(board_name(entry.user_id), who, [])
        except names.InvalidName:
            entry.paused = True
            entry.note = "name"
            entry.save(update_fields=["paused", "note"])
