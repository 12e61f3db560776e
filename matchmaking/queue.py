"""Quick match: the one place that queues players, pairs them and seats them at a table.

Safe under concurrency (several requests, several processes, two nodes):

- a player has one queue row (``QueueEntry.owner`` is unique), created with an
  insert that ignores a duplicate and then locked, so two presses of the button
  share one row;
- pairing takes the pool's waiting rows with ``SELECT … FOR UPDATE SKIP LOCKED``
  in one transaction, seats the chosen groups and marks their rows matched
  before committing: a row another request is pairing is skipped, never read
  twice, so no player is seated by two matches (tests/matchmaking race 50
  requests on PostgreSQL);
- joining again locks the row first, so it waits for a pairing in flight and
  then sends the player to the table that pairing seated them at.

A table is made exactly as a room's host would make it, through
``rooms.services`` (create a listed room, seat the others, deal), so the game
is dealt by the one game service and the room gives its rematch and lobby.
Every waiting page polls (``POLL_SECONDS``); a row not polled for
``STALE_SECONDS`` is left out of pairing and dropped, so a closed page leaves
the queue (the page also says goodbye when it closes, if the browser lets it).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import catalogue
from games.models import Game, GameStatus
from leaderboards.names import MAX_LENGTH, name_key
from matchmaking import pairing, presets, ratings
from matchmaking.models import EntryStatus, QueueEntry, owner_key
from rooms import adapters, names
from rooms import services as rooms
from rooms.people import Person

log = logging.getLogger(__name__)

POLL_SECONDS = 1
STALE_SECONDS = 6
OFFER_COMPUTER_AFTER = 60
ROOM_NAME = "Quick match"
POOL_LIMIT = 200  # rows looked at per pairing: the oldest waiting


class QueueError(Exception):
    """A refusal the page shows; nothing changed."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.status = message, status


class AlreadySeated(QueueError):
    """The player's quick match already seated them at a table still being played."""

    def __init__(self, game: Game) -> None:
        super().__init__("You already have a seat at a quick-match table.", 409)
        self.game = game


@dataclass(frozen=True)
class Choice:
    """What the player asked for: the game, its seat count and options, their table name."""

    kind: str
    seats: int
    options: dict[str, Any]
    table_name: str


def check(who: Person, choice: Choice) -> Choice:
    """The choice with its table name tidied, or ``QueueError`` saying what is wrong."""
    if not who.known:
        raise QueueError("Your browser needs cookies turned on to play someone.", 403)
    if rooms.suspended(who):
        raise QueueError("You can't join tables at the moment.", 403)
    entry = catalogue.find(choice.kind)
    if entry is None or not entry.ready:
        raise QueueError("There is no such game.", 404)
    if not entry.min_players <= choice.seats <= entry.max_players:
        raise QueueError(f"{entry.name} seats {entry.min_players} to {entry.max_players}.")
    if adapters.engine_config(choice.kind, choice.options, choice.seats) is None:
        raise QueueError("Those options don't work with that many players.")
    try:
        clean = names.table_name(choice.table_name, who, [])
    except names.InvalidName as exc:
        raise QueueError(str(exc)) from exc
    return Choice(choice.kind, choice.seats, choice.options, clean)


def join(who: Person, choice: Choice) -> tuple[QueueEntry, Game | None]:
    """Wait for ``choice`` (or go on waiting), then try to pair at once.

    Returns the row and the game it was seated at, if this press completed a table.
    Raises ``AlreadySeated`` when an earlier match's table is still being played.
    """
    choice = check(who, choice)
    key = owner_key(who.user_id, who.device_key)
    now = timezone.now()
    with transaction.atomic():
        QueueEntry.objects.bulk_create(
            [QueueEntry(owner=key, user_id=who.user_id, device_key=_device(who))],
            ignore_conflicts=True,
        )
        # Locked alone, and its game read by a statement of its own: a pairing that
        # committed while this waited made a game this statement's snapshot can't see
        # (a join here read it as missing, and the player was seated twice).
        entry = QueueEntry.objects.select_for_update().get(owner=key)
        _refuse_if_seated(entry)
        entry.status, entry.kind, entry.seats = EntryStatus.WAITING, choice.kind, choice.seats
        entry.options, entry.table_name = choice.options, choice.table_name
        entry.pool = presets.pool_key(choice.kind, choice.seats, choice.options)
        entry.rating = ratings.rating_for(who.user_id, choice.kind)
        entry.joined = entry.last_seen = now
        entry.game, entry.matched_at, entry.note = None, None, ""
        entry.save()
    pair(entry.pool)
    entry.refresh_from_db()
    return entry, _seated_game(entry)


def _device(who: Person) -> str:
    return "" if who.user_id is not None else who.device_key


def seated_game(entry: QueueEntry) -> Game | None:
    """The table a match seated this row at, while it is still being played."""
    if entry.status != EntryStatus.MATCHED or entry.game_id is None:
        return None
    return Game.objects.filter(pk=entry.game_id, status=GameStatus.ACTIVE).first()


def _refuse_if_seated(entry: QueueEntry) -> None:
    game = seated_game(entry)
    if game is not None:
        raise AlreadySeated(game)


def _seated_game(entry: QueueEntry) -> Game | None:
    if entry.status == EntryStatus.MATCHED and entry.game_id is not None:
        return Game.objects.filter(pk=entry.game_id).first()
    return None


def current(who: Person) -> QueueEntry | None:
    """The player's queue row, if they have one."""
    if not who.known:
        return None
    key = owner_key(who.user_id, who.device_key)
    return QueueEntry.objects.select_related("game").filter(owner=key).first()


def heartbeat(who: Person) -> QueueEntry | None:
    """The waiting page's poll: still here (``last_seen``), pair if possible, the row now."""
    entry = current(who)
    if entry is None or entry.status != EntryStatus.WAITING:
        return entry
    touched = QueueEntry.objects.filter(pk=entry.pk, status=EntryStatus.WAITING).update(
        last_seen=timezone.now()
    )
    if touched:
        pair(entry.pool)
    return current(who)


def leave(who: Person) -> None:
    """Stop waiting (the page was closed or Cancel pressed). A seat already given stays."""
    if not who.known:
        return
    key = owner_key(who.user_id, who.device_key)
    QueueEntry.objects.filter(owner=key, status=EntryStatus.WAITING).update(
        status=EntryStatus.IDLE, note="left"
    )


def resume(who: Person) -> None:
    """A reload of the waiting page: its goodbye (sent as the old page went) is taken back."""
    if not who.known:
        return
    key = owner_key(who.user_id, who.device_key)
    since = timezone.now() - timedelta(seconds=STALE_SECONDS)
    QueueEntry.objects.filter(
        owner=key, status=EntryStatus.IDLE, note="left", last_seen__gte=since
    ).update(status=EntryStatus.WAITING, note="", last_seen=timezone.now())


def waited_seconds(entry: QueueEntry) -> int:
    if entry.joined is None:
        return 0
    return max(0, int((timezone.now() - entry.joined).total_seconds()))


# --- pairing: the one place that seats players ----------------------------------------


def pair(pool: str) -> list[Game]:
    """Seat every table the pool's waiting players can make now; the games dealt."""
    now = timezone.now()
    fresh = now - timedelta(seconds=STALE_SECONDS)
    dealt: list[Game] = []
    with transaction.atomic():
        _drop_stale(pool, fresh)
        rows = list(
            QueueEntry.objects.select_for_update(skip_locked=True)
            .filter(pool=pool, status=EntryStatus.WAITING, last_seen__gte=fresh)
            .order_by("joined", "pk")[:POOL_LIMIT]
        )
        if len(rows) < 2:
            return dealt
        by_key = {row.pk: row for row in rows}
        waiting = [pairing.Candidate(r.pk, r.user_id, r.rating, r.joined) for r in rows]
        for group in pairing.groups(waiting, rows[0].seats, now, _asked_once()):
            game = _seat([by_key[c.key] for c in group], now)
            if game is not None:
                dealt.append(game)
    return dealt


def _asked_once() -> pairing.Blocked:
    """``ratings.blocked`` remembered for one pairing: each pair is asked at most once."""
    known: dict[tuple[int, int], bool] = {}

    def blocked(a: int, b: int) -> bool:
        key = (min(a, b), max(a, b))
        if key not in known:
            known[key] = ratings.blocked(a, b)
        return known[key]

    return blocked


def _drop_stale(pool: str, fresh: Any) -> None:
    """Rows whose page stopped polling leave the queue (unless a pairing holds them now)."""
    stale = (
        QueueEntry.objects.select_for_update(skip_locked=True)
        .filter(pool=pool, status=EntryStatus.WAITING, last_seen__lt=fresh)
        .values_list("pk", flat=True)
    )
    ids = list(stale)
    if ids:
        QueueEntry.objects.filter(pk__in=ids).update(status=EntryStatus.IDLE, note="gone")


def _seat(group: list[QueueEntry], now: Any) -> Game | None:
    """Make the group's table as a room's host would, and mark their rows matched."""
    first = group[0]
    people = [Person(e.user_id, e.device_key if e.user_id is None else "") for e in group]
    table_names = _distinct_names([e.table_name for e in group])
    try:
        with transaction.atomic():
            room = rooms.create_room(
                people[0], first.kind, ROOM_NAME, table_names[0], first.seats, True, first.options
            )
            for who, name in zip(people[1:], table_names[1:], strict=True):
                rooms.join(room.pk, who, name, code=room.code)
            game = rooms.deal(room.pk, people[0], rematch=False)
    except rooms.RoomError as exc:
        log.warning("quick match could not seat %s: %s", [e.owner for e in group], exc.message)
        ids = [e.pk for e in group]
        QueueEntry.objects.filter(pk__in=ids).update(status=EntryStatus.FAILED, note=exc.message)
        return None
    QueueEntry.objects.filter(pk__in=[e.pk for e in group]).update(
        status=EntryStatus.MATCHED, game=game, matched_at=now, note=""
    )
    return game


def _distinct_names(wanted: list[str]) -> list[str]:
    """Table names as typed, with a number added to a name that looks like an earlier one."""
    out: list[str] = []
    for name in wanted:
        candidate, n = name, 2
        while any(name_key(candidate) == name_key(other) for other in out):
            candidate = f"{name[: MAX_LENGTH - 3]} {n}"
            n += 1
        out.append(candidate)
    return out
