"""A person's own channel: what is told to them alone, whatever page they are on.

Every page of someone known (an account, or a guest's signed device cookie) may open
``/live/me/`` (``live.me``). Its group is the person's (``live.me.u<account>`` or
``live.me.d<digest of the device key>``), joined only from the connection's own
cookies, so nobody can listen to another person's channel. What it carries:

- ``tables``: a table was just dealt for the person (``dealt``: a quick match, a room
  or a tournament round seated them), or, for an account, one of their online tables
  changed (a move, the clock, the house). An account's carries My turn's count, worked
  out here, in the process that committed, once per person and not per connection.

The publisher only works for people who listen: each connection says so in a shared
set (Redis keys with a lifetime, renewed by the connection's beats; a dict in one
process without Redis), and one read of it answers for every seat of a table. Which
people sit at a table is kept a short while per process (``OWNERS_SECONDS``): a move
then costs no database read here unless one of them listens.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import redis
from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save

from games.models import Game, Seat
from live import sending, viewer
from matchmaking import queue
from matchmaking.models import EntryStatus, Lane
from notifications import my_turn
from rooms.people import Person, person

log = logging.getLogger(__name__)

KEY = "rummy:live:me:"
OWNERS_SECONDS = 120.0  # how long a process trusts the people it read at a table
MOST_TABLES_KEPT = 10_000


@dataclass(frozen=True)
class Owner:
    """A person seated at a table, as the publisher knows them."""

    user_id: int | None
    device_key: str

    @property
    def group(self) -> str:
        return group_of(Person(self.user_id, self.device_key))


def group_of(person: Person) -> str:
    """The person's group: their account, else a digest of their device key (the key
    itself, the guest's credential, never travels in a group name)."""
    if person.user_id is not None:
        return f"live.me.u{person.user_id}"
    digest = hashlib.sha256(person.device_key.encode()).hexdigest()[:40]
    return f"live.me.d{digest}"


@dataclass(frozen=True)
class Listener:
    """A connection to the person's channel: who, in which language."""

    person: Person
    language: str

    @property
    def group(self) -> str:
        return group_of(self.person)


def admit(scope: Mapping[str, Any]) -> Listener | None:
    """The connection's person from its own cookies; None for nobody known (no account,
    no device cookie, a forged one): such a page has no channel of its own."""
    request = viewer.request_from_scope(scope)
    who = person(request)
    if not who.known:
        return None
    return Listener(who, viewer.language_of(request))


def keep_place(who: Person) -> bool:
    """A live quick-match wait's beat from its socket, as its page's poll would be: still
    here, pair if possible. False once the person no longer waits (seated, refused, gone)."""
    row = queue.heartbeat(who, Lane.LIVE)
    return row is not None and row.status == EntryStatus.WAITING


# --- who listens ------------------------------------------------------------------------


def listens(group: str) -> None:
    """``group`` has a connection (again): tell it what happens at its tables."""
    seconds = settings.LIVE_AUDIENCE_SECONDS
    if settings.LIVE_CHANNELS_URL:
        _redis().set(f"{KEY}{group}", b"1", ex=seconds)
        return
    with _lock:
        _local[group] = time.monotonic() + seconds


def listening(groups: list[str]) -> set[str]:
    """Those of ``groups`` with a connection (one Redis read for them all)."""
    if not groups:
        return set()
    if settings.LIVE_CHANNELS_URL:
        found = _redis().mget([f"{KEY}{g}" for g in groups])
        return {g for g, value in zip(groups, found, strict=True) if value is not None}
    now = time.monotonic()
    with _lock:
        return {g for g in groups if _local.get(g, 0.0) >= now}


def forget() -> None:
    """Tests: nobody listens, and no table's people are remembered (this process)."""
    with _lock:
        _local.clear()
        _owners.clear()


# --- what is told -----------------------------------------------------------------------


def dealt(sender: Any, instance: Game, created: bool = False, **kwargs: Any) -> None:
    """``post_save`` of a game: an online table just made (a quick match, a room's deal, a
    tournament's round) is news for its people once it commits."""
    if not created or not instance.online or not settings.LIVE_WEBSOCKETS:
        return
    game_id = str(instance.id)
    transaction.on_commit(lambda: _tell_safely(game_id, dealt=True))


def connect_signals() -> None:
    post_save.connect(dealt, sender=Game, dispatch_uid="live.people.dealt")


def _tell_safely(game_id: str, dealt: bool) -> None:
    try:
        tables_changed(game_id, dealt=dealt)
    except Exception:  # noqa: BLE001 - the table is made; the pages' polls still find it
        log.warning("could not tell the people of %s", game_id, exc_info=True)


def remember(game: Game) -> None:
    """The people of a table whose seats were just read (by the board publisher)."""
    seats = list(game.seats.all())
    owners = _owners_from((s.user_id, s.device_key, s.computer_level, s.is_program) for s in seats)
    _keep(game.id.hex, game.online, owners)


def tables_changed(game_id: str, dealt: bool = False) -> None:
    """After a commit at ``game_id``'s table: tell its seated people who listen.

    ``dealt``: the table was just made (read afresh: nothing is remembered of it yet), news
    for everyone seated. Otherwise only accounts are told (My turn's count is theirs): a
    guest's page has nothing to redraw for a move at a table it is not on.
    """
    online, owners = _owners_of(UUID(str(game_id)).hex, fresh=dealt)
    if not online:
        return
    accounts = [o.user_id for o in owners if o.user_id is not None]
    if dealt:  # a new table changes its accounts' counts, whether they listen or not
        my_turn.forget(accounts)
    told = {o.group: o for o in owners if dealt or o.user_id is not None}
    heard = listening(sorted(told))
    if not heard:
        return
    my_turn.forget([u for g in heard if (u := told[g].user_id) is not None])  # counted afresh
    out = []
    for group in sorted(heard):
        user_id = told[group].user_id
        turns = my_turn.count_for(user_id) if user_id is not None else None
        out.append((group, {"type": "live.tables", "dealt": dealt, "turns": turns}))
    sending.send(out)


def _owners_of(game_hex: str, fresh: bool) -> tuple[bool, list[Owner]]:
    """Whether the table is online, and its people: one read, then kept a while."""
    with _lock:
        kept = None if fresh else _owners.get(game_hex)
    if kept is not None and kept[0] > time.monotonic():
        return kept[1], kept[2]
    rows = list(
        Seat.objects.filter(game_id=UUID(game_hex)).values_list(
            "user_id", "device_key", "computer_level", "is_program", "game__online"
        )
    )
    online = bool(rows) and bool(rows[0][4])
    owners = _owners_from(row[:4] for row in rows)
    _keep(game_hex, online, owners)
    return online, owners


def _owners_from(rows: Any) -> list[Owner]:
    """The people among seats (user, device, computer level, program): no computer, no
    program, no seat nobody can own."""
    return [
        Owner(user_id, "" if user_id is not None else device_key)
        for user_id, device_key, computer, program in rows
        if not computer and not program and (user_id is not None or device_key)
    ]


def _keep(game_hex: str, online: bool, owners: list[Owner]) -> None:
    with _lock:
        if len(_owners) > MOST_TABLES_KEPT:  # a long-running process forgets old tables
            _owners.clear()
        _owners[game_hex] = (time.monotonic() + OWNERS_SECONDS, online, owners)


_lock = threading.Lock()
_local: dict[str, float] = {}
_owners: dict[str, tuple[float, bool, list[Owner]]] = {}
_client: redis.Redis | None = None


def _redis() -> redis.Redis:
    """One client per process (redis-py pools its connections)."""
    global _client
    if _client is None:
        _client = redis.Redis.from_url(
            settings.LIVE_CHANNELS_URL, socket_connect_timeout=1, socket_timeout=2
        )
    return _client
