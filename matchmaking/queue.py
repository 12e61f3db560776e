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

Correspondence (days per move, games.pace) is its own lane: a player has one
live row and one correspondence row, and the pace is part of the pool key, so
a live press never meets a correspondence one. Nobody keeps a page open for a
game that lasts days, so a correspondence row is never dropped for not
polling: it waits until it is paired, cancelled, or ``CORRESPONDENCE_WAIT_DAYS``
pass. It is paired when another player presses (or a waiting page, the quick
match page or My turn asks); the table then shows on My turn, and the usual
notices say when it is the player's move. Correspondence needs an account
(My turn and the notices follow an account), and the 50-game limit of
``games.pace`` is checked on pressing and again when a table is made.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from games import catalogue
from games import pace as game_pace
from games.models import Game, GameStatus
from leaderboards.names import MAX_LENGTH, name_key
from matchmaking import pairing, presets, ratings
from matchmaking.models import EntryStatus, Lane, QueueEntry, owner_key
from rooms import adapters, names
from rooms import services as rooms
from rooms.models import QUICK_MATCH_NAME
from rooms.people import Person

log = logging.getLogger(__name__)

POLL_SECONDS = 1
STALE_SECONDS = 6
OFFER_COMPUTER_AFTER = 60
ROOM_NAME = QUICK_MATCH_NAME  # kept in English; Room.shown_name words it for the reader
POOL_LIMIT = 200  # rows looked at per pairing: the oldest waiting
CORRESPONDENCE_WAIT_DAYS = 7  # a correspondence row waits this long without a page
REPRESS_SECONDS = 30  # a second press this soon after a correspondence seat goes to that table
PACES = [game_pace.LIVE, *game_pace.DAYS]


class QueueError(Exception):
    """A refusal the page shows; nothing changed."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.status = message, status


class AlreadySeated(QueueError):
    """The player's quick match already seated them at a table still being played."""

    def __init__(self, game: Game) -> None:
        super().__init__(gettext("You already have a seat at a quick-match table."), 409)
        self.game = game


@dataclass(frozen=True)
class Choice:
    """What the player asked for: the game, seat count, options, table name and pace.

    ``pace`` is games.pace's value (live, 1d, 3d, 7d); ``check`` writes it into
    the options (as a room's form does) for a correspondence game only.
    """

    kind: str
    seats: int
    options: dict[str, Any]
    table_name: str
    pace: str = game_pace.LIVE


def lane_of(options: dict[str, Any]) -> str:
    """The queue lane of a choice's (or a row's) options."""
    return Lane.CORRESPONDENCE if game_pace.is_correspondence(options) else Lane.LIVE


def too_many_message() -> str:
    limit = game_pace.MAX_CORRESPONDENCE_GAMES
    return ngettext(
        "You already play %(limit)s correspondence game, the most at once:"
        " finish it before waiting for another.",
        "You already play %(limit)s correspondence games, the most at once:"
        " finish one before waiting for another.",
        limit,
    ) % {"limit": limit}


NOTE_CODES = ("left", "gone", "expired")  # why a row stopped waiting, for the page to word


def note_text(note: str) -> str:
    """A failed row's reason in the reader's language ("" for none, or a code).

    Pairing happens in whoever's request pressed last, so the reason is kept in
    English (the source language) and translated when its own player reads it.
    """
    if not note or note in NOTE_CODES:
        return ""
    with translation.override(None):
        english_limit = too_many_message()
    if note == english_limit:
        return too_many_message()
    return gettext(note)  # a refusal of rooms.services, kept as its English text


def _check_pace(who: Person, pace: str) -> None:
    if pace not in PACES:
        raise QueueError(gettext("Choose live, or 1, 3 or 7 days per move."))
    if pace == game_pace.LIVE:
        return
    if who.user_id is None:
        raise QueueError(
            gettext(
                "Sign in to wait for a correspondence game: it lasts days, and My turn and"
                " the notices that it's your move follow your account."
            ),
            403,
        )
    if rooms.correspondence_games(who.user_id) >= game_pace.MAX_CORRESPONDENCE_GAMES:
        raise QueueError(too_many_message(), 409)


def check(who: Person, choice: Choice) -> Choice:
    """The choice with its table name tidied, or ``QueueError`` saying what is wrong."""
    if not who.known:
        raise QueueError(gettext("Your browser needs cookies turned on to play someone."), 403)
    _check_pace(who, choice.pace)
    if rooms.suspended(who):
        raise QueueError(gettext("You can't join tables at the moment."), 403)
    entry = catalogue.find(choice.kind)
    if entry is None or not entry.ready:
        raise QueueError(gettext("There is no such game."), 404)
    if not entry.min_players <= choice.seats <= entry.max_players:
        raise QueueError(
            gettext("%(game)s seats %(min)s to %(max)s.")
            % {"game": entry.shown_name, "min": entry.min_players, "max": entry.max_players}
        )
    if adapters.engine_config(choice.kind, choice.options, choice.seats) is None:
        raise QueueError(gettext("Those options don't work with that many players."))
    try:
        clean = names.table_name(choice.table_name, who, [])
    except names.InvalidName as exc:
        raise QueueError(str(exc)) from exc
    options = {k: v for k, v in choice.options.items() if k != "pace"}
    if choice.pace != game_pace.LIVE:
        options["pace"] = choice.pace  # the room made for the match gets this pace
    return Choice(choice.kind, choice.seats, options, clean, choice.pace)


def join(who: Person, choice: Choice) -> tuple[QueueEntry, Game | None]:
    """Wait for ``choice`` (or go on waiting), then try to pair at once.

    Returns the row and the game it was seated at, if this press completed a table.
    Raises ``AlreadySeated`` when an earlier match's table is still being played.
    """
    choice = check(who, choice)
    key = owner_key(who.user_id, who.device_key)
    lane = lane_of(choice.options)
    now = timezone.now()
    with transaction.atomic():
        QueueEntry.objects.bulk_create(
            [QueueEntry(owner=key, lane=lane, user_id=who.user_id, device_key=_device(who))],
            ignore_conflicts=True,
        )
        # Locked alone, and its game read by a statement of its own: a pairing that
        # committed while this waited made a game this statement's snapshot can't see
        # (a join here read it as missing, and the player was seated twice).
        entry = QueueEntry.objects.select_for_update().get(owner=key, lane=lane)
        _refuse_if_seated(entry, now)
        entry.status, entry.kind, entry.seats = EntryStatus.WAITING, choice.kind, choice.seats
        entry.options, entry.table_name = choice.options, choice.table_name
        entry.pool = presets.pool_key(choice.kind, choice.seats, choice.options)
        entry.rating = ratings.rating_for(
            who.user_id, choice.kind, ratings.pace_of(choice.options)
        )  # the rating of the pace it waits for
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


def _refuse_if_seated(entry: QueueEntry, now: Any) -> None:
    """A live seat still played refuses a new wait; a correspondence one only just after
    it was given (a double press), since a player may have many correspondence games."""
    game = seated_game(entry)
    if game is None:
        return
    if entry.lane == Lane.CORRESPONDENCE:
        recent = now - timedelta(seconds=REPRESS_SECONDS)
        if entry.matched_at is None or entry.matched_at < recent:
            return
    raise AlreadySeated(game)


def _seated_game(entry: QueueEntry) -> Game | None:
    if entry.status == EntryStatus.MATCHED and entry.game_id is not None:
        return Game.objects.filter(pk=entry.game_id).first()
    return None


def current(who: Person, lane: str = Lane.LIVE) -> QueueEntry | None:
    """The player's queue row in this lane, if they have one."""
    if not who.known:
        return None
    key = owner_key(who.user_id, who.device_key)
    return QueueEntry.objects.select_related("game").filter(owner=key, lane=lane).first()


def heartbeat(who: Person, lane: str = Lane.LIVE) -> QueueEntry | None:
    """The waiting page's poll: still here (``last_seen``), pair if possible, the row now."""
    entry = current(who, lane)
    if entry is None or entry.status != EntryStatus.WAITING:
        return entry
    touched = QueueEntry.objects.filter(pk=entry.pk, status=EntryStatus.WAITING).update(
        last_seen=timezone.now()
    )
    if touched:
        pair(entry.pool)
    return current(who, lane)


def correspondence_wait(who: Person) -> QueueEntry | None:
    """The player's correspondence row when it waits (paired first, if it can be now),
    could not start a table this week (its note says why), or seated them at a table
    still played; for the quick match page and My turn."""
    if who.user_id is None:
        return None
    entry = heartbeat(who, Lane.CORRESPONDENCE)
    if entry is None or not entry.kind:
        return None
    week = timezone.now() - timedelta(days=CORRESPONDENCE_WAIT_DAYS)
    failed = entry.status == EntryStatus.FAILED and entry.joined and entry.joined >= week
    if entry.status == EntryStatus.WAITING or failed or seated_game(entry) is not None:
        return entry
    return None


def leave(who: Person, lane: str = Lane.LIVE) -> None:
    """Stop waiting (the page was closed or Cancel pressed). A seat already given stays."""
    if not who.known:
        return
    key = owner_key(who.user_id, who.device_key)
    QueueEntry.objects.filter(owner=key, lane=lane, status=EntryStatus.WAITING).update(
        status=EntryStatus.IDLE, note="left"
    )


def resume(who: Person) -> None:
    """A reload of the waiting page: its goodbye (sent as the old page went) is taken back."""
    if not who.known:
        return
    key = owner_key(who.user_id, who.device_key)
    since = timezone.now() - timedelta(seconds=STALE_SECONDS)
    QueueEntry.objects.filter(
        owner=key, lane=Lane.LIVE, status=EntryStatus.IDLE, note="left", last_seen__gte=since
    ).update(status=EntryStatus.WAITING, note="", last_seen=timezone.now())


def waited_seconds(entry: QueueEntry) -> int:
    if entry.joined is None:
        return 0
    return max(0, int((timezone.now() - entry.joined).total_seconds()))


# --- pairing: the one place that seats players ----------------------------------------


def pair(pool: str) -> list[Game]:
    """Seat every table the pool's waiting players can make now; the games dealt.

    A live pool pairs only rows whose page polled lately; a correspondence pool
    every row that waited less than ``CORRESPONDENCE_WAIT_DAYS``.
    """
    now = timezone.now()
    live = presets.pool_pace(pool) == game_pace.LIVE
    fresh = now - timedelta(seconds=STALE_SECONDS)
    dealt: list[Game] = []
    with transaction.atomic():
        if live:
            _drop_stale(pool, "gone", last_seen__lt=fresh)
        else:
            since = now - timedelta(days=CORRESPONDENCE_WAIT_DAYS)
            _drop_stale(pool, "expired", joined__lt=since)
        found = QueueEntry.objects.select_for_update(skip_locked=True).filter(
            pool=pool, status=EntryStatus.WAITING
        )
        if live:
            found = found.filter(last_seen__gte=fresh)
        rows = list(found.order_by("joined", "pk")[:POOL_LIMIT])
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


def _drop_stale(pool: str, note: str, **older: Any) -> None:
    """Rows past their time (a live page stopped polling, a correspondence wait ran out)
    leave the queue, unless a pairing holds them now."""
    stale = (
        QueueEntry.objects.select_for_update(skip_locked=True)
        .filter(pool=pool, status=EntryStatus.WAITING, **older)
        .values_list("pk", flat=True)
    )
    ids = list(stale)
    if ids:
        QueueEntry.objects.filter(pk__in=ids).update(status=EntryStatus.IDLE, note=note)


def _seat(group: list[QueueEntry], now: Any) -> Game | None:
    """Make the group's table as a room's host would, and mark their rows matched."""
    if _over_the_limit(group):
        return None
    first = group[0]
    people = [Person(e.user_id, e.device_key if e.user_id is None else "") for e in group]
    table_names = _distinct_names([e.table_name for e in group])
    try:  # a refusal is kept in English, the note's language (``note_text``)
        with translation.override(None), transaction.atomic():
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


def _over_the_limit(group: list[QueueEntry]) -> bool:
    """At a correspondence table, a member who reached the game limit while waiting stops
    waiting (with the reason); the others wait on for someone else."""
    if not game_pace.is_correspondence(group[0].options):
        return False
    limit = game_pace.MAX_CORRESPONDENCE_GAMES
    full = [
        e.pk
        for e in group
        if e.user_id is not None and rooms.correspondence_games(e.user_id) >= limit
    ]
    if full:
        with translation.override(None):  # kept in English, like every note
            note = too_many_message()
        QueueEntry.objects.filter(pk__in=full).update(status=EntryStatus.FAILED, note=note)
    return bool(full)


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
