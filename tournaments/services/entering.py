"""Making, cancelling, joining, leaving, pausing; who may see an event."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from games import catalogue
from games.models import Game, GameStatus
from players.social import are_friends
from rooms import adapters, names
from rooms import services as rooms
from rooms.people import Person
from tournaments.models import Access, Entry, Format, Status, Tournament, WithdrawnBecause
from tournaments.options import GRACE_SECONDS, options_for
from tournaments.services.base import (
    CODE_LENGTH,
    CREATE_PER_DAY,
    DURATIONS,
    LATEST_START_DAYS,
    ROUNDS,
    SEATS,
    TournamentError,
    _changed,
    _locked,
    _withdraw,
    board_name,
    entry_of,
)
from tournaments.services.running import tick


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
    tick(tournament_id, wait=False)  # seated at once if a table can be made
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
        tick(tournament_id, wait=False)
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
