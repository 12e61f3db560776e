"""A Swiss round: who plays whom, byes, the absent, the round's end."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Count, F

from games.models import Game
from tournaments import scoring, swiss_pairing
from tournaments.models import Bye, ByeKind, Entry, Table, TableSeat, Tournament, WithdrawnBecause
from tournaments.services.base import (
    MAX_ABSENCES,
    _blocked_once,
    _changed,
    _ratings,
    _withdraw,
    is_present,
)
from tournaments.services.seating import _deal, _free_to_sit


def start_round(tournament: Tournament, round_no: int, now: datetime) -> list[Game]:
    """Every table of the round at once; byes for whom a table can't hold; 0 for the absent."""
    active = list(Entry.objects.filter(tournament=tournament, withdrawn=False))
    present = [e for e in active if not e.paused and is_present(e, now) and e.table_id is None]
    present = _free_to_sit(tournament, present)
    here = {e.pk for e in present}
    for entry in active:
        if entry.pk in here or entry.withdrawn:
            continue
        Bye.objects.get_or_create(
            tournament=tournament, entry=entry, round_no=round_no,
            defaults={"kind": ByeKind.ABSENT},
        )  # fmt: skip
        missed = Bye.objects.filter(entry=entry, kind=ByeKind.ABSENT).count()
        if missed >= MAX_ABSENCES:
            _withdraw(entry, WithdrawnBecause.ABSENT)
    users = [e.user_id for e in present]
    ratings = _ratings(users, tournament.kind)
    by_user = {e.user_id: e for e in present}
    had_byes = dict(
        Bye.objects.filter(tournament=tournament, kind=ByeKind.PAIRING)
        .values_list("entry__user_id")
        .annotate(n=Count("id"))
    )
    pairing = swiss_pairing.pair_round(
        [
            swiss_pairing.SwissPlayer(
                e.user_id,
                scoring.from_sixths(e.points_sixths),
                ratings[e.user_id],
                byes=int(had_byes.get(e.user_id, 0)),
            )
            for e in present
        ],
        _meetings(tournament),
        _blocked_once(),
        tournament.seats,
    )
    bye = scoring.in_sixths(scoring.bye_points(tournament.seats))
    for user in pairing.byes:
        entry = by_user[user]
        Bye.objects.create(
            tournament=tournament, entry=entry, round_no=round_no, kind=ByeKind.PAIRING
        )
        Entry.objects.filter(pk=entry.pk).update(points_sixths=F("points_sixths") + bye)
    tournament.round_no, tournament.round_started = round_no, now
    tournament.round_ended = None
    tournament.save(update_fields=["round_no", "round_started", "round_ended"])
    dealt = []
    for table in pairing.tables:
        game = _deal(tournament, [by_user[u] for u in table], ratings, round_no=round_no)
        if game is None:  # the rooms refused the table: its players sit the round out
            for user in table:
                Bye.objects.get_or_create(
                    tournament=tournament, entry=by_user[user], round_no=round_no,
                    defaults={"kind": ByeKind.ABSENT},
                )  # fmt: skip
        else:
            dealt.append(game)
    if not dealt:
        tournament.round_ended = now
        tournament.save(update_fields=["round_ended"])
    _changed(tournament)
    return dealt


def _maybe_round_over(tournament: Tournament, now: datetime) -> None:
    playing = Table.objects.filter(
        tournament=tournament, round_no=tournament.round_no, counted__isnull=True
    )
    if not playing.exists() and tournament.round_ended is None:
        tournament.round_ended = now
        tournament.save(update_fields=["round_ended"])


def _meetings(tournament: Tournament) -> dict[frozenset[int], int]:
    """How often each pair of players sat at one table of this tournament."""
    met: dict[frozenset[int], int] = {}
    seats = TableSeat.objects.filter(table__tournament=tournament).values_list(
        "table_id", "entry__user_id"
    )
    tables: dict[int, list[int]] = {}
    for table_id, user in seats:
        tables.setdefault(table_id, []).append(user)
    for users in tables.values():
        for i, a in enumerate(users):
            for b in users[i + 1 :]:
                key = frozenset((a, b))
                met[key] = met.get(key, 0) + 1
    return met
