"""Counting ended games into the boards and the daily challenge.

Called from games' signals (leaderboards.signals) inside the transaction of
the move that ended the game, so a board changes exactly when a game really
ends on the server; nothing here reads a request. Each person's seat is
counted once (``Result`` is unique per seat).

- An ordinary game adds to its kind's boards, for its difficulty and for
  "all difficulties", in the UTC day, ISO week and all-time periods of the
  moment it ended: played, wins, points (the player's final total, never
  below 0) and the win run (a loss or an abandon ends it).
- A daily attempt is kept off those boards (its board is known in advance
  and can be retried, so it would be easy to farm). A win clears the day the
  attempt *started* (``config["daily"]``), if it is won before the end of
  the next UTC day; the day's streak board follows.
- A game where a hint was shown (``Game.hint_used``) counts on no board at all.
- Nor does a game set up off its kind's ranked setup (``GameEntry.board_config``:
  a game played to a lower target is not ranked against full-length games).
"""

from __future__ import annotations

from datetime import date, datetime

from django.db.models import F
from django.db.models.functions import Greatest

from games import catalogue
from games.describe import game_level
from games.engine.registry import engine_for
from games.models import Game, Seat
from leaderboards import daily, streaks
from leaderboards.models import DailyChallenge, LeaderboardEntry, Player, Result
from leaderboards.periods import keys_for, utc_date, utc_now
from leaderboards.players import player_for_seat

GRACE_DAYS = 1  # a daily attempt may be won up to the end of the next UTC day


def difficulty_of(game: Game, seats: list[Seat]) -> str:
    """The board a game counts on: the game's one level (``games.describe.game_level``),
    so a board, the stats page and the weekly charts always agree."""
    return game_level(game, seats)


def final_totals(game: Game) -> list[int]:
    """Each seat's final score, read from the server's own snapshot of the game."""
    engine = engine_for(game.kind)
    outcome = engine.result(engine.from_json(game.state))
    return list(outcome.totals) if outcome is not None else []


def record_finish(game: Game, winners: list[int]) -> None:
    """A game ended normally: count each person's win or loss."""
    seats = list(game.seats.all())
    totals = final_totals(game)
    now = utc_now()
    for seat in seats:
        if seat.is_computer or seat.is_program or seat.closed:
            continue  # programs never rank among people; a closed account's seat is nobody's
        won = seat.index in winners
        if won and seat.house_played:
            continue  # RULINGS: a seat the house played cannot win for its player
        points = max(0, totals[seat.index]) if seat.index < len(totals) else 0
        _count(game, seats, seat, won=won, abandoned=False, points=points, at=now)


def record_abandon(game: Game, seat_index: int | None) -> None:
    """A game was given up: a loss (no points) for that seat, or everyone when None."""
    seats = list(game.seats.all())
    now = utc_now()
    for seat in seats:
        if seat.is_computer or seat.is_program or seat.closed:
            continue
        if seat_index is not None and seat.index != seat_index:
            continue
        _count(game, seats, seat, won=False, abandoned=True, points=0, at=now)


def _count(
    game: Game,
    seats: list[Seat],
    seat: Seat,
    *,
    won: bool,
    abandoned: bool,
    points: int,
    at: datetime,
) -> None:
    player = player_for_seat(seat)
    day = daily.daily_day(game.config)
    # Games between people have boards of their own, apart from games against computers,
    # and correspondence tables apart from live ones (games.describe.game_level).
    difficulty = difficulty_of(game, seats)
    _, created = Result.objects.get_or_create(
        game=game,
        seat_index=seat.index,
        defaults={
            "player": player,
            "kind": game.kind,
            "difficulty": difficulty,
            "won": won,
            "abandoned": abandoned,
            "points": points,
            "daily": day,
            "finished_at": at,
        },
    )
    if not created or hinted(game) or not ranked_setup(game):
        return  # a game helped by a hint, or a shorter one, is in the player's stats only
    if day is None:
        bump(
            player,
            game.kind,
            difficulty,
            utc_date(at),
            won=won,
            points=points,
            at=at,
            alone=game.online,
        )
    elif won and is_genuine_daily(game, day, at):
        streaks.record_clear(player, day, game, at)


def ranked_setup(game: Game) -> bool:
    """The game was set up as its kind's boards rank it; an option it predates is its default."""
    entry = catalogue.find(game.kind)
    wanted = entry.board_config if entry else {}
    config = game.config if isinstance(game.config, dict) else {}
    return all(config.get(key, value) == value for key, value in wanted.items())


def hinted(game: Game) -> bool:
    """A hint was shown in the game; read again, since one may have landed after it was loaded."""
    return game.hint_used or Game.objects.filter(pk=game.pk, hint_used=True).exists()


def is_genuine_daily(game: Game, day: date, at: datetime) -> bool:
    """Dealt from that day's board with the daily setup, and won within the grace period."""
    if not 0 <= (utc_date(at) - day).days <= GRACE_DAYS:
        return False
    challenge = DailyChallenge.objects.filter(date=day).first()
    setup_matches = all(game.config.get(k) == v for k, v in daily.CONFIG.items())
    same_board = challenge is not None and challenge.seed == game.seed
    return same_board and setup_matches and game.kind == daily.KIND


def bump(
    player: Player,
    kind: str,
    difficulty: str,
    day: date,
    *,
    won: bool,
    points: int,
    at: datetime,
    alone: bool = False,
) -> None:
    """Add one result to the player's rows (this difficulty and all) for its day, week, all time.

    Two statements whatever the history: make the missing rows, then one
    UPDATE whose right-hand sides read the old values (so the run and its best
    move together, and two games ending at once can't lose a count).
    """
    difficulties = {difficulty} if alone else {"", difficulty}  # alone: the online board only
    keys = keys_for(day)
    LeaderboardEntry.objects.bulk_create(
        [
            LeaderboardEntry(player=player, kind=kind, difficulty=d, period_key=k)
            for d in difficulties
            for k in keys
        ],
        ignore_conflicts=True,
    )
    rows = LeaderboardEntry.objects.filter(
        player=player, kind=kind, difficulty__in=difficulties, period_key__in=keys
    )
    if won:
        rows.update(
            played=F("played") + 1,
            wins=F("wins") + 1,
            points=F("points") + points,
            win_run=F("win_run") + 1,
            best_win_run=Greatest(F("best_win_run"), F("win_run") + 1),
            updated=at,
        )
    else:
        rows.update(played=F("played") + 1, points=F("points") + points, win_run=0, updated=at)
