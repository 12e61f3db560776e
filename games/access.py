"""Who may see and act on a game: the seat is found from the request, never from the POST.

The game and its seats come from one query (seats joined to their game), so a
request reads the game's snapshot once; the seats are wired onto the game as if
prefetched, so ``game.seats.all()`` later in the request costs nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import NamedTuple
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from core.db import hot_cursor
from games import task_queue
from games.models import Game, Seat
from games.rows import read_game_and_seats


def owns_seat(request: HttpRequest, seat: Seat) -> bool:
    """A signed-in owner by account; a guest seat by the signed device cookie."""
    if seat.is_computer:
        return False
    user = request.user
    if seat.user_id is not None:
        return bool(user.is_authenticated and user.pk == seat.user_id)
    key = getattr(request, "device_key", "")
    return bool(key) and seat.device_key == key


def owned_seats(request: HttpRequest) -> QuerySet[Seat]:
    """Every seat the caller owns, by the same rule as ``owns_seat``.

    Signed in, that is the account's seats (plus, in principle, the device's
    unclaimed guest seats; sign-in moves those into the account anyway).
    """
    key = getattr(request, "device_key", "")
    mine = Q(user__isnull=True, device_key=key, computer_level="") if key else Q(pk__in=[])
    user = request.user
    if user.is_authenticated:
        mine |= Q(user_id=user.pk)
    return Seat.objects.filter(mine)


class Probe(NamedTuple):
    """What the board's poll needs to decide whether anything is new."""

    version: int
    stamp: int  # the game row's last change in ms: moves, but also a pause or the house
    clock_due: bool  # an online clock ran out (or computers owe a move) and nobody acted on it
    online: bool = False


def stamp_of(when: datetime | str | None) -> int:
    """A change time as whole milliseconds, the same from the ORM and from raw SQL."""
    if isinstance(when, str):
        when = parse_datetime(when)
    if when is None:
        return 0
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return int(when.timestamp() * 1000)


PROBE_SQL = (
    "SELECT g.version, g.updated, g.online, g.deadline, g.paused_until, g.status,"
    " g.awaiting_computer"
    f" FROM {Game._meta.db_table} g"
    f" JOIN {Seat._meta.db_table} s ON s.game_id = g.id"
    " WHERE g.id = %s AND g.kind = %s AND ("
    "(s.user_id IS NULL AND s.device_key = %s AND s.device_key <> '' AND s.computer_level = '')"
    " OR s.user_id = %s) LIMIT 1"
)


def probe_for_player(request: HttpRequest, game_id: UUID | str, kind: str) -> Probe | None:
    """The game's version and change stamp if the caller has a seat in it, else None.

    The board's poll asks this every second per player while others play, so it
    is one short statement written out (the ORM spent more time building it than
    PostgreSQL answering it). It is ``owned_seats`` as SQL: a guest's seat by its
    device key, a signed-in player's by account; computers' seats are nobody's.
    """
    key = getattr(request, "device_key", "")
    user = request.user
    user_id = user.pk if user.is_authenticated else None
    if not key and user_id is None:
        return None
    with hot_cursor() as cursor:
        pk = Game._meta.pk.get_db_prep_value(game_id, cursor.db)
        cursor.execute(PROBE_SQL, [pk, kind, key, user_id])
        row = cursor.fetchone()
    if row is None:
        return None
    version, updated, online, deadline, paused, status, awaiting = row
    now = stamp_of(timezone.now())
    running = paused is None and status == "active"
    due = bool(online) and deadline is not None and running and stamp_of(deadline) <= now
    owed = bool(awaiting) and running and stamp_of(updated) <= now - IN_PROCESS_STALL_MS
    return Probe(int(version), stamp_of(updated), due or (owed and _in_process()), bool(online))


# With no broker, computer turns are played inside requests, a bounded number each
# (games.services.IN_PROCESS_MOVES); a table still owing one this long after its last
# change is played on by the next poll, which applies what is due.
IN_PROCESS_STALL_MS = 3000


def _in_process() -> bool:
    """The embedded default: Celery tasks run in the request (no worker will come)."""
    return task_queue.in_process()  # the queue's own answer, as games.services reads it


def game_with_seats(game_id: UUID | str) -> Game | None:
    """The game with its seats already loaded, in one query; None if there is no such game.

    Every game has seats (``create_game`` writes them with the game), so the
    join finds every game. One ``Game`` instance is shared by all its seats.
    The statement is written out and prepared (``games.rows``): the ORM's
    compiler cost more than the query on every table request.
    """
    try:
        found = read_game_and_seats(game_id)
    except ValidationError:  # not a UUID: no such game, as the ORM would have found
        return None
    if found is None:
        return None
    game, rows = found
    for seat in rows:
        seat.game = game
    # A real query for this game's seats if refined (``game.seats.filter(…)``, ``update``):
    # Django's own deferred filter, built only then (building it cost more than the read).
    cached: QuerySet[Seat] = QuerySet(model=Seat)
    cached._deferred_filter = (False, (), {"game_id": game.pk})  # type: ignore[attr-defined]
    cached._result_cache = rows
    cached._prefetch_done = True  # type: ignore[attr-defined]
    game._prefetched_objects_cache = {"seats": cached}  # type: ignore[attr-defined]
    return game


def get_game_for_player(request: HttpRequest, game_id: UUID) -> tuple[Game, Seat]:
    """404 for anyone without a seat, so a stranger can't even learn the game exists."""
    game = game_with_seats(game_id)
    if game is None:
        raise Http404("No such game.")
    for seat in game.seats.all():
        if owns_seat(request, seat):
            return game, seat
    raise Http404("No such game.")
