"""Shared by the tournament services: refusals, the lock, news, names, presence."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import OperationalError, connection, transaction
from django.db.models import F

from games import live
from leaderboards.blocks import blocked_ids
from leaderboards.models import Player
from players.lookup import ratings_of
from tournaments import arena_pairing
from tournaments.models import Entry, Tournament

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
TABLES_PER_PASS = 8  # tables one locked pass deals; the next pass follows at once
AT_TABLE_SECONDS = 60  # a player who moved this recently is still at the table at its end
BRIEF_LOCK_MS = 500  # how long a page's tick waits for a tournament another request holds


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


def _locked_if_free(tournament_id: int) -> Tournament | None:
    """The tournament locked, or None if another request held it for ``BRIEF_LOCK_MS``.

    The holder is doing the work (its next pass sees whoever waits now), so a page's poll
    need not queue behind it holding a database connection; but a pass is short, and
    waiting out its end lets the move that just ended a game pair its players at once.
    """
    if connection.vendor != "postgresql":  # one writer at a time: no lock to wait on
        return Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config('lock_timeout', %s, true)", [f"{BRIEF_LOCK_MS}ms"])
    try:
        with transaction.atomic():  # a savepoint: a timeout leaves the transaction usable
            return Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    except OperationalError:
        return None
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")  # the pass's own locks wait as usual


def board_name(user_id: int) -> str:
    """The player's public (board) name: their name at tournament tables and in standings."""
    found = Player.objects.filter(user_id=user_id).values_list("name", flat=True).first()
    return found or ""


def entry_of(tournament: Tournament, user_id: int | None) -> Entry | None:
    if user_id is None:
        return None
    return Entry.objects.filter(tournament=tournament, user_id=user_id).first()


def present_since(now: datetime) -> datetime:
    return now - timedelta(seconds=PRESENT_SECONDS)


def is_present(entry: Entry, now: datetime) -> bool:
    return entry.last_seen is not None and entry.last_seen >= present_since(now)


def _waiting(tournament: Tournament, now: datetime) -> Any:
    """Entries free to be paired: on the page, not paused, not withdrawn, not at a table."""
    return Entry.objects.filter(
        tournament=tournament,
        withdrawn=False,
        paused=False,
        table__isnull=True,
        last_seen__gte=present_since(now),
    )


def _withdraw(entry: Entry, because: str) -> None:
    entry.withdrawn, entry.withdrawn_because, entry.paused = True, because, False
    entry.save(update_fields=["withdrawn", "withdrawn_because", "paused"])


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
