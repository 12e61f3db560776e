"""The one place that changes tournaments: making, joining, pairing, results, the end.

Every change takes the tournament's row lock (``_locked``) inside a transaction, so two
requests, a beat tick and a finished game never pair the same player twice or lose a
result: pairing reads who waits, deals the tables and marks the players seated before it
commits. A refusal raises ``TournamentError`` with a message for the page (in the
asker's language) and changes nothing.

- **Tables** are rooms' online tables, made as a room's host would make them
  (``rooms.services``: create, seat, deal; as quick match does), so the clock, the house,
  talk, watching and ratings are the online tables' own. The room's host is cleared once
  the table is dealt (no rematch in a tournament's room); its Game over leads back here
  (``tournaments.links``).
- **Arena**: players on the page (``PRESENT_SECONDS``; a tournament table's Game over
  counts, as it follows the event), not paused, not at a table, are seated by
  ``arena_pairing.pair_arena`` as soon as a table's worth wait: at the start, whenever a
  page polls (``tick``), whenever a game ends, and on every beat. A finished game's seats
  score by ``scoring``, and the entries' points, streaks and counts change in the
  transaction that ended the game.
- **Swiss**: every round starts at once (``start_round``); those not on the page (or
  paused) at its start get a bye of 0, and a second such miss withdraws them.
- **The end**: an Arena stops pairing at its end; its tables still playing count if they
  end within the grace; the standings freeze when the last counting table ends (or the
  grace runs out): final ranks, the podium.
- **Fair play**: leaving a running game scores it last (``results``); three games left
  (or lost to the clock, the house holding the seat at the end) withdraw the player;
  suspended players can't join and are withdrawn.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, F
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from games import catalogue, live
from games.models import Game, GameStatus
from leaderboards.blocks import blocked_ids
from leaderboards.models import Player
from players.lookup import ratings_of
from players.social import are_friends
from rooms import adapters, names
from rooms import services as rooms
from rooms.models import TOURNAMENT_NAME, Room
from rooms.people import Person
from tournaments import arena_pairing, notices, results, scoring, swiss_pairing
from tournaments.models import (
    Access,
    Bye,
    ByeKind,
    Entry,
    Format,
    Status,
    Table,
    TableSeat,
    Tournament,
    WithdrawnBecause,
)
from tournaments.options import GRACE_SECONDS, options_for
from tournaments.standings import final_ranks

log = logging.getLogger(__name__)

PRESENT_SECONDS = 30  # a page that asked this recently is "on the page" (its poll waits 20 s)
CREATE_PER_DAY = 3  # tournaments a player may make in 24 hours
DURATIONS = (30, 60, 90)  # an Arena's minutes
ROUNDS = tuple(range(3, 10))  # a Swiss event's rounds
SEATS = (2, 3, 4)  # per table
ROUND_BREAK_SECONDS = 20  # between a Swiss round's last game and the next round's start
MAX_ABANDONS = 3  # games left (or lost to the clock) before a player is withdrawn
MAX_ABSENCES = 2  # Swiss rounds missed before a player is withdrawn
LATEST_START_DAYS = 14  # how far ahead a player may schedule an event
CODE_LENGTH = 8
NEWCOMER_RATING = 1000.0  # an account never rated at the game pairs as a newcomer shows


# What a result changes on an entry (``_record``).
RESULT_FIELDS = [
    "points_sixths", "games", "wins", "streak", "abandons", "withdrawn", "withdrawn_because",
    "table",
]  # fmt: skip


class TournamentError(Exception):
    """A refusal the page shows; nothing changed. ``status`` is the HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.status = message, status


def live_key(tournament_id: int) -> str:
    """The tournament page's news (games.live), apart from any table's."""
    return f"tournament-{tournament_id}"


def _changed(tournament: Tournament) -> None:
    """The page shows something new: a newer version, and news once it commits."""
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
    tournament.version += 1
    key = live_key(tournament.pk)
    transaction.on_commit(lambda: live.notify(key))


def _locked(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament_id)


# --- reading --------------------------------------------------------------------------


def board_name(user_id: int) -> str:
    """The player's public (board) name: their name at tournament tables and in standings."""
    found = Player.objects.filter(user_id=user_id).values_list("name", flat=True).first()
    return found or ""


def entry_of(tournament: Tournament, user_id: int | None) -> Entry | None:
    if user_id is None:
        return None
    return Entry.objects.filter(tournament=tournament, user_id=user_id).first()


def may_see(tournament: Tournament, user_id: int | None, codes: Iterable[str] = ()) -> bool:
    """Open events are everyone's; a friends-only one its creator's friends' and its
    players'; one with an entry code its players' and whoever has the code."""
    if tournament.access == Access.OPEN:
        return True
    if user_id is not None and (
        user_id == tournament.creator_id or entry_of(tournament, user_id) is not None
    ):
        return True
    if tournament.access == Access.CODE:
        return bool(tournament.entry_code) and tournament.entry_code in set(codes)
    creator = tournament.creator_id
    return user_id is not None and creator is not None and are_friends(creator, user_id)


def present_since(now: datetime) -> datetime:
    return now - timedelta(seconds=PRESENT_SECONDS)


def is_present(entry: Entry, now: datetime) -> bool:
    return entry.last_seen is not None and entry.last_seen >= present_since(now)


def current_table(user_id: int) -> Game | None:
    """The tournament table the player is at now, in any tournament (one at a time)."""
    found = (
        Entry.objects.filter(user_id=user_id, table__status=GameStatus.ACTIVE)
        .select_related("table")
        .first()
    )
    return found.table if found is not None else None


def may_join_now(tournament: Tournament, now: datetime) -> bool:
    """Before the start; an Arena until its end; a Swiss event until its second round."""
    if tournament.status == Status.SCHEDULED:
        return True
    if tournament.status != Status.RUNNING:
        return False
    if tournament.is_arena:
        end = tournament.ends_at
        return end is not None and now < end
    return tournament.round_no <= 1


# --- making ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Draft:
    """What a player asks for on the create form (checked by ``create``)."""

    kind: str
    format: str
    name: str
    starts_at: datetime
    duration_minutes: int | None = None
    rounds: int | None = None
    seats: int = 2
    rated: bool = True
    access: str = Access.OPEN


def check_draft(draft: Draft, now: datetime) -> str:
    """The tidied name, or ``TournamentError`` saying what is wrong with the draft."""
    entry = catalogue.find(draft.kind)
    if entry is None or not entry.ready:
        raise TournamentError(gettext("There is no such game."), 404)
    if draft.format not in Format.values:
        raise TournamentError(gettext("Choose Arena or Swiss."))
    if draft.format == Format.ARENA and draft.duration_minutes not in DURATIONS:
        raise TournamentError(gettext("An Arena lasts 30, 60 or 90 minutes."))
    if draft.format == Format.SWISS and draft.rounds not in ROUNDS:
        raise TournamentError(gettext("A Swiss tournament has 3 to 9 rounds."))
    if draft.seats not in SEATS or not entry.min_players <= draft.seats <= entry.max_players:
        raise TournamentError(gettext("Tables seat 2, 3 or 4 players."))
    if adapters.engine_config(draft.kind, options_for(draft.kind), draft.seats) is None:
        raise TournamentError(gettext("That game can't be played at tables of that size."))
    if draft.access not in Access.values:
        raise TournamentError(gettext("Choose who may join."))
    if draft.starts_at <= now:
        raise TournamentError(gettext("Choose a start in the future."))
    if draft.starts_at > now + timedelta(days=LATEST_START_DAYS):
        raise TournamentError(
            ngettext(
                "Choose a start within %(days)s day.",
                "Choose a start within %(days)s days.",
                LATEST_START_DAYS,
            )
            % {"days": LATEST_START_DAYS}
        )
    try:
        return names.room_name(draft.name)  # a board name's rules, and no blocked name
    except names.InvalidName as exc:
        raise TournamentError(str(exc)) from exc


def create(user_id: int, draft: Draft, now: datetime | None = None) -> Tournament:
    """A player's tournament: at most ``CREATE_PER_DAY`` in 24 hours, names checked."""
    now = now or timezone.now()
    if rooms.suspended(Person(user_id, "")):
        raise TournamentError(gettext("You can't make tournaments at the moment."), 403)
    name = check_draft(draft, now)
    with transaction.atomic():
        made = Tournament.objects.select_for_update().filter(
            creator_id=user_id, created__gte=now - timedelta(days=1)
        )
        if len(made) >= CREATE_PER_DAY:
            raise TournamentError(
                ngettext(
                    "You can make %(count)s tournament a day; try again tomorrow.",
                    "You can make %(count)s tournaments a day; try again tomorrow.",
                    CREATE_PER_DAY,
                )
                % {"count": CREATE_PER_DAY},
                429,
            )
        arena = draft.format == Format.ARENA
        return Tournament.objects.create(
            kind=draft.kind,
            format=draft.format,
            name=name,
            starts_at=draft.starts_at,
            duration_minutes=draft.duration_minutes if arena else None,
            rounds=None if arena else draft.rounds,
            seats=draft.seats,
            rated=draft.rated,
            access=draft.access,
            entry_code=_new_code() if draft.access == Access.CODE else "",
            creator_id=user_id,
            options=options_for(draft.kind),
            grace_seconds=GRACE_SECONDS,
        )


def _new_code() -> str:
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"  # no look-alikes (l/1, o/0)
    return "".join(secrets.choice(alphabet) for _ in range(CODE_LENGTH))


def cancel(tournament_id: int, user_id: int) -> Tournament:
    """The creator calls it off before the start."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.creator_id != user_id:
            raise TournamentError(gettext("Only the tournament's creator can cancel it."), 403)
        if tournament.status != Status.SCHEDULED:
            raise TournamentError(gettext("It has started: it can't be cancelled now."), 409)
        tournament.status = Status.CANCELLED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "finished_at"])
        _changed(tournament)
    return tournament


# --- joining, leaving, pausing --------------------------------------------------------


def join(tournament_id: int, user_id: int, code: str = "", now: datetime | None = None) -> Entry:
    """Join (or join again after leaving); on the page from now on."""
    now = now or timezone.now()
    if rooms.suspended(Person(user_id, "")):
        raise TournamentError(gettext("You can't join tournaments at the moment."), 403)
    if not board_name(user_id):
        raise TournamentError(
            gettext("Choose a public name first: it is your name at the tables."), 403
        )
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if not may_join_now(tournament, now):
            raise TournamentError(gettext("This tournament can't be joined now."), 409)
        _check_access(tournament, user_id, code)
        entry = entry_of(tournament, user_id)
        if entry is None:
            entry = Entry.objects.create(tournament=tournament, user_id=user_id, last_seen=now)
        elif entry.withdrawn:
            if entry.withdrawn_because != WithdrawnBecause.LEFT:
                raise TournamentError(
                    gettext("You were withdrawn from this tournament: %(why)s.")
                    % {"why": entry.get_withdrawn_because_display()},
                    403,
                )
            entry.withdrawn, entry.withdrawn_because, entry.paused = False, "", False
            entry.last_seen = now
            entry.save(update_fields=["withdrawn", "withdrawn_because", "paused", "last_seen"])
        _changed(tournament)
    tick(tournament_id)  # seated at once if a table can be made
    return entry


def _check_access(tournament: Tournament, user_id: int, code: str) -> None:
    if tournament.access == Access.OPEN or user_id == tournament.creator_id:
        return
    if tournament.access == Access.CODE:
        given = (code or "").strip().lower()
        if not tournament.entry_code or not secrets.compare_digest(given, tournament.entry_code):
            raise TournamentError(gettext("That entry code is not this tournament's."), 403)
        return
    creator = tournament.creator_id
    if creator is None or not are_friends(creator, user_id):
        raise TournamentError(gettext("Only the creator's friends can join."), 403)


def leave(tournament_id: int, user_id: int) -> None:
    """Before the start the entry goes; after it the player is withdrawn (points stay)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        entry = entry_of(tournament, user_id)
        if entry is None:
            raise TournamentError(gettext("You are not in this tournament."), 409)
        if tournament.status == Status.SCHEDULED:
            entry.delete()
        elif tournament.status == Status.RUNNING and not entry.withdrawn:
            _withdraw(entry, WithdrawnBecause.LEFT)
        _changed(tournament)


def pause(tournament_id: int, user_id: int, paused: bool) -> Entry:
    """Pause: not paired until Resume (a Swiss round started meanwhile is missed)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        entry = entry_of(tournament, user_id)
        if entry is None or entry.withdrawn:
            raise TournamentError(gettext("You are not playing in this tournament."), 409)
        entry.paused, entry.note = paused, ""
        entry.last_seen = timezone.now()
        entry.save(update_fields=["paused", "note", "last_seen"])
        _changed(tournament)
    if not paused:
        tick(tournament_id)
    return entry


def seen(tournament: Tournament, user_id: int | None, now: datetime | None = None) -> Entry | None:
    """The player's page asked: they are on the page (one UPDATE, no lock)."""
    if user_id is None:
        return None
    now = now or timezone.now()
    Entry.objects.filter(tournament=tournament, user_id=user_id).update(last_seen=now)
    return entry_of(tournament, user_id)


def gone(tournament: Tournament, user_id: int | None) -> None:
    """The page closed (its goodbye): not on the page any more."""
    if user_id is not None:
        Entry.objects.filter(tournament=tournament, user_id=user_id).update(last_seen=None)


def _withdraw(entry: Entry, because: str) -> None:
    entry.withdrawn, entry.withdrawn_because, entry.paused = True, because, False
    entry.save(update_fields=["withdrawn", "withdrawn_because", "paused"])


# --- running: the one entry point for the beat and the pages --------------------------


def tick(
    tournament_id: int, now: datetime | None = None, *, notify: bool = True
) -> Tournament | None:
    """Whatever is due now: notices, the start, results, pairing or a round, the end.

    Cheap when nothing is due (a few reads, no lock): every page poll calls it, so an
    event runs without a beat in development. Pages pass ``notify`` only when tasks run
    in-process (no beat to send the five-minute notices).
    """
    now = now or timezone.now()
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or tournament.status in (Status.FINISHED, Status.CANCELLED):
        return tournament
    if tournament.status == Status.SCHEDULED and tournament.starts_at > now:
        if notify:
            notices.tell_due(tournament, now)
        return tournament
    if not _due(tournament, now):
        return tournament
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status == Status.SCHEDULED and tournament.starts_at <= now:
            _start(tournament, now)
        if tournament.status == Status.RUNNING:
            _settle(tournament)
            if tournament.is_arena:
                _arena_step(tournament, now)
            else:
                _swiss_step(tournament, now)
    return tournament


def _due(tournament: Tournament, now: datetime) -> bool:
    """Anything for ``tick`` to do under the lock (read without one)."""
    if tournament.status == Status.SCHEDULED:
        return tournament.starts_at <= now
    unsettled = Table.objects.filter(tournament=tournament, counted__isnull=True).exclude(
        game__status=GameStatus.ACTIVE
    )
    if unsettled.exists():
        return True
    if tournament.is_arena:
        end = tournament.ends_at
        if end is not None and now >= end:
            return True
        return _waiting(tournament, now).count() >= tournament.seats
    if tournament.round_no == 0:
        return True
    ended = tournament.round_ended
    if ended is None:
        return False
    last = tournament.round_no >= (tournament.rounds or 0)
    return last or now >= ended + timedelta(seconds=ROUND_BREAK_SECONDS)


def _waiting(tournament: Tournament, now: datetime) -> Any:
    """Entries free to be paired: on the page, not paused, not withdrawn, not at a table."""
    return Entry.objects.filter(
        tournament=tournament,
        withdrawn=False,
        paused=False,
        table__isnull=True,
        last_seen__gte=present_since(now),
    )


def _start(tournament: Tournament, now: datetime) -> None:
    """Scheduled → running; a Swiss event without a table's worth of players is called off."""
    if not tournament.is_arena and tournament.entries.count() < tournament.seats:
        tournament.status, tournament.finished_at = Status.CANCELLED, now
        tournament.save(update_fields=["status", "finished_at"])
        _changed(tournament)
        return
    tournament.status, tournament.started_at = Status.RUNNING, now
    tournament.save(update_fields=["status", "started_at"])
    _changed(tournament)


# --- Arena ------------------------------------------------------------------------------


def _arena_step(tournament: Tournament, now: datetime) -> None:
    end = tournament.ends_at
    if end is not None and now >= end:
        running = Table.objects.filter(tournament=tournament, counted__isnull=True).exists()
        until = tournament.counts_until
        if not running or (until is not None and now >= until):
            _finish(tournament, now)
        return
    pair_arena(tournament, now)


def pair_arena(tournament: Tournament, now: datetime) -> list[Game]:
    """Seat every table the waiting players make now (the tournament is locked)."""
    waiting = _free_to_sit(tournament, list(_waiting(tournament, now)))
    if len(waiting) < tournament.seats:
        return []
    users = [e.user_id for e in waiting]
    ratings = _ratings(users, tournament.kind)
    by_user = {e.user_id: e for e in waiting}
    pairing = arena_pairing.pair_arena(
        [
            arena_pairing.Waiting(
                e.user_id,
                scoring.from_sixths(e.points_sixths),
                ratings[e.user_id],
                frozenset(e.last_opponents),
            )
            for e in waiting
        ],
        tournament.seats,
        _blocked_once(),
    )
    dealt = []
    for table in pairing.tables:
        game = _deal(tournament, [by_user[u] for u in table], ratings, round_no=0)
        if game is not None:
            dealt.append(game)
    if dealt:
        _changed(tournament)
    return dealt


def _free_to_sit(tournament: Tournament, entries: list[Entry]) -> list[Entry]:
    """Leave out whoever is at another tournament's table, and withdraw the suspended.

    Each event pairs under its own lock, so the players' accounts are locked too (in id
    order, as every pairing takes them) before asking where else they sit: another event
    seating one of them now commits first, and is seen.
    """
    if not entries:
        return entries
    users = [e.user_id for e in entries]
    list(
        get_user_model()
        .objects.select_for_update()
        .filter(pk__in=users)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    busy = set(
        Entry.objects.filter(user_id__in=users, table__status=GameStatus.ACTIVE)
        .exclude(tournament=tournament)
        .values_list("user_id", flat=True)
    )
    free = []
    for entry in entries:
        if entry.user_id in busy:
            continue
        if rooms.suspended(Person(entry.user_id, "")):
            _withdraw(entry, WithdrawnBecause.SUSPENDED)
            continue
        free.append(entry)
    return free


def _ratings(users: list[int], kind: str) -> dict[int, float]:
    """Each player's live rating at the game (a newcomer's 1000 if never rated)."""
    found = ratings_of(users, kind)
    return {u: float(found.get(u, NEWCOMER_RATING)) for u in users}


def _blocked_once() -> arena_pairing.Blocked:
    """Blocks asked once per player for one pairing (either way counts)."""
    known: dict[int, set[int]] = {}

    def blocked(a: int, b: int) -> bool:
        if a not in known:
            known[a] = blocked_ids(a)
        return b in known[a]

    return blocked


def _deal(
    tournament: Tournament, entries: list[Entry], ratings: dict[int, float], round_no: int
) -> Game | None:
    """One table, dealt as a room's host would deal it; the players are seated at it."""
    order = list(entries)
    count = Table.objects.filter(tournament=tournament).count()
    random.Random(f"{tournament.pk}:{round_no}:{count}").shuffle(order)  # who sits first
    seat_names = {e.user_id: board_name(e.user_id) for e in order}
    people = [Person(e.user_id, "") for e in order]
    try:  # the room's refusals in English, for the log
        with translation.override(None), transaction.atomic():
            room = rooms.create_room(
                people[0],
                tournament.kind,
                TOURNAMENT_NAME,
                seat_names[order[0].user_id],
                tournament.seats,
                tournament.access == Access.OPEN,  # listed: anyone may watch
                dict(tournament.options),
            )
            for who, entry in zip(people[1:], order[1:], strict=True):
                rooms.join(room.pk, who, seat_names[entry.user_id], code=room.code)
            game = rooms.deal(room.pk, people[0], rematch=False)
            # Nobody hosts: no rematch here (the Game over leads back to the tournament).
            Room.objects.filter(pk=room.pk).update(host_user=None, host_device="")
            if not tournament.rated:
                game.config = {**game.config, "rated": False}
                Game.objects.filter(pk=game.pk).update(config=game.config)
    except rooms.RoomError as exc:
        log.warning("tournament %s could not seat %s: %s", tournament.pk, seat_names, exc.message)
        _set_aside(order)
        return None
    table = Table.objects.create(tournament=tournament, game=game, round_no=round_no)
    TableSeat.objects.bulk_create(
        TableSeat(table=table, entry=e, seat_index=i, rating=ratings.get(e.user_id, 1000.0))
        for i, e in enumerate(order)
    )
    for entry in order:  # at the table now: back on the page (or its Game over) to be paired
        entry.table, entry.last_seen, entry.note = game, None, ""
        entry.last_opponents = sorted(e.user_id for e in order if e.user_id != entry.user_id)
        entry.save(update_fields=["table", "last_seen", "last_opponents", "note"])
    return game


def _set_aside(entries: list[Entry]) -> None:
    """A table the rooms refused: whoever can't sit is withdrawn (suspended) or paused (a
    public name the tables refuse), with the reason on their page; the others wait on."""
    for entry in entries:
        who = Person(entry.user_id, "")
        if rooms.suspended(who):
            _withdraw(entry, WithdrawnBecause.SUSPENDED)
            continue
        try:
            names.table_name(board_name(entry.user_id), who, [])
        except names.InvalidName:
            entry.paused = True
            entry.note = "name"
            entry.save(update_fields=["paused", "note"])


# --- results ----------------------------------------------------------------------------


def game_ended(game: Game) -> bool:
    """A tournament game ended: record it (inside the transaction that ended it)."""
    table = Table.objects.filter(game_id=game.pk, counted__isnull=True).first()
    if table is None:
        return False
    tournament = _locked(table.tournament_id)
    table = Table.objects.select_related("game").get(pk=table.pk)
    if table.counted is not None:
        return False
    _record(tournament, table, timezone.now())
    tournament_id = tournament.pk
    transaction.on_commit(lambda: tick(tournament_id))
    return True


def seat_left(game_id: Any) -> None:
    """A player left a running tournament game: free to sit again at once (the game goes
    on with the house, and scores them last when it ends); a table that ended is recorded."""
    table = Table.objects.filter(game_id=game_id).first()
    if table is None:
        return
    with transaction.atomic():
        tournament = _locked(table.tournament_id)
        game = Game.objects.get(pk=game_id)
        gone_seats = {s.index for s in game.seats.all() if results.left(s)}
        for seat in TableSeat.objects.filter(table=table).select_related("entry"):
            entry = seat.entry
            if seat.seat_index in gone_seats and entry.table_id == game.pk:
                entry.table = None
                entry.save(update_fields=["table"])
        _settle(tournament)
        _changed(tournament)
    tick(table.tournament_id)


def _settle(tournament: Tournament) -> None:
    """Record every table whose game ended but whose result is not in yet."""
    ended = (
        Table.objects.filter(tournament=tournament, counted__isnull=True)
        .exclude(game__status=GameStatus.ACTIVE)
        .select_related("game")
        .order_by("game__updated", "pk")
    )
    for table in ended:
        _record(tournament, table, timezone.now())


def _counts(tournament: Tournament, game: Game) -> bool:
    """Swiss games always count; an Arena game if it ended by the end plus the grace."""
    until = tournament.counts_until
    return until is None or game.updated <= until


def _record(tournament: Tournament, table: Table, now: datetime) -> None:
    """Score one ended table into its players' entries (the tournament is locked)."""
    game = table.game
    seats = list(TableSeat.objects.filter(table=table).select_related("entry"))
    players = {s.seat_index: s.entry.user_id for s in seats}
    scored = results.scored_game(game, players)
    by_player = {seat.player: seat for seat in scored.seats}
    counted = _counts(tournament, game)
    game_seats = {s.index: s for s in game.seats.all()}
    for row in seats:
        entry, result = row.entry, by_player[row.entry.user_id]
        row.place, row.left, row.house_played = result.place, result.left, result.house_played
        if counted:
            row.points_sixths = _score(tournament, entry, result, scored)
        if entry.table_id == game.pk:
            entry.table = None
        gone = game_seats.get(row.seat_index)
        if gone is not None and results.abandoned(gone):
            entry.abandons += 1
        if gone is not None and gone.house_reason == "suspended":
            entry.withdrawn, entry.withdrawn_because = True, WithdrawnBecause.SUSPENDED
        elif entry.abandons >= MAX_ABANDONS and not entry.withdrawn:
            entry.withdrawn, entry.withdrawn_because = True, WithdrawnBecause.ABANDONS
        entry.save(update_fields=RESULT_FIELDS)  # not last_seen: a page may be asking now
        row.save(update_fields=["place", "left", "house_played", "points_sixths"])
    table.ended, table.counted = now, counted
    table.save(update_fields=["ended", "counted"])
    if not tournament.is_arena and table.round_no == tournament.round_no:
        _maybe_round_over(tournament, now)
    _changed(tournament)


def _score(tournament: Tournament, entry: Entry, seat: scoring.Seat, game: scoring.Game) -> int:
    """Add one game to the entry (in memory); the game's points as counted, in sixths."""
    if tournament.is_arena:
        before = scoring.ArenaStanding(
            entry.user_id,
            scoring.from_sixths(entry.points_sixths),
            entry.games,
            entry.wins,
            entry.streak,
        )
        after = scoring.after_game(before, seat, game)
        entry.points_sixths = scoring.in_sixths(after.points)
        entry.games, entry.wins, entry.streak = after.games, after.wins, after.streak
        return scoring.in_sixths(after.game_points[-1])
    points = scoring.seat_points(game)[seat.player]
    entry.points_sixths += scoring.in_sixths(points)
    entry.games += 1
    entry.wins += scoring.is_win(seat, game)
    return scoring.in_sixths(points)


# --- Swiss ------------------------------------------------------------------------------


def _swiss_step(tournament: Tournament, now: datetime) -> None:
    if tournament.round_no == 0:
        start_round(tournament, 1, now)
        return
    if tournament.round_ended is None:
        return
    if tournament.round_no >= (tournament.rounds or 0):
        _finish(tournament, now)
        return
    if now >= tournament.round_ended + timedelta(seconds=ROUND_BREAK_SECONDS):
        start_round(tournament, tournament.round_no + 1, now)


def _maybe_round_over(tournament: Tournament, now: datetime) -> None:
    playing = Table.objects.filter(
        tournament=tournament, round_no=tournament.round_no, counted__isnull=True
    )
    if not playing.exists() and tournament.round_ended is None:
        tournament.round_ended = now
        tournament.save(update_fields=["round_ended"])


def start_round(tournament: Tournament, round_no: int, now: datetime) -> list[Game]:
    """Every table of the round at once; byes for whom a table can't hold; 0 for the absent."""
    active = list(Entry.objects.filter(tournament=tournament, withdrawn=False))
    present = [e for e in active if not e.paused and is_present(e, now) and e.table_id is None]
    present = _free_to_sit(tournament, present)
    here = {e.pk for e in present}
    for entry in active:
        if entry.pk in here or entry.withdrawn:
            continue
        Bye.objects.get_or_create(
            tournament=tournament, entry=entry, round_no=round_no,
            defaults={"kind": ByeKind.ABSENT},
        )  # fmt: skip
        missed = Bye.objects.filter(entry=entry, kind=ByeKind.ABSENT).count()
        if missed >= MAX_ABSENCES:
            _withdraw(entry, WithdrawnBecause.ABSENT)
    users = [e.user_id for e in present]
    ratings = _ratings(users, tournament.kind)
    by_user = {e.user_id: e for e in present}
    had_byes = dict(
        Bye.objects.filter(tournament=tournament, kind=ByeKind.PAIRING)
        .values_list("entry__user_id")
        .annotate(n=Count("id"))
    )
    pairing = swiss_pairing.pair_round(
        [
            swiss_pairing.SwissPlayer(
                e.user_id,
                scoring.from_sixths(e.points_sixths),
                ratings[e.user_id],
                byes=int(had_byes.get(e.user_id, 0)),
            )
            for e in present
        ],
        _meetings(tournament),
        _blocked_once(),
        tournament.seats,
    )
    bye = scoring.in_sixths(scoring.bye_points(tournament.seats))
    for user in pairing.byes:
        entry = by_user[user]
        Bye.objects.create(
            tournament=tournament, entry=entry, round_no=round_no, kind=ByeKind.PAIRING
        )
        Entry.objects.filter(pk=entry.pk).update(points_sixths=F("points_sixths") + bye)
    tournament.round_no, tournament.round_started = round_no, now
    tournament.round_ended = None
    tournament.save(update_fields=["round_no", "round_started", "round_ended"])
    dealt = []
    for table in pairing.tables:
        game = _deal(tournament, [by_user[u] for u in table], ratings, round_no=round_no)
        if game is None:  # the rooms refused the table: its players sit the round out
            for user in table:
                Bye.objects.get_or_create(
                    tournament=tournament, entry=by_user[user], round_no=round_no,
                    defaults={"kind": ByeKind.ABSENT},
                )  # fmt: skip
        else:
            dealt.append(game)
    if not dealt:
        tournament.round_ended = now
        tournament.save(update_fields=["round_ended"])
    _changed(tournament)
    return dealt


def _meetings(tournament: Tournament) -> dict[frozenset[int], int]:
    """How often each pair of players sat at one table of this tournament."""
    met: dict[frozenset[int], int] = {}
    seats = TableSeat.objects.filter(table__tournament=tournament).values_list(
        "table_id", "entry__user_id"
    )
    tables: dict[int, list[int]] = {}
    for table_id, user in seats:
        tables.setdefault(table_id, []).append(user)
    for users in tables.values():
        for i, a in enumerate(users):
            for b in users[i + 1 :]:
                key = frozenset((a, b))
                met[key] = met.get(key, 0) + 1
    return met


# --- the end ------------------------------------------------------------------------------


def _finish(tournament: Tournament, now: datetime) -> None:
    """The standings freeze: final ranks (the podium is ranks 1 to 3)."""
    for entry_id, rank in final_ranks(tournament).items():
        Entry.objects.filter(pk=entry_id).update(final_rank=rank)
    tournament.status, tournament.finished_at = Status.FINISHED, now
    tournament.save(update_fields=["status", "finished_at"])
    _changed(tournament)
