"""The tables waiting for a player: "My turn" (a page, and a count in the header).

A table waits for you when it is an online table still being played, its clock
runs (someone must act) and the engine names your seat among those to act, with
the house not playing it. Oldest deadline first: the move with the least time left
comes first. The header's count is cached per player and dropped when a move is
made at one of their tables (``receivers``), so a page view costs one cache read.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.core.cache import cache

from games import catalogue, services
from games import pace as game_pace
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Seat
from games.table_flow import table_url

COUNT_SECONDS = 300  # a safety net: a move at the table drops the count at once


@dataclass(frozen=True)
class Waiting:
    game: Game
    name: str
    url: str
    deadline: datetime
    pace: str
    others: list[str]


def waiting_for(user_id: int) -> list[Waiting]:
    seats = (
        Seat.objects.filter(
            user_id=user_id,
            house_level="",
            is_program=False,
            game__online=True,
            game__status=GameStatus.ACTIVE,
            game__deadline__isnull=False,
            game__paused_until__isnull=True,
        )
        .select_related("game")
        .order_by("game__deadline")
    )
    found = []
    for seat in seats:
        game = seat.game
        if seat.index not in engine_for(game.kind).to_act(services.load_state(game)):
            continue
        others = [
            s.display_name for s in game.seats.all() if s.index != seat.index and not s.is_computer
        ]
        found.append(
            Waiting(
                game,
                catalogue.get(game.kind).shown_name,
                table_url(game),
                game.deadline,
                game_pace.label(game.config),
                others,
            )
        )
    return found


def _key(user_id: int) -> str:
    return f"my-turn-count:{user_id}"


def count_for(user_id: int) -> int:
    count = cache.get(_key(user_id))
    if count is None:
        count = len(waiting_for(user_id))
        cache.set(_key(user_id), count, COUNT_SECONDS)
    return int(count)


def forget(user_ids: list[int]) -> None:
    """A move at their table: count again on their next page."""
    if user_ids:
        cache.delete_many([_key(u) for u in user_ids])
