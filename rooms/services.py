"""The only door that changes a room: making, joining, seating computers, dealing, leaving.

Each change locks the room row, checks who is asking (the host, a seated
person) and what state the room is in, then writes; a refusal raises
``RoomError`` with a message for the page (in the asker's language) and changes
nothing. Games are dealt and changed only through ``games.services`` (create_game,
pause, resume, leave_seat, take_back, suspend_player): a room never touches a game's
rows itself.
Each is named in the code, never looked up by a string, so a rename fails at import
(or in ``tests/rooms/test_room_services_names.py``), not as a refusal to the player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext, ngettext

from core.memo import shared
from games import catalogue
from games import pace as game_pace
from games import services as game_services
from games.models import Game, GameStatus, Seat
from games.services import leave_seat, suspend_player  # by name: a rename fails at import
from games.services import pause as pause_game
from games.services import resume as resume_game
from games.services import take_back as take_back_seat
from leaderboards.blocks import blocked_ids
from rooms import adapters, names
from rooms.models import Room, RoomGame, RoomSeat, RoomStatus, SeatKind, SeatReport, Suspension
from rooms.people import Person


class RoomError(Exception):
    """A refusal the page shows; ``status`` is the HTTP status to answer with."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAllowed(RoomError):
    status = 403


class WrongState(RoomError):
    status = 409


class NameRefused(RoomError):
    """A typed name the rules refuse; ``field`` says which of the form's names it was."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def _checked(field: str, check: Callable[[], str]) -> str:
    try:
        return check()
    except names.InvalidName as exc:
        raise NameRefused(str(exc), field) from exc


# --- reading ------------------------------------------------------------------------


def seat_of(room: Room, who: Person) -> RoomSeat | None:
    """The person's seat in the room (one seat per person per room), else None."""
    for seat in room.seats.all():
        if (seat.is_person or seat.is_program) and who.owns(seat.user_id, seat.device_key):
            return seat
    return None


def is_host(room: Room, who: Person) -> bool:
    return who.known and who.owns(room.host_user_id, room.host_device)


def game_seat(game: Game | None, who: Person) -> Seat | None:
    """The person's seat at a game's table (found by account or device, like games.access)."""
    if game is None:
        return None
    for seat in game.seats.all():
        if not seat.is_computer and who.owns(seat.user_id, seat.device_key):
            return seat
    return None


def may_see(room: Room, who: Person) -> bool:
    """Listed rooms are open to all; a private room only to its host, its seats and its table."""
    if room.listed and room.status != RoomStatus.CLOSED:
        return True
    return is_host(room, who) or seat_of(room, who) is not None or bool(game_seat(room.game, who))


def between_games(room: Room) -> bool:
    """Seats may change and a game may be dealt: before the first, or after one ended."""
    if room.status == RoomStatus.WAITING:
        return True
    return room.status == RoomStatus.PLAYING and (
        room.game is None or room.game.status != GameStatus.ACTIVE
    )


def live_game(room: Room) -> Game | None:
    """The room's game while it is being played."""
    game = room.game
    if room.status == RoomStatus.PLAYING and game is not None and game.status == GameStatus.ACTIVE:
        return game
    return None


@shared  # one read for every drawing of a move's publish (core.memo)
def room_for_game(game_id: Any) -> Room | None:
    link = RoomGame.objects.select_related("room").filter(game_id=game_id).first()
    return link.room if link else None


def suspended(who: Person) -> bool:
    return who.known and Suspension.objects.filter(who.seat_filter()).exists()


def _locked(room_id: int) -> Room:
    """The room row, locked for this transaction, with its seats and game."""
    # Only the room row is locked ("of self"): the game is joined for reading, and
    # PostgreSQL can't lock the nullable side of that outer join anyway.
    return Room.objects.select_for_update(of=("self",)).select_related("game").get(pk=room_id)


def _taken_names(room: Room, but: RoomSeat | None = None) -> list[str]:
    return [s.table_name for s in room.seats.all() if s.is_person and s != but]


def _ensure_host(room: Room, who: Person) -> None:
    if not is_host(room, who):
        raise NotAllowed(gettext("Only the host can do that."))


def _ensure_between_games(room: Room) -> None:
    if room.status == RoomStatus.CLOSED:
        raise WrongState(gettext("This room is closed."))
    if not between_games(room):
        raise WrongState(gettext("A game is being played; wait until it ends."))


def _seat(room: Room, index: Any) -> RoomSeat:
    try:
        number = int(index)
    except (TypeError, ValueError):
        raise RoomError(gettext("Pick a seat.")) from None
    for seat in room.seats.all():
        if seat.index == number:
            return seat
    raise RoomError(gettext("There is no such seat."))


# --- making and joining -------------------------------------------------------------


def create_room(
    who: Person,
    kind: str,
    name: str,
    table_name: str,
    seats: int,
    listed: bool,
    options: dict[str, Any],
) -> Room:
    """A new room with its host in seat 1 and the other seats empty."""
    if not who.known:
        raise NotAllowed(gettext("Your browser needs cookies turned on to host a room."))
    if suspended(who):
        raise NotAllowed(gettext("You can't host rooms at the moment."))
    entry = catalogue.get(kind)
    if not entry.min_players <= seats <= entry.max_players:
        raise RoomError(
            gettext("%(game)s seats %(min)s to %(max)s.")
            % {"game": entry.shown_name, "min": entry.min_players, "max": entry.max_players}
        )
    if adapters.engine_config(kind, options, seats) is None:
        raise RoomError(gettext("Those options don't work with that many seats."))
    limit = game_pace.MAX_CORRESPONDENCE_GAMES
    host_id = who.user_id
    if game_pace.is_correspondence(options) and host_id and correspondence_games(host_id) >= limit:
        raise RoomError(
            ngettext(
                "You already play %(limit)s correspondence game, the most at once:"
                " finish it before starting another.",
                "You already play %(limit)s correspondence games, the most at once:"
                " finish one before starting another.",
                limit,
            )
            % {"limit": limit}
        )
    clean_name = _checked("name", lambda: names.room_name(name))
    clean_table = _checked("table_name", lambda: names.table_name(table_name, who, []))
    with transaction.atomic():
        room = Room.objects.create(
            name=clean_name,
            kind=kind,
            options=options,
            seat_count=seats,
            listed=listed,
            host_user_id=who.user_id,
            host_device="" if who.user_id else who.device_key,
        )
        RoomSeat.objects.bulk_create(
            _person_seat(room, 0, who, clean_table) if i == 0 else RoomSeat(room=room, index=i)
            for i in range(seats)
        )
    return room


def blocked_at(room: Room, who: Person) -> bool:
    """Someone seated blocked this account, or it blocked them (never seated together).

    ``join`` refuses them; the room page asks too, so it says so instead of a Sit down.
    """
    if who.user_id is None:
        return False
    seated = {s.user_id for s in room.seats.all() if s.user_id is not None}
    return bool(seated & blocked_ids(who.user_id))


def _person_seat(room: Room, index: int, who: Person, table_name: str) -> RoomSeat:
    return RoomSeat(
        room=room,
        index=index,
        kind=SeatKind.PERSON,
        table_name=table_name,
        user_id=who.user_id,
        device_key="" if who.user_id else who.device_key,
    )


def join(
    room_id: int, who: Person, table_name: str, code: str = "", as_program: bool = False
) -> RoomSeat:
    """Sit ``who`` in the first empty seat under a typed table name.

    A private room needs its invite code (sent in the form, never taken from a
    lobby link); a listed one is open to anyone while a seat is free. With
    ``as_program`` the seat is the player's program's: it plays through the API
    with one of the account's tokens (so it needs an account), and it never
    counts on the boards for people.
    """
    if not who.known:
        raise NotAllowed(gettext("Your browser needs cookies turned on to join a room."))
    if as_program and not who.user_id:
        raise NotAllowed(
            gettext("Sign in to bring a program: it plays with your account's API token.")
        )
    if suspended(who):
        raise NotAllowed(gettext("You can't join rooms at the moment."))
    with transaction.atomic():
        room = _locked(room_id)
        if not room.listed and code != room.code:
            raise NotAllowed(gettext("This room needs its invite link."))
        _ensure_between_games(room)
        if seat_of(room, who) is not None:
            raise RoomError(gettext("You already have a seat in this room."))
        if blocked_at(room, who):
            raise NotAllowed(gettext("You can't join this room."))
        seat = next((s for s in room.seats.all() if s.is_empty), None)
        if seat is None:
            raise WrongState(gettext("Every seat is taken."))
        taken = _taken_names(room)
        clean = _checked("table_name", lambda: names.table_name(table_name, who, taken))
        fresh = _person_seat(room, seat.index, who, clean)
        if as_program:
            fresh.kind = SeatKind.PROGRAM
        fresh.pk = seat.pk
        fresh.save()
        room.save(update_fields=["updated"])
    return fresh


def rename(room_id: int, who: Person, table_name: str) -> RoomSeat:
    """Change your own table name between games (the next game is dealt with it)."""
    with transaction.atomic():
        room = _locked(room_id)
        _ensure_between_games(room)
        seat = seat_of(room, who)
        if seat is None:
            raise NotAllowed(gettext("You have no seat in this room."))
        taken = _taken_names(room, but=seat)
        seat.table_name = _checked("table_name", lambda: names.table_name(table_name, who, taken))
        seat.save(update_fields=["table_name"])
    return seat


# --- the host's controls ------------------------------------------------------------


def _host_change(room_id: int, who: Person, change: Callable[[Room], None]) -> Room:
    with transaction.atomic():
        room = _locked(room_id)
        _ensure_host(room, who)
        _ensure_between_games(room)
        change(room)
        room.save(update_fields=["updated"])
    return room


def set_computer(room_id: int, who: Person, index: Any, level: str) -> Room:
    """Give an empty (or computer) seat to a computer at ``level``."""

    def change(room: Room) -> None:
        seat = _seat(room, index)
        if seat.is_person:
            raise RoomError(gettext("That seat is taken; remove the player first."))
        if level not in dict(adapters.computer_levels(room.kind)):
            raise RoomError(gettext("Pick a level for the computer."))
        seat.kind, seat.computer_level, seat.table_name = SeatKind.COMPUTER, level, ""
        seat.save(update_fields=["kind", "computer_level", "table_name"])

    return _host_change(room_id, who, change)


def clear_seat(room_id: int, who: Person, index: Any) -> Room:
    """Empty a seat: a computer stands up, or a waiting player is removed (never the host)."""

    def change(room: Room) -> None:
        seat = _seat(room, index)
        if seat.is_person and is_host(room, Person(seat.user_id, seat.device_key)):
            raise RoomError(gettext("You can't remove yourself; use Leave instead."))
        _empty(seat)

    return _host_change(room_id, who, change)


def _empty(seat: RoomSeat) -> None:
    seat.kind, seat.table_name, seat.user, seat.device_key, seat.computer_level = (
        SeatKind.EMPTY, "", None, "", ""
    )  # fmt: skip
    seat.save(update_fields=["kind", "table_name", "user", "device_key", "computer_level"])


def deal(room_id: int, who: Person, rematch: bool) -> Game:
    """Start (or, after a game ended, rematch): every seat must be a person or a computer."""
    with transaction.atomic():
        room = _locked(room_id)
        _ensure_host(room, who)
        _ensure_between_games(room)
        if rematch != (room.status == RoomStatus.PLAYING):
            if rematch:
                raise WrongState(gettext("Start first."))
            raise WrongState(gettext("Use Rematch after a game."))
        seats = list(room.seats.all())
        if any(seat.is_empty for seat in seats):
            raise RoomError(gettext("Fill every seat first: wait for players or add computers."))
        config = adapters.engine_config(room.kind, room.options, len(seats))
        if config is None:
            raise RoomError(gettext("Those options don't work with that many seats."))
        if game_pace.is_correspondence(room.options):
            config = {**config, "pace": game_pace.of(room.options)}
            _ensure_correspondence_room(seats)
        try:
            game = game_services.create_game(
                room.kind, config, [_spec(room, s) for s in seats], online=True
            )
        except game_services.ServiceError as exc:
            raise RoomError(exc.message) from exc
        RoomGame.objects.create(room=room, game=game)
        room.game, room.status = game, RoomStatus.PLAYING
        room.save(update_fields=["game", "status", "updated"])
    return game


def _ensure_correspondence_room(seats: list[RoomSeat]) -> None:
    """Nobody may have more than ``MAX_CORRESPONDENCE_GAMES`` correspondence games at once."""
    limit = game_pace.MAX_CORRESPONDENCE_GAMES
    for seat in seats:
        if seat.user_id is not None and correspondence_games(seat.user_id) >= limit:
            raise RoomError(
                ngettext(
                    "%(name)s already plays %(limit)s correspondence game, the most at once:"
                    " a new one can start when it ends.",
                    "%(name)s already plays %(limit)s correspondence games, the most at once:"
                    " a new one can start when one of those ends.",
                    limit,
                )
                % {"name": seat.table_name, "limit": limit}
            )


def correspondence_games(user_id: int) -> int:
    """The player's correspondence games still being played."""
    games = Game.objects.filter(
        status=GameStatus.ACTIVE,
        online=True,
        seats__user_id=user_id,
        config__pace__in=list(game_pace.DAYS),
    )
    return games.distinct().count()


def _spec(room: Room, seat: RoomSeat) -> game_services.SeatSpec:
    if seat.kind == SeatKind.COMPUTER:
        label = catalogue.get(room.kind).level_label(seat.computer_level)
        return game_services.SeatSpec(
            f"Computer {seat.index + 1} ({label})", computer_level=seat.computer_level
        )
    return game_services.SeatSpec(
        seat.table_name,
        user_id=seat.user_id,
        device_key=seat.device_key,
        is_program=seat.kind == SeatKind.PROGRAM,
    )


# --- playing: pause, resume, leave --------------------------------------------------


def pause(room_id: int, who: Person, seconds: int | None) -> Game:
    room = Room.objects.select_related("game").get(pk=room_id)
    _ensure_host(room, who)
    game = live_game(room)
    if game is None:
        raise WrongState(gettext("There is no game to pause."))
    return _call_game(pause_game, game.id, seconds)


def resume(room_id: int, who: Person) -> Game:
    room = Room.objects.select_related("game").get(pk=room_id)
    _ensure_host(room, who)
    game = live_game(room)
    if game is None:
        raise WrongState(gettext("There is no game to resume."))
    return _call_game(resume_game, game.id)


def take_back(room_id: int, who: Person) -> Game:
    """Back from being away: the house hands the seat back (the game decides when)."""
    room = Room.objects.select_related("game").get(pk=room_id)
    game = live_game(room)
    mine = game_seat(game, who) if game else None
    if game is None or mine is None:
        raise WrongState(gettext("You have no seat at a game in play."))
    return _call_game(take_back_seat, game.id, mine.index)


def _call_game(function: Callable[..., Game], *args: Any) -> Game:
    try:
        return function(*args)
    except game_services.ServiceError as exc:
        raise RoomError(exc.message) from exc


def leave(room_id: int, who: Person) -> Room:
    """Stand up. During a game the house takes your seat (a loss); the host role passes on."""
    game = Room.objects.select_related("game").get(pk=room_id).game
    playing = game is not None and game.status == GameStatus.ACTIVE
    mine = game_seat(game, who) if playing else None
    if mine is not None and game_services.can_leave(mine):  # away (timeouts) too: a loss
        _call_game(leave_seat, game.id, mine.index, "left")
    with transaction.atomic():
        room = _locked(room_id)
        seat = seat_of(room, who)
        if seat is None and not is_host(room, who):
            raise NotAllowed(gettext("You have no seat in this room."))
        if seat is not None:
            _empty(seat)
        if is_host(room, who):
            _pass_host(room)
        room.save()
    return room


def _pass_host(room: Room) -> None:
    """The host left: the next seated person hosts; with nobody left the room closes."""
    heir = next((s for s in room.seats.all() if s.is_person), None)
    if heir is None:
        room.status = RoomStatus.CLOSED
        room.host_user, room.host_device = None, ""
    else:
        room.host_user_id = heir.user_id
        room.host_device = "" if heir.user_id else heir.device_key


# --- reports and suspensions ----------------------------------------------------------


def report_seat(game: Game, reporter: Seat, index: Any) -> SeatReport:
    """Put another player's table name on the review queue. The table is not touched."""
    try:
        number = int(index)
    except (TypeError, ValueError):
        raise RoomError(gettext("Pick a player to report.")) from None
    target = next((s for s in game.seats.all() if s.index == number), None)
    if target is None or target.is_computer or target.index == reporter.index:
        raise RoomError(gettext("Only another player's name can be reported."))
    if target.house_reason == "suspended":
        raise RoomError(gettext("That name has already been taken off the table."))
    report, _ = SeatReport.objects.get_or_create(
        game=game,
        seat_index=target.index,
        reporter_user_id=reporter.user_id,
        reporter_device="" if reporter.user_id else reporter.device_key,
        reviewed=False,
        defaults={
            "room": room_for_game(game.id),
            "name": target.display_name[:40],
            "reported_user_id": target.user_id,
            "reported_device": "" if target.user_id else target.device_key,
        },
    )
    return report


def suspend(reports: list[SeatReport]) -> int:
    """Staff suspend the reported players: off every table at once, the house plays on.

    Each distinct player is suspended once: the game service hands their active
    seats to the house and replaces the name; their room seats are emptied (the
    room goes on; the host fills the seat before a rematch), a host role passes
    on, the name and its look-alikes are blocked, and they can't make or join
    rooms again. Returns how many players were suspended.
    """
    people = {(r.reported_user_id, r.reported_device) for r in reports}
    for user_id, device_key in people:
        suspend_person(Person(user_id, "" if user_id else device_key))
    for report in reports:
        names.block(report.name)
    SeatReport.objects.filter(pk__in=[r.pk for r in reports]).update(reviewed=True)
    return len(people)


def suspend_person(who: Person) -> None:
    """Off every table at once (the house plays on), out of rooms, and kept out."""
    suspend_player(user_id=who.user_id, device_key=who.device_key)
    _off_rooms(who)
    Suspension.objects.get_or_create(user_id=who.user_id, device_key=who.device_key)


def _off_rooms(who: Person) -> None:
    """Empty the player's seats in open rooms and pass on any room they host."""
    open_rooms = ~Q(room__status=RoomStatus.CLOSED)
    for seat in RoomSeat.objects.filter(who.seat_filter(), open_rooms, kind=SeatKind.PERSON):
        _empty(seat)
    hosts = (
        Q(host_user_id=who.user_id)
        if who.user_id is not None
        else Q(host_user__isnull=True, host_device=who.device_key)
    )
    hosted = Room.objects.exclude(status=RoomStatus.CLOSED).filter(hosts)
    for room in hosted:
        _pass_host(room)
        room.save()
