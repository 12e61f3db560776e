"""Helpers for the data-export and closing tests: two accounts at a real online table.

The table is dealt from a seed and moved only through ``games.services``, so its
log replays from the seed (the closing tests check that replays still do).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from accounts.models import GameRecord, Outcome, Streak
from api.models import AccessToken
from games import services
from games.engine.registry import engine_for
from games.models import Game
from leaderboards.models import LeaderboardEntry, NameReport, ReportReason
from leaderboards.naming import rename
from leaderboards.players import get_player
from matchmaking.models import QueueEntry
from notifications.models import NotificationSettings, PushSubscription, Vacation
from players.models import Challenge, Follow, Rating
from presets.models import Preset
from puzzles.models import Attempt, Puzzle, Solver
from rooms.models import Room, RoomSeat, SeatKind

PASSWORD = "pw-long-enough-42"


def account(username: str, email: str = "") -> Any:
    user = get_user_model().objects.create_user(username=username, password=PASSWORD, email=email)
    if email:
        from allauth.account.models import EmailAddress

        EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def table(users: list[Any], online: bool = True, computers: int = 0) -> Game:
    """A Tile Rummy game between ``users`` (and ``computers``), dealt from seed 7."""
    specs = [services.SeatSpec(display_name=u.username, user_id=u.pk) for u in users]
    specs += [
        services.SeatSpec(display_name=f"Ada {i}", computer_level="easy") for i in range(computers)
    ]
    return services.create_game("tile_rummy", {"players": len(specs)}, specs, seed=7, online=online)


def draws(game: Game, count: int) -> Game:
    """``count`` turns, each person to act drawing a tile (computers answer in-process)."""
    engine = engine_for(game.kind)
    for _ in range(count):
        game.refresh_from_db()
        seat = min(engine.to_act(engine.from_json(game.state)))
        services.play(game.id, seat, {"type": "draw"}, game.version)
    game.refresh_from_db()
    return game


def to_act(game: Game) -> set[int]:
    engine = engine_for(game.kind)
    game.refresh_from_db()
    return set(engine.to_act(engine.from_json(game.state)))


def until_turn_of(game: Game, seat: int) -> Game:
    """Draw turns until ``seat`` is the one to act."""
    while to_act(game) != {seat}:
        draws(game, 1)
    return game


def rack_ids(game: Game, seat: int) -> set[int]:
    """The tile ids ``seat`` holds now (hidden from every other seat while the game runs)."""
    engine = engine_for(game.kind)
    view = engine.view(engine.from_json(game.state), seat)
    return {tile["id"] for tile in view["rack"]}


def _puzzle() -> Puzzle:
    """A shipped puzzle (the bank is loaded by a migration), else a small one."""
    found = Puzzle.objects.order_by("pk").first()
    if found is not None:
        return found
    return Puzzle.objects.create(
        id=1, kind="most", table=[], rack=[1, 2], tiles=2, value=9, solution=[[1, 2]],
        difficulty=1, rating=1500.0,
    )  # fmt: skip


def fill(ann: Any, bob: Any) -> None:
    """One row of every kind for ann (bob is the other person)."""
    now = timezone.now()
    rename(get_player(ann.pk, "", create=True), "Ann Tiles")
    rename(get_player(bob.pk, "", create=True), "Bob Runs")
    GameRecord.objects.create(
        user=ann, seat_index=0, kind="tile_rummy", outcome=Outcome.WON, finished_at=now
    )
    Streak.objects.create(user=ann, key="wins:tile_rummy", current=2, best=3)
    entry_player = get_player(ann.pk, "")
    LeaderboardEntry.objects.create(
        player=entry_player, kind="tile_rummy", period_key="all", played=4, wins=2
    )
    Rating.objects.create(user=ann, kind="tile_rummy", mu=26.0, sigma=7.0, games=1)
    Preset.objects.create(
        user=ann,
        kind="tile_rummy",
        name="Family night",
        name_key="familynight",
        data={"level": "easy"},
    )
    NotificationSettings.objects.create(user=ann, email_live=True)
    PushSubscription.objects.create(
        user=ann,
        endpoint="https://fcm.googleapis.com/fcm/send/x",
        p256dh="k" * 20,
        auth="secret-auth",
    )
    Vacation.objects.create(user=ann, starts=now, ends=now + timedelta(days=3), days=3)
    Follow.objects.create(follower=ann, followed=bob)
    Follow.objects.create(follower=bob, followed=ann)
    Challenge.objects.create(sender=bob, recipient=ann, kind="tile_rummy")
    AccessToken.objects.create(
        user=ann, name="my bot", prefix="rt_ab", digest="d" * 64, scopes="read"
    )
    QueueEntry.objects.create(owner=f"u:{ann.pk}", user=ann, kind="tile_rummy", table_name="Annie")
    room = Room.objects.create(name="Ann's room", kind="tile_rummy", seat_count=2, host_user=ann)
    RoomSeat.objects.create(room=room, index=0, kind=SeatKind.PERSON, user=ann, table_name="Annie")
    NameReport.objects.create(
        player=get_player(bob.pk, ""),
        name="Bob Runs",
        reason=ReportReason.OTHER,
        note="odd",
        reporter_user=ann,
    )
    solver = Solver.objects.create(user=ann, rating=1510.0)
    Attempt.objects.create(solver=solver, puzzle=_puzzle(), status=Attempt.SOLVED, laid=2)
