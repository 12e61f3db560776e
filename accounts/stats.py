"""Results, streaks and the numbers on the stats page.

Results are written here only, from the server's own view of a game as it
finishes or is abandoned (games.signals), never from anything a browser sent.
A record is written once per seat, so a repeated signal cannot count twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count, Q
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import GameRecord, Outcome, Streak
from games import pace as game_pace
from games.describe import game_level, kind_name, level_label, level_sort_key
from games.models import Game, Seat


def win_streak_key(kind: str) -> str:
    """Win streaks are kept per game kind."""
    return f"wins:{kind}"


def record_finish(game: Game, winners: list[int]) -> None:
    """A game ended normally: every person in it won or lost."""
    for seat in _people(game):
        won = seat.index in winners
        if won and seat.house_played:
            _record(game, seat, Outcome.HOUSE_WIN)
        else:
            _record(game, seat, Outcome.WON if won else Outcome.LOST)


def record_abandon(game: Game, seat_index: int | None) -> None:
    """A game was abandoned: a loss for the person who gave up (None: everyone in it)."""
    for seat in _people(game):
        if seat_index is None or seat.index == seat_index:
            _record(game, seat, Outcome.ABANDONED)


def _people(game: Game) -> list[Seat]:
    # A closed account's seat (Seat.closed) belongs to nobody, so nothing is recorded for it.
    return [s for s in game.seats.all() if not (s.is_computer or s.is_program or s.closed)]


def _record(game: Game, seat: Seat, outcome: Outcome) -> None:
    """Write the seat's record and extend its owner's streak, once."""
    now = timezone.now()
    with transaction.atomic():
        _, created = GameRecord.objects.get_or_create(
            game=game,
            seat_index=seat.index,
            defaults={
                "user_id": seat.user_id,
                "device_key": seat.device_key,
                "kind": game.kind,
                "level": game_level(game),
                "outcome": outcome,
                "finished_at": now,
            },
        )
        if created and outcome != Outcome.HOUSE_WIN:
            streak = _streak_for(seat, win_streak_key(game.kind))
            streak.extend(outcome == Outcome.WON, now)
            streak.save()


def _streak_for(seat: Seat, key: str) -> Streak:
    """The seat owner's streak row for ``key``, locked; an account's rows carry no device key."""
    if seat.user_id:
        owner = {"user_id": seat.user_id, "device_key": ""}
    else:
        owner = {"user_id": None, "device_key": seat.device_key}
    streak, _ = Streak.objects.select_for_update().get_or_create(key=key, **owner)
    return streak


def owner_filter(request: HttpRequest) -> Q:
    """Rows the caller owns: their account's, or as a guest their device's unclaimed ones."""
    if request.user.is_authenticated:
        return Q(user_id=request.user.pk)
    key = getattr(request, "device_key", "")
    return Q(user__isnull=True, device_key=key) if key else Q(pk__in=[])


@dataclass
class LevelLine:
    kind: str
    level: str
    played: int
    won: int

    @property
    def label(self) -> str:
        """The catalogue's name for the level, as the weekly charts and boards show it."""
        return level_label(self.kind, self.level)

    @property
    def lost(self) -> int:
        return self.played - self.won


@dataclass
class KindStats:
    """One game kind on the stats page: per-level lines, totals and the win streak."""

    kind: str
    lines: list[LevelLine] = field(default_factory=list)
    streak_current: int = 0
    streak_best: int = 0

    @property
    def name(self) -> str:
        return kind_name(self.kind)

    @property
    def played(self) -> int:
        return sum(line.played for line in self.lines)

    @property
    def won(self) -> int:
        return sum(line.won for line in self.lines)

    @property
    def lost(self) -> int:
        return self.played - self.won


PACE_FILTERS = ("all", "live", "correspondence")


def stats_for(request: HttpRequest, pace: str = "all") -> list[KindStats]:
    """The caller's games played and won per kind and level, with their win streaks.

    ``pace`` keeps correspondence games (days per move, games.pace) apart from the
    rest, as players of both expect; the win streaks count every game.
    """
    owner = owner_filter(request)
    records = GameRecord.objects.filter(owner)
    correspondence = Q(game__config__pace__in=list(game_pace.DAYS))
    if pace == "correspondence":
        records = records.filter(correspondence)
    elif pace == "live":
        records = records.exclude(correspondence)
    rows = (
        records.exclude(outcome=Outcome.HOUSE_WIN)
        .values("kind", "level")
        .annotate(played=Count("pk"), won=Count("pk", filter=Q(outcome=Outcome.WON)))
        .order_by()
    )
    kinds: dict[str, KindStats] = {}
    for row in rows:
        kinds.setdefault(row["kind"], KindStats(row["kind"])).lines.append(
            LevelLine(row["kind"], row["level"], row["played"], row["won"])
        )
    for streak in Streak.objects.filter(owner, key__startswith="wins:"):
        kind = streak.key.removeprefix("wins:")
        entry = kinds.setdefault(kind, KindStats(kind))
        entry.streak_current, entry.streak_best = streak.current, streak.best
    for entry in kinds.values():
        entry.lines.sort(key=lambda line: level_sort_key(line.level))
    return sorted(kinds.values(), key=lambda k: k.name)
