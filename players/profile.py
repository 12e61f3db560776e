"""What a player page shows: ratings with their history, replays, your record.

The recent games are players.recent's. A replay is linked only for a game at a
*listed* room (a private room's game is its players' business), finished, and
never a daily challenge before its UTC day is over (replays.policy). Everything
is read from the rating history, so it is about rated games only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games import catalogue
from games.models import GameStatus
from leaderboards.models import Player
from leaderboards.names import name_key
from players.chart import Chart, chart_for
from players.display import label, provisional, shown
from players.models import Rating, RatingChange
from players.pace import CHOICES as PACES
from players.pace import LIVE
from replays import policy
from rooms.models import RoomGame


def named(name: str) -> Player | None:
    """Whoever has board name ``name`` (look-alikes match): an account or a guest."""
    key = name_key(name)
    if not key:
        return None
    return Player.objects.filter(name_key=key, name_suspended=False).exclude(name="").first()


def page_owner(name: str) -> Player | None:
    """The account whose board name is ``name``; guests have no page."""
    found = named(name)
    return found if found is not None and found.user_id is not None else None


@dataclass
class KindRating:
    """One rating of the player: a game kind at one pace (live or correspondence)."""

    kind: str
    name: str
    pace: str
    pace_name: str
    value: float
    provisional: bool
    games: int
    chart: Chart

    @property
    def text(self) -> str:
        return label(self.value, self.provisional)

    @property
    def slug(self) -> str:
        return slug_of(self.kind, self.pace)


def slug_of(kind: str, pace: str) -> str:
    """A rating's handle on the page: the kind (live), or kind-correspondence."""
    return kind if pace == LIVE else f"{kind}-{pace}"


def ratings(user_id: int) -> list[KindRating]:
    """Each game kind and pace the player is rated at, in catalogue order, with its chart."""
    rows = {(r.kind, r.pace): r for r in Rating.objects.filter(user_id=user_id, games__gt=0)}
    history: dict[tuple[str, str], list[float]] = {key: [] for key in rows}
    changes = RatingChange.objects.filter(user_id=user_id).order_by("kind", "pace", "seq")
    fields = ("kind", "pace", "mu_before", "sigma_before", "mu", "sigma")
    for kind, pace, mu_before, sigma_before, mu, sigma in changes.values_list(*fields):
        line = history.setdefault((kind, pace), [])
        if not line:  # the line starts where the first rated game started
            line.append(shown(mu_before, sigma_before))
        line.append(shown(mu, sigma))
    out = []
    for entry in catalogue.ready():
        for pace, pace_name in PACES:
            row = rows.get((entry.kind, pace))
            if row is None:
                continue
            name = entry.shown_name
            if pace != LIVE:
                name = _("%(game)s (%(pace)s)") % {"game": name, "pace": str(pace_name).lower()}
            chart = chart_for(slug_of(entry.kind, pace), name, history.get((entry.kind, pace), []))
            value = shown(row.mu, row.sigma)
            out.append(
                KindRating(
                    entry.kind,
                    entry.shown_name,
                    pace,
                    pace_name,
                    value,
                    provisional(row.games),
                    row.games,
                    chart,
                )
            )
    return out


def is_public_rated_game(user_id: int, game_id: Any) -> bool:
    """The game is one of this player's rated games that the page may link a replay of."""
    row = (
        RatingChange.objects.filter(user_id=user_id, game_id=game_id).select_related("game").first()
    )
    if row is None or row.game.status != GameStatus.FINISHED:
        return False
    if policy.daily_still_secret(row.game):
        return False
    return RoomGame.objects.filter(game_id=game_id, room__listed=True).exists()


@dataclass
class Record:
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


def record_against(viewer_id: int, user_id: int) -> Record:
    """The viewer's rated results against this player (team mates' games left out)."""
    mine = {
        game: (place, team)
        for game, place, team in RatingChange.objects.filter(user_id=viewer_id).values_list(
            "game_id", "place", "team"
        )
    }
    theirs = RatingChange.objects.filter(user_id=user_id, game_id__in=list(mine)).values_list(
        "game_id", "place", "team"
    )
    record = Record()
    for game, place, team in theirs:
        my_place, my_team = mine[game]
        if team == my_team:
            continue
        if my_place < place:
            record.wins += 1
        elif my_place > place:
            record.losses += 1
        else:
            record.draws += 1
    return record
