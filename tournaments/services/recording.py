"""A finished table's result into the standings, and the end of an event."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from games.models import Game, GameStatus, Move
from tournaments import results, scoring
from tournaments.models import Entry, Status, Table, TableSeat, Tournament, WithdrawnBecause
from tournaments.services.base import AT_TABLE_SECONDS, MAX_ABANDONS, RESULT_FIELDS, _changed
from tournaments.services.swiss import _maybe_round_over
from tournaments.standings import final_ranks


def _settle(tournament: Tournament) -> None:
    """Record every table whose game ended but whose result is not in yet."""
    ended = (
        Table.objects.filter(tournament=tournament, counted__isnull=True)
        .exclude(game__status=GameStatus.ACTIVE)
        .select_related("game")
        .order_by("game__updated", "pk")
    )
    for table in ended:
        _record(tournament, table, timezone.now())


def _counts(tournament: Tournament, game: Game) -> bool:
    """Swiss games always count; an Arena game if it ended by the end plus the grace."""
    until = tournament.counts_until
    return until is None or game.updated <= until


def _record(tournament: Tournament, table: Table, now: datetime) -> None:
    """Score one ended table into its players' entries (the tournament is locked)."""
    game = table.game
    seats = list(TableSeat.objects.filter(table=table).select_related("entry"))
    players = {s.seat_index: s.entry.user_id for s in seats}
    scored = results.scored_game(game, players)
    by_player = {seat.player: seat for seat in scored.seats}
    counted = _counts(tournament, game)
    game_seats = {s.index: s for s in game.seats.all()}
    here = _still_at_table(game, now)
    for row in seats:
        entry, result = row.entry, by_player[row.entry.user_id]
        row.place, row.left, row.house_played = result.place, result.left, result.house_played
        if counted:
            row.points_sixths = _score(tournament, entry, result, scored)
        if entry.table_id == game.pk:
            entry.table = None
        gone = game_seats.get(row.seat_index)
        if gone is not None and results.abandoned(gone):
            entry.abandons += 1
        if gone is not None and gone.house_reason == "suspended":
            entry.withdrawn, entry.withdrawn_because = True, WithdrawnBecause.SUSPENDED
        elif entry.abandons >= MAX_ABANDONS and not entry.withdrawn:
            entry.withdrawn, entry.withdrawn_because = True, WithdrawnBecause.ABANDONS
        fields = RESULT_FIELDS
        if row.seat_index in here and not entry.withdrawn:
            entry.last_seen, fields = now, [*RESULT_FIELDS, "last_seen"]  # paired at once
        entry.save(update_fields=fields)
        row.save(update_fields=["place", "left", "house_played", "points_sixths"])
    table.ended, table.counted = now, counted
    table.save(update_fields=["ended", "counted"])
    if not tournament.is_arena and table.round_no == tournament.round_no:
        _maybe_round_over(tournament, now)
    _changed(tournament)


def _still_at_table(game: Game, now: datetime) -> set[int]:
    """Seats whose players were playing to the end: the house not holding the seat, a move
    of theirs within ``AT_TABLE_SECONDS``. They count as on the event's page from the end
    (as their Game over does), so the next pairing seats them without waiting for its poll;
    a player who went quiet long ago is not dealt a table they would time out at."""
    since = now - timedelta(seconds=AT_TABLE_SECONDS)
    moved = Move.objects.filter(game=game, created__gte=since).values_list("seat", flat=True)
    held = {s.index for s in game.seats.all() if s.house_reason}
    return set(moved.distinct()) - held


def _score(tournament: Tournament, entry: Entry, seat: scoring.Seat, game: scoring.Game) -> int:
    """Add one game to the entry (in memory); the game's points as counted, in sixths."""
    if tournament.is_arena:
        before = scoring.ArenaStanding(
            entry.user_id,
            scoring.from_sixths(entry.points_sixths),
            entry.games,
            entry.wins,
            entry.streak,
        )
        after = scoring.after_game(before, seat, game)
        entry.points_sixths = scoring.in_sixths(after.points)
        entry.games, entry.wins, entry.streak = after.games, after.wins, after.streak
        return scoring.in_sixths(after.game_points[-1])
    points = scoring.seat_points(game)[seat.player]
    entry.points_sixths += scoring.in_sixths(points)
    entry.games += 1
    entry.wins += scoring.is_win(seat, game)
    return scoring.in_sixths(points)


def _finish(tournament: Tournament, now: datetime) -> None:
    """The standings freeze: final ranks (the podium is ranks 1 to 3)."""
    for entry_id, rank in final_ranks(tournament).items():
        Entry.objects.filter(pk=entry_id).update(final_rank=rank)
    tournament.status, tournament.finished_at = Status.FINISHED, now
    tournament.save(update_fields=["status", "finished_at"])
    _changed(tournament)
