"""Standings as the page shows them, the final ranks, and the recompute from the games.

- **Arena**: points, then performance (higher first); players equal on both share a rank.
  Performance: over the player's counted games, the average of (the mean rating of the
  others at the table when it was dealt + 400 × (the game's points before any streak
  doubling − 1)): at two seats a win is the opponent's rating + 400, a loss − 400.
- **Swiss**: ``swiss_pairing.standings``: points, then the sum of the opponents' scores
  (Buchholz), then the results between the tied, then rating.
- **Recompute**: the scores are worked out again from the tournament's games themselves
  (``results.scored_game`` reads each game's result and seats) and its byes, with the pure
  scoring functions from nothing, and compared with what was stored game by game
  (``compare``; ``manage.py recompute_tournament <id>``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from games.models import GameStatus
from players.lookup import ratings_of
from tournaments import results, scoring, swiss_pairing
from tournaments.models import Bye, ByeKind, Entry, Table, TableSeat, Tournament

NEWCOMER = 1000.0
PERFORMANCE_STEP = 400


@dataclass(frozen=True)
class Line:
    """One line of the standings."""

    rank: int
    entry: Entry
    points: Fraction
    games: int
    wins: int
    streak: int
    on_fire: bool  # the next win counts double (Arena)
    performance: int | None  # None before a counted game
    buchholz: Fraction | None = None  # Swiss


def _seats(tournament: Tournament) -> list[TableSeat]:
    return list(
        TableSeat.objects.filter(table__tournament=tournament, table__counted=True)
        .select_related("table")
        .order_by("table__ended", "table_id", "seat_index")
    )


def performances(tournament: Tournament, seats: list[TableSeat] | None = None) -> dict[int, int]:
    """Each entry's performance (by entry id), over its counted games."""
    seats = _seats(tournament) if seats is None else seats
    by_table: dict[int, list[TableSeat]] = defaultdict(list)
    for seat in seats:
        by_table[seat.table_id].append(seat)
    marks: dict[int, list[float]] = defaultdict(list)
    for table in by_table.values():
        for seat in table:
            others = [o.rating for o in table if o.pk != seat.pk]
            if not others or seat.points_sixths is None:
                continue
            points = min(scoring.from_sixths(seat.points_sixths), scoring.WIN_POINTS)
            marks[seat.entry_id].append(
                sum(others) / len(others) + PERFORMANCE_STEP * float(points - 1)
            )
    return {entry: round(sum(m) / len(m)) for entry, m in marks.items()}


def lines(tournament: Tournament) -> list[Line]:
    """The standings now (the final ranks once the event has finished)."""
    entries = list(Entry.objects.filter(tournament=tournament))
    if tournament.is_arena:
        return _arena_lines(tournament, entries)
    return _swiss_lines(tournament, entries)


def _arena_lines(tournament: Tournament, entries: list[Entry]) -> list[Line]:
    shown = performances(tournament)

    def key(entry: Entry) -> tuple[int, int]:
        return (entry.points_sixths, shown.get(entry.pk, -(10**6)))

    ordered = sorted(entries, key=lambda e: (*(-k for k in key(e)), e.pk))
    found: list[Line] = []
    for at, entry in enumerate(ordered):
        rank = entry.final_rank or (
            found[-1].rank if found and key(found[-1].entry) == key(entry) else at + 1
        )
        found.append(
            Line(
                rank=rank,
                entry=entry,
                points=scoring.from_sixths(entry.points_sixths),
                games=entry.games,
                wins=entry.wins,
                streak=entry.streak,
                on_fire=entry.streak >= scoring.STREAK_START,
                performance=shown.get(entry.pk),
            )
        )
    return sorted(found, key=lambda line: (line.rank, -line.points, line.entry.pk))


def swiss_rounds(tournament: Tournament) -> list[scoring.SwissRound]:
    """The rounds as stored: each round's counted games (from the seats' recorded places),
    its pairing byes and who was absent."""
    games: dict[int, dict[int, list[TableSeat]]] = defaultdict(lambda: defaultdict(list))
    for seat in TableSeat.objects.filter(
        table__tournament=tournament, table__counted=True
    ).select_related("table", "entry"):
        games[seat.table.round_no][seat.table_id].append(seat)
    byes: dict[int, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
    for bye in Bye.objects.filter(tournament=tournament).select_related("entry"):
        byes[bye.round_no][bye.kind].add(bye.entry.user_id)
    rounds = []
    for number in range(1, tournament.round_no + 1):
        played = tuple(
            scoring.Game(
                tuple(
                    scoring.Seat(s.entry.user_id, s.place or 1, s.house_played, s.left)
                    for s in table
                )
            )
            for table in games[number].values()
        )
        rounds.append(
            scoring.SwissRound(
                played,
                frozenset(byes[number][ByeKind.PAIRING]),
                frozenset(byes[number][ByeKind.ABSENT]),
            )
        )
    return rounds


def _swiss_lines(tournament: Tournament, entries: list[Entry]) -> list[Line]:
    users = [e.user_id for e in entries]
    rated = ratings_of(users, tournament.kind)
    ratings = {u: float(rated.get(u, NEWCOMER)) for u in users}
    table = swiss_pairing.standings(ratings, swiss_rounds(tournament), tournament.seats)
    by_user = {e.user_id: e for e in entries}
    shown = performances(tournament)
    found = []
    for line in table:
        entry = by_user[line.player]
        found.append(
            Line(
                rank=entry.final_rank or line.rank,
                entry=entry,
                points=scoring.from_sixths(entry.points_sixths),
                games=entry.games,
                wins=entry.wins,
                streak=0,
                on_fire=False,
                performance=shown.get(entry.pk),
                buchholz=line.buchholz,
            )
        )
    return sorted(found, key=lambda line: (line.rank, line.entry.pk))


def final_ranks(tournament: Tournament) -> dict[int, int]:
    """Each entry's rank as the standings show it now (frozen when the event finishes)."""
    return {line.entry.pk: line.rank for line in lines(tournament)}


# --- the recompute ----------------------------------------------------------------------


def _scored_tables(tournament: Tournament) -> list[tuple[Table, scoring.Game, bool]]:
    """Every ended table in the order it was recorded: its game read again, and whether it
    counts (read again too: an Arena game counts if it ended by the end and the grace)."""
    until = tournament.counts_until
    found = []
    tables = (
        Table.objects.filter(tournament=tournament, ended__isnull=False)
        .select_related("game")
        .order_by("ended", "pk")
    )
    for table in tables:
        players = dict(
            TableSeat.objects.filter(table=table).values_list("seat_index", "entry__user_id")
        )
        game = table.game
        ended = game.status != GameStatus.ACTIVE
        counts = ended and (until is None or game.updated <= until)
        found.append((table, results.scored_game(game, players), counts))
    return found


def compare(tournament: Tournament) -> list[str]:
    """Each difference between the stored standings and those recomputed from the games;
    an empty list when they are equal."""
    differences: list[str] = []
    scored = _scored_tables(tournament)
    for table, _game, counts in scored:
        if table.counted != counts:
            differences.append(
                f"table {table.game_id}: counted {table.counted}, games say {counts}"
            )
    counted = [(table, game) for table, game, counts in scored if counts]
    entries = {e.user_id: e for e in Entry.objects.filter(tournament=tournament)}
    if tournament.is_arena:
        sheets = scoring.arena_scores(game for _table, game in counted)
        for user, entry in entries.items():
            sheet = sheets.get(user, scoring.ArenaStanding(user))
            stored = (entry.points_sixths, entry.games, entry.wins, entry.streak)
            again = (scoring.in_sixths(sheet.points), sheet.games, sheet.wins, sheet.streak)
            if stored != again:
                differences.append(
                    f"player {user}: stored (points in sixths, games, wins, streak) {stored},"
                    f" recomputed {again}"
                )
        differences += _seat_points(counted, sheets)
        return differences
    rounds = _swiss_rounds_from_games(tournament, counted)
    points = scoring.swiss_scores(rounds, tournament.seats)
    played: dict[int, int] = defaultdict(int)
    for _table, game in counted:
        for seat in game.seats:
            played[seat.player] += 1
    for user, entry in entries.items():
        stored = (entry.points_sixths, entry.games)
        again = (scoring.in_sixths(points.get(user, Fraction(0))), played[user])
        if stored != again:
            differences.append(
                f"player {user}: stored (points in sixths, games) {stored}, recomputed {again}"
            )
    return differences


def _seat_points(
    counted: list[tuple[Table, scoring.Game]], sheets: dict[int, scoring.ArenaStanding]
) -> list[str]:
    """Each counted seat's stored points against the game's place on the player's sheet."""
    differences = []
    position: dict[int, int] = defaultdict(int)
    stored = {
        (s.table_id, s.entry.user_id): s.points_sixths
        for s in TableSeat.objects.filter(table_id__in=[t.pk for t, _g in counted]).select_related(
            "entry"
        )
    }
    for table, game in counted:
        for seat in game.seats:
            n = position[seat.player]
            position[seat.player] += 1
            again = scoring.in_sixths(sheets[seat.player].game_points[n])
            if stored.get((table.pk, seat.player)) != again:
                differences.append(
                    f"table {table.game_id}, player {seat.player}: stored"
                    f" {stored.get((table.pk, seat.player))} sixths, recomputed {again}"
                )
    return differences


def _swiss_rounds_from_games(
    tournament: Tournament, counted: list[tuple[Table, scoring.Game]]
) -> list[scoring.SwissRound]:
    games: dict[int, list[scoring.Game]] = defaultdict(list)
    for table, game in counted:
        games[table.round_no].append(game)
    byes: dict[int, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
    for bye in Bye.objects.filter(tournament=tournament).select_related("entry"):
        byes[bye.round_no][bye.kind].add(bye.entry.user_id)
    return [
        scoring.SwissRound(
            tuple(games[n]),
            frozenset(byes[n][ByeKind.PAIRING]),
            frozenset(byes[n][ByeKind.ABSENT]),
        )
        for n in range(1, tournament.round_no + 1)
    ]
