"""Racing an Arena on PostgreSQL: polls, beat ticks and game ends at the same instant never
seat a player at two tables and never lose a result.

SQLite runs one writer at a time, so there is no race to test there; these run in CI
(PostgreSQL) and with DATABASE_URL pointing at PostgreSQL. Every racer is a thread with its
own connection, released together by a barrier: the players' pages (the tournament page's
poll, the Game over's poll) and the beat's tick, while the last moves of many tables commit.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.db.models import Max
from django.test import Client
from django.utils import timezone

from games.models import Game, GameStatus, Move, Seat
from tests.engine.rumbaroo.rb_helpers import build
from tests.helpers import all_at_once
from tests.matchmaking.conftest import play_moves
from tests.web.rumbaroo.conftest import put_state
from tournaments import services, standings
from tournaments.models import Entry, Table, TableSeat, Tournament
from tournaments.services import seating

from .conftest import arena, player, signed_in

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only: row locks"),
]

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _rematches_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The races are under test here, not the rematch wait (test_arena_pace has it): two
    players left together after a race are paired again at once, as before the wait."""
    monkeypatch.setattr(seating, "REMATCH_WAIT", timedelta(0))


PLAYERS = 24  # 12 tables of 2: with their polls and the beat, about 40 connections at once
NAMES = (
    "Ash", "Bay", "Cove", "Dune", "Elm", "Fern", "Glen", "Hill", "Isle", "Jade", "Kelp", "Lake",
    "Moss", "Nook", "Oak", "Pine", "Quay", "Reef", "Sage", "Tarn", "Vale", "Wren", "Yew", "Zinc",
)  # fmt: skip


def _no_errors(answers: list[Any]) -> None:
    errors = [a for a in answers if isinstance(a, Exception)]
    assert not errors, errors[:3]
    statuses = [a.status_code for a in answers if hasattr(a, "status_code")]
    assert all(s in (200, 204, 286) for s in statuses), Counter(statuses)


def _field(count: int) -> tuple[Tournament, list[Any], dict[int, Client]]:
    """An Arena due to start with ``count`` players on its page, none seated yet."""
    users = [player(f"Racer {NAMES[i]}") for i in range(count)]
    event = arena()
    now = timezone.now()
    Entry.objects.bulk_create(Entry(tournament=event, user=u, last_seen=now) for u in users)
    return event, users, {u.pk: signed_in(u) for u in users}


def _live_polls(event: Tournament, clients: dict[int, Client]) -> list[Callable[[], Any]]:
    url = f"/tournaments/{event.pk}/live/"
    return [lambda c=c: c.get(url, **HTMX) for c in clients.values()]


def _ticks(event: Tournament, count: int) -> list[Callable[[], Any]]:
    return [lambda: services.tick(event.pk) for _ in range(count)]


def _check_seating(users: list[Any]) -> int:
    """Nobody at two running tables; every running table full; each entry's table is one of
    its player's seats. Returns the running tables."""
    ids = [u.pk for u in users]
    running = list(
        Seat.objects.filter(user_id__in=ids, game__status=GameStatus.ACTIVE).values_list(
            "user_id", "game_id"
        )
    )
    per_player = Counter(user for user, _ in running)
    assert max(per_player.values(), default=0) <= 1, per_player.most_common(3)
    per_table = Counter(game for _, game in running)
    assert set(per_table.values()) <= {2}, per_table
    seats = set(running)
    for entry in Entry.objects.filter(user_id__in=ids, table__status=GameStatus.ACTIVE):
        assert (entry.user_id, entry.table_id) in seats
    return len(per_table)


def _never_two_at_once(users: list[Any]) -> None:
    """Over the whole test: each player's games, from the deal to the last move, never overlap."""
    ids = [u.pk for u in users]
    last = dict(Move.objects.values_list("game_id").annotate(at=Max("created")))
    spans: dict[int, list[tuple[Any, Any]]] = defaultdict(list)
    for user, game, created, status in Seat.objects.filter(user_id__in=ids).values_list(
        "user_id", "game_id", "game__created", "game__status"
    ):
        end = None if status == GameStatus.ACTIVE else last.get(game, created)
        spans[user].append((created, end))
    for user, lives in spans.items():
        lives.sort(key=lambda span: span[0])
        for before, after in zip(lives, lives[1:], strict=False):
            assert before[1] is not None and after[0] >= before[1], (user, lives)


def _seat_everyone(event: Tournament, users: list[Any], clients: dict[int, Client]) -> None:
    """Every waiting page polls at once, round after round, until nobody waits (at most 5).

    Two polls at one instant queue on the event's lock; the one that waits pairs nobody
    the first seated. So a round seats everyone who waits, whatever the order."""
    for _round in range(5):
        waiting = set(
            Entry.objects.filter(tournament=event, table__isnull=True).values_list(
                "user_id", flat=True
            )
        )
        if not waiting:
            return
        pollers = {u: c for u, c in clients.items() if u in waiting}
        _no_errors(all_at_once([*_live_polls(event, pollers), *_ticks(event, 4)]))
        _check_seating(users)


def _one_move_from_the_end(game: Game, winner_id: int) -> None:
    """Rumbaroo with the winner to move, one tile left (R4 on R5) and 40 points: their next
    move ends the game (tests.tournaments.conftest.win_for, without playing it)."""
    game.refresh_from_db()
    seat = game.seats.get(user_id=winner_id).index
    hands = ["G1 G2 J"]
    hands.insert(seat, "R4")
    totals = [0, 0]
    totals[seat] = 40
    put_state(game, build(hands, pile="R5", target=50, totals=totals, turn=seat))
    game.deadline = timezone.now() + timedelta(minutes=2)  # the clock, as win_for sets it
    game.save(update_fields=["deadline"])


def test_racing_polls_and_ticks_seat_every_waiting_player_once() -> None:
    event, users, clients = _field(PLAYERS)
    # Every page asks at the same instant the event is due to start, with the beat.
    _no_errors(all_at_once([*_live_polls(event, clients), *_ticks(event, 6)]))
    assert _check_seating(users) >= 1
    _seat_everyone(event, users, clients)
    assert _check_seating(users) == PLAYERS // 2
    assert Table.objects.filter(tournament=event).count() == PLAYERS // 2
    assert not Entry.objects.filter(tournament=event, table__isnull=True).exists()


def test_racing_game_ends_polls_and_ticks_never_seat_twice_or_lose_a_result() -> None:
    event, users, clients = _field(PLAYERS)
    _seat_everyone(event, users, clients)
    assert _check_seating(users) == PLAYERS // 2
    for round_no in range(3):
        running = list(
            Table.objects.filter(tournament=event, game__status=GameStatus.ACTIVE).select_related(
                "game"
            )
        )
        assert len(running) == PLAYERS // 2, round_no
        for i, table in enumerate(running):  # alternate the winner's seat
            players = sorted(table.game.seats.values_list("user_id", flat=True))
            _one_move_from_the_end(table.game, players[i % 2])
        # Every table's last move, every player's Game over poll and the beat, at once.
        enders = [lambda g=t.game: play_moves(g, 6) for t in running]
        follows = [
            lambda c=clients[u], g=t.game_id: c.get(f"/tournaments/follow/{g}/", **HTMX)
            for t in running
            for u in t.game.seats.values_list("user_id", flat=True)
        ]
        answers = all_at_once([*enders, *follows, *_ticks(event, 4)])
        _no_errors(answers)
        finished = [a for a in answers[: len(enders)] if isinstance(a, Game)]
        assert all(g.status == GameStatus.FINISHED for g in finished), round_no
        _check_seating(users)
        # Whoever was not paired in the race is by their next poll.
        _seat_everyone(event, users, clients)
    _never_two_at_once(users)
    # No result lost: every ended game recorded once, in the transaction that ended it or
    # by a tick; each player's games and points are their seats' sum; the recompute agrees.
    services.tick(event.pk)
    ended = Table.objects.filter(tournament=event).exclude(game__status=GameStatus.ACTIVE)
    assert ended.count() == 3 * PLAYERS // 2
    assert not ended.filter(counted__isnull=True).exists()
    for entry in Entry.objects.filter(tournament=event):
        seats = TableSeat.objects.filter(entry=entry, table__counted=True)
        assert entry.games == seats.count() == 3
        assert entry.points_sixths == sum(s.points_sixths for s in seats)
    assert standings.compare(event) == []


def test_one_player_in_two_arenas_ticked_at_once_sits_at_one_table() -> None:
    """Each Arena pairs under its own lock; a player waiting in both must still get one
    table (``_free_to_sit`` asks the other events' tables)."""
    for attempt in range(6):
        kim = player(f"Both {NAMES[attempt]}")
        mates = [player(f"Mate {NAMES[2 * attempt + i]}") for i in range(2)]
        events = [arena(name=f"Race {attempt} {side}") for side in ("ab")]
        now = timezone.now()
        for event, mate in zip(events, mates, strict=True):
            Entry.objects.bulk_create(
                Entry(tournament=event, user=u, last_seen=now) for u in (kim, mate)
            )
        _no_errors(all_at_once([lambda e=e: services.tick(e.pk) for e in events for _ in (0, 1)]))
        at = Seat.objects.filter(user=kim, game__status=GameStatus.ACTIVE).count()
        assert at == 1, attempt
        _check_seating([kim, *mates])
