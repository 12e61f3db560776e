""" "Close my account": the person's games stay in other players' histories; the rest goes.

What happens, in one transaction (a failure anywhere closes nothing):

1. Tables still being played. Online tables are left as the Leave button leaves
   them (``rooms.services.leave``, else ``games.services.leave_seat``): the house
   plays the seat to the end for the others, who see the game go on as if the
   player had walked away; a room the person hosted passes to the next person.
   Any other unfinished game with another person in it is abandoned through
   ``games.services.abandon``.
2. Games nobody else played (against computers, daily challenges, puzzles'
   tables) are deleted, finished or not: they are in no one else's history.
3. In every other game the person's seat stays, so the game and its replay stay
   whole (replaying the log from the seed needs every seat), but the seat is
   renamed "Deleted player" and belongs to nobody: no account, no device.
   Results of games still being played are counted for nobody there
   (``Seat.closed``), and such a game is not rated (like a game with a guest).
4. The account's names (username and public name) are held for 30 days
   (``privacy.reserved``), so nobody can pass for the person at once.
5. Every row that points at the account is deleted or detached as
   ``personal_data.FIELDS`` says; share links the person made stop working;
   every session signed in to the account is deleted.
6. The account row itself is deleted, unless rows marked KEEP remain (the rating
   history other players' ratings were computed from): then it is kept,
   anonymised (a random username, no e-mail, no password, inactive) and holds
   only those rows.
"""

from __future__ import annotations

import contextlib
import secrets
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import services as game_services
from games.models import Game, GameStatus, Seat
from leaderboards.models import Player
from matchmaking.models import Watcher, owner_key
from privacy import reserved
from privacy.personal_data import DELETE, DETACH, KEEP, account_fields, holding
from replays.models import ShareLink
from rooms import services as rooms
from rooms.models import Room, RoomSeat, RoomStatus, SeatKind
from rooms.people import Person

DELETED_NAME = "Deleted player"
DB_SESSIONS = ("django.contrib.sessions.backends.db", "django.contrib.sessions.backends.cached_db")


def close_account(user: Any) -> None:
    """Close ``user``'s account as the module docstring says; the caller signs them out."""
    held = _names(user)
    with transaction.atomic():
        _leave_tables(user)
        kept = _kept_games(user)
        Game.objects.filter(seats__user=user).exclude(id__in=kept).delete()
        _end_other_games(user)
        Seat.objects.filter(user=user).update(
            display_name=DELETED_NAME, device_key="", turn_draft=None
        )
        RoomSeat.objects.filter(user=user).update(table_name=DELETED_NAME, device_key="")
        ShareLink.objects.filter(made_by_user=user, revoked__isnull=True).update(
            revoked=timezone.now()
        )
        Watcher.objects.filter(viewer=owner_key(user.pk, "")).delete()
        reserved.hold(held)
        _forget_sessions(user)
        kept_rows = _remove_rows(user)
        if kept_rows:
            _anonymise(user)
        else:
            user.delete()


def _names(user: Any) -> list[str]:
    """The names others knew the person by: their username and their public name."""
    player = Player.objects.filter(user=user).first()
    return [user.get_username(), *([player.name] if player and player.name else [])]


def _leave_tables(user: Any) -> None:
    """Stand up from every open room and online table, as the Leave button does."""
    who = Person(int(user.pk), "")
    mine = Q(host_user=user) | Q(seats__user=user)
    for room_id in (
        Room.objects.filter(mine)
        .exclude(status=RoomStatus.CLOSED)
        .values_list("pk", flat=True)
        .distinct()
    ):
        with contextlib.suppress(rooms.RoomError):
            rooms.leave(room_id, who)
    # A second seat in one room (a program's) and seats left from a failed leave.
    open_seats = RoomSeat.objects.filter(user=user).exclude(room__status=RoomStatus.CLOSED)
    open_seats.update(
        kind=SeatKind.EMPTY, table_name="", user=None, device_key="", computer_level=""
    )
    active = Seat.objects.filter(user=user, game__online=True, game__status=GameStatus.ACTIVE)
    for game_id, index, reason in active.values_list("game_id", "index", "house_reason"):
        if reason not in game_services.GONE:
            with contextlib.suppress(game_services.ServiceError):
                game_services.leave_seat(game_id, index, "left")


def _kept_games(user: Any) -> set[Any]:
    """The person's games that someone else (an account or a guest) also played."""
    theirs = Seat.objects.filter(game__seats__user=user, computer_level="").exclude(user=user)
    others = theirs.filter(Q(user__isnull=False) | ~Q(device_key=""))
    return set(others.values_list("game_id", flat=True))


def _end_other_games(user: Any) -> None:
    """Unfinished games with other people that are not online tables: abandoned for the seat."""
    active = Seat.objects.filter(user=user, game__online=False, game__status=GameStatus.ACTIVE)
    for game_id, index in active.values_list("game_id", "index"):
        with contextlib.suppress(game_services.ServiceError):
            game_services.abandon(game_id, seat=index)


def _forget_sessions(user: Any) -> None:
    """Delete every stored session signed in to the account (database-backed sessions).

    With sessions kept only in a cache they cannot be listed; they still open
    nothing, since the account they name is gone or has no password any more.
    """
    if settings.SESSION_ENGINE not in DB_SESSIONS:
        return
    store = import_module(settings.SESSION_ENGINE).SessionStore
    live = Session.objects.filter(expire_date__gt=timezone.now())
    for session in live.iterator():
        if session.get_decoded().get("_auth_user_id") == str(user.pk):
            store(session.session_key).delete()


def _remove_rows(user: Any) -> bool:
    """Detach, then delete, every row pointing at the account; True if KEEP rows remain."""
    fields = account_fields()
    for action in (DETACH, DELETE):
        for model, field in fields:
            if holding(model, field).on_close != action:
                continue
            rows = model._base_manager.filter(**{field: user})
            if action == DETACH:
                rows.update(**{field: None})
            else:
                rows.delete()
    return any(
        model._base_manager.filter(**{field: user}).exists()
        for model, field in fields
        if holding(model, field).on_close == KEEP
    )


def _anonymise(user: Any) -> None:
    """The kept account row: nothing left that says whose it was, and no way in."""
    user.username = f"closed-{secrets.token_hex(8)}"
    user.email = user.first_name = user.last_name = ""
    user.set_unusable_password()
    user.is_active = user.is_staff = user.is_superuser = False
    user.last_login = None
    user.date_joined = timezone.now()
    user.save()
