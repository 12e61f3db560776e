"""Rooms for programs: which rooms a token's account may join, joining a room's program seat
by its invite code, and seeing (or waiting for) the moment its table is dealt.

Every change goes through ``rooms.services`` (the one door that changes a room),
exactly as the room page's Join with "My program plays this seat" does; this
module only reads rooms and turns a room's refusal into the API's refusal. A
private room shows itself only to its members: anyone else, and any wrong
code, gets the same 404, so codes cannot be tried one by one for information.
"""

from __future__ import annotations

import time
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import Q
from django.utils.translation import gettext as _

from api.errors import ApiError
from api.games import WAIT_POLL_SECONDS, wait_limit, wait_slot
from games import catalogue
from rooms import services as room_services
from rooms.models import Room, RoomSeat, RoomStatus, SeatKind
from rooms.people import Person

MAX_ROOMS = 50
STATUS_CODES = {400: "room_refused", 403: "room_forbidden", 409: "room_busy"}


def no_such_room() -> ApiError:
    """The same answer for a missing room, a wrong code and a private room you are not in."""
    return ApiError(404, _("No such room (or not one you may see)."), "no_room")


def person(user: AbstractBaseUser) -> Person:
    """The token's account as the rooms see a signed-in person (a program has no device)."""
    return Person(user.pk, "")


def joinable(user: AbstractBaseUser) -> list[Room]:
    """Listed rooms waiting with a free seat, and every open room the account sits in."""
    mine = RoomSeat.objects.filter(user=user).values_list("room_id")
    free = Q(listed=True, status=RoomStatus.WAITING, seats__kind=SeatKind.EMPTY)
    rooms = (
        Room.objects.exclude(status=RoomStatus.CLOSED)
        .filter(free | Q(pk__in=mine))
        .select_related("game")
        .prefetch_related("seats", "game__seats")
        .distinct()
        .order_by("-updated")
    )
    return list(rooms[:MAX_ROOMS])


def visible_room(public_id: str, user: AbstractBaseUser) -> Room:
    """The room by its public id, if the account may see it; 404 otherwise."""
    room = (
        Room.objects.select_related("game")
        .prefetch_related("seats", "game__seats")
        .filter(public_id=public_id)
        .first()
    )
    if room is None or not room_services.may_see(room, person(user)):
        raise no_such_room()
    return room


def join(user: AbstractBaseUser, code: str, table_name: str) -> Room:
    """Seat the account's program in the first free seat of the room with this invite code.

    A listed room's public id works too (anyone may join a listed room). The
    room's own rules decide everything else (names, blocks, a full room…).
    """
    room = Room.objects.filter(Q(code=code) | Q(public_id=code, listed=True)).first()
    if room is None or room.status == RoomStatus.CLOSED:
        raise no_such_room()
    try:
        room_services.join(room.pk, person(user), table_name, room.code, as_program=True)
    except room_services.NameRefused as exc:
        raise ApiError(400, exc.message, "bad_name") from exc
    except room_services.RoomError as exc:
        code = STATUS_CODES.get(exc.status, "room_refused")
        raise ApiError(exc.status, exc.message, code) from exc
    return visible_room(room.public_id, user)


def room_out(room: Room, user: AbstractBaseUser) -> dict[str, Any]:
    """What a member (or a possible member) may see of a room; never its invite code."""
    who = person(user)
    mine = room_services.seat_of(room, who)
    game = room_services.live_game(room)
    plays_in = game is not None and any(
        s.is_program and s.user_id == user.pk for s in game.seats.all()
    )
    return {
        "id": room.public_id,
        "name": room.name,
        "kind": room.kind,
        "game_name": catalogue.kind_name(room.kind),
        "status": room.status,
        "listed": room.listed,
        "seats": [_seat(s) for s in room.seats.all()],
        "my_seat": None if mine is None else mine.index,
        "my_seat_is_program": mine is not None and mine.is_program,
        "ready": all(not s.is_empty for s in room.seats.all()),
        "game": game.id if plays_in and game is not None else None,
        "updated": room.updated,
    }


def _seat(seat: RoomSeat) -> dict[str, Any]:
    return {"index": seat.index, "plays": seat.kind, "name": seat.table_name}


def wait_for_game(room: Room, user: AbstractBaseUser, timeout: float) -> tuple[Room, bool]:
    """Block until the room deals a game the program plays in, or closes; False on timeout.

    The same bounded long-poll as a game's wait (and the same few slots per account).
    """
    with wait_slot(user):
        deadline = time.monotonic() + max(0.0, min(timeout, wait_limit()))
        while True:
            room = visible_room(room.public_id, user)
            if room.status == RoomStatus.CLOSED or room_out(room, user)["game"] is not None:
                return room, True
            if time.monotonic() >= deadline:
                return room, False
            time.sleep(WAIT_POLL_SECONDS)
