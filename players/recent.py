"""A player page's recent games: what, when, against whom, and how it went.

Only rated games at *listed* rooms, finished, and never a daily challenge before
its UTC day is over (replays.policy), read from the rating history. Each row
names the other seats by their table names, as the table and its replay do:
the owner's side mates apart from the opponents (sides come from the rating
rows), and a name the viewer must not see — Hide names on this device, or a
block either way — as the seat's placeholder ("Player 2"). The viewer's own seat
is always named to them.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from games import catalogue
from games.models import Game, GameStatus, Seat
from games.online import placeholder_name
from players.display import shown
from players.models import RatingChange
from replays import policy
from rooms.models import RoomGame

RECENT_GAMES = 10


@dataclass(frozen=True)
class Viewer:
    """Whose eyes the names are for: their account, Hide names, accounts kept apart."""

    user_id: int | None = None
    hidden: bool = False
    apart: Collection[int] = ()

    def name_of(self, seat: Seat) -> str:
        if seat.user_id is not None and seat.user_id == self.user_id:
            return seat.display_name
        if self.hidden or seat.user_id in self.apart:
            return placeholder_name(seat.index)
        return seat.display_name


@dataclass
class RecentGame:
    game_id: Any
    kind_name: str
    place: int
    seats: int
    finished: datetime
    change: float = 0.0
    opponents: list[str] = field(default_factory=list)
    partners: list[str] = field(default_factory=list)

    @property
    def against(self) -> str:
        """The opponents as a sentence: "Bob", "Bob and Cat", "Bob, Cat and Dan"."""
        return _and(self.opponents)

    @property
    def with_whom(self) -> str:
        return _and(self.partners)

    @property
    def summary(self) -> str:
        """The game and who was in it: "<game> against Bob (with Cat)"."""
        values = {"game": self.kind_name, "opponents": self.against, "partners": self.with_whom}
        if self.opponents and self.partners:
            return _("%(game)s against %(opponents)s (with %(partners)s)") % values
        if self.opponents:
            return _("%(game)s against %(opponents)s") % values
        if self.partners:
            return _("%(game)s (with %(partners)s)") % values
        return self.kind_name


def _and(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    # A list's last names: "Bob, Cat and Dan".
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def recent_public_games(
    user_id: int, viewer: Viewer | None = None, limit: int = RECENT_GAMES
) -> list[RecentGame]:
    """The player's latest rated games at listed tables, finished and not a live daily."""
    viewer = viewer or Viewer()
    listed = RoomGame.objects.filter(room__listed=True).values("game_id")
    rows = list(
        RatingChange.objects.filter(
            user_id=user_id, game_id__in=listed, game__status=GameStatus.FINISHED
        )
        .select_related("game")
        .prefetch_related("game__seats")
        .order_by("-created", "-id")[: limit * 2]
    )
    sides = _sides([row.game_id for row in rows])
    out: list[RecentGame] = []
    for row in rows:
        if policy.daily_still_secret(row.game):
            continue
        entry = catalogue.find(row.kind)
        game = RecentGame(
            row.game_id,
            entry.shown_name if entry else row.kind,
            row.place,
            len(row.game.seats.all()),
            row.game.updated,
            shown(row.mu, row.sigma) - shown(row.mu_before, row.sigma_before),
        )
        _name_the_others(game, row, sides.get(row.game_id, {}), viewer)
        out.append(game)
        if len(out) == limit:
            break
    return out


def _sides(game_ids: list[Any]) -> dict[Any, dict[int, int]]:
    """Each game's side per rated seat (one query for every row of the page)."""
    found: dict[Any, dict[int, int]] = {}
    rated = RatingChange.objects.filter(game_id__in=game_ids)
    for game_id, seat_index, team in rated.values_list("game_id", "seat_index", "team"):
        found.setdefault(game_id, {})[seat_index] = team
    return found


def _name_the_others(
    game: RecentGame, row: RatingChange, sides: dict[int, int], viewer: Viewer
) -> None:
    table: Game = row.game
    for seat in sorted(table.seats.all(), key=lambda s: s.index):
        if seat.index == row.seat_index:
            continue
        mate = sides.get(seat.index) == row.team
        (game.partners if mate else game.opponents).append(viewer.name_of(seat))
