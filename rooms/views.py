"""Room pages: the lobby, making a room, the room itself, its host's controls and reports.

Thin: find the room and the person asking (``rooms.people``), call one function
of ``rooms.services``, render or redirect. Who may do what is decided there; a
refusal comes back as ``RoomError`` and is shown with nothing changed. A private
room answers 404 to anyone not in it, whichever of its URLs they try.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect, HttpResponseStopPolling

from games import catalogue
from games import pace as game_pace
from games.access import get_game_for_player
from games.table_flow import table_url
from leaderboards import privacy
from leaderboards.blocks import names_kept_from
from rooms import adapters, names, services
from rooms.forms import JoinForm, RenameForm, RoomForm
from rooms.models import Room, RoomSeat, RoomStatus
from rooms.people import Person, person
from rooms.services import RoomError

PAUSES = (600, 3600, 86400, 7 * 86400)  # the lengths a host may pause for, in seconds
LOBBY_SIZE = 50


# --- finding rooms --------------------------------------------------------------------


def _room(request: HttpRequest, public_id: str) -> tuple[Room, Person]:
    """The room and the person asking; 404 when the room is private and they're not in it."""
    room = (
        Room.objects.select_related("game")
        .prefetch_related("seats", "game__seats")
        .filter(public_id=public_id[:32])
        .first()
    )
    who = person(request)
    if room is None or not services.may_see(room, who):
        raise Http404("No such room.")
    return room, who


def _kind(kind: str) -> catalogue.GameEntry:
    entry = catalogue.find(kind)
    if entry is None or not entry.ready:
        raise Http404("No such game.")
    return entry


# --- the lobby and making a room ------------------------------------------------------


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    """Listed rooms with a free seat, and the rooms you are in (linked by public id only)."""
    who = person(request)
    listed = (
        Room.objects.filter(listed=True, status=RoomStatus.WAITING)
        .prefetch_related("seats")
        .order_by("-created")[:LOBBY_SIZE]
    )
    mine = (
        Room.objects.exclude(status=RoomStatus.CLOSED)
        .filter(pk__in=_my_room_ids(who))
        .order_by("-updated")
    )
    context = {
        "listed": [_lobby_row(room) for room in listed if _free_seats(room)],
        "mine": [_lobby_row(room) for room in mine],
        "games": list(adapters.playable()),
    }
    return render(request, "rooms/lobby.html", context)


def _my_room_ids(who: Person) -> list[int]:
    if not who.known:
        return []
    seated = RoomSeat.objects.filter(who.seat_filter(), kind="person").values_list("room_id")
    return list(seated.values_list("room_id", flat=True))


def _free_seats(room: Room) -> int:
    return sum(seat.is_empty for seat in room.seats.all())


def _lobby_row(room: Room) -> dict[str, Any]:
    return {
        "room": room,
        "game": catalogue.kind_name(room.kind),
        "free": _free_seats(room),
        "url": reverse("rooms:room", args=[room.public_id]),
    }


@require_GET
def new(request: HttpRequest) -> HttpResponse:
    """Pick the game the room is for."""
    return render(request, "rooms/new.html", {"games": list(adapters.playable())})


@never_cache
def create(request: HttpRequest, kind: str) -> HttpResponse:
    """The room's name, your table name, seats, privacy and the game's own options."""
    entry = _kind(kind)
    data = request.POST if request.method == "POST" else None
    form, options = RoomForm(kind, data), adapters.options_form(kind, data)
    if data is not None and form.is_valid() and options.is_valid():
        try:
            room = services.create_room(
                person(request),
                kind,
                form.cleaned_data["name"],
                form.cleaned_data["table_name"],
                form.cleaned_data["seats"],
                form.cleaned_data["visibility"] == "listed",
                {**options.cleaned_data, "pace": form.cleaned_data.get("pace") or "live"},
            )
        except services.NameRefused as exc:
            form.add_error(exc.field, exc.message)
        except RoomError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("rooms:room", room.public_id)
    status = 400 if form.errors or options.errors else 200
    note = adapters.seats_note(kind)
    context = {"form": form, "options": options, "entry": entry, "seats_note": note}
    return render(request, "rooms/create.html", context, status=status)


# --- the room page --------------------------------------------------------------------


@never_cache
@require_GET
def room_page(request: HttpRequest, public_id: str) -> HttpResponse:
    room, who = _room(request, public_id)
    return _render_room(request, room, who, JoinForm(initial={"code": ""}))


@never_cache
@require_GET
def invite(request: HttpRequest, code: str) -> HttpResponse:
    """The invite link: members go to the room; anyone else may look and sit down."""
    room = (
        Room.objects.select_related("game")
        .prefetch_related("seats", "game__seats")
        .filter(code=code[:32])
        .exclude(status=RoomStatus.CLOSED)
        .first()
    )
    if room is None:
        raise Http404("No such room.")
    who = person(request)
    if services.seat_of(room, who) is not None or services.is_host(room, who):
        return redirect("rooms:room", room.public_id)
    return _render_room(request, room, who, JoinForm(initial={"code": room.code}))


def _render_room(
    request: HttpRequest, room: Room, who: Person, join_form: JoinForm, status: int = 200
) -> HttpResponse:
    context = _room_context(request, room, who)
    context["join_form"] = join_form
    context["rename_form"] = RenameForm(
        initial={"table_name": getattr(context["me"], "table_name", "")}
    )
    return render(request, "rooms/room.html", context, status=status)


def _room_context(request: HttpRequest, room: Room, who: Person) -> dict[str, Any]:
    """Everything the room page and its live part show, names as this device shows them."""
    me = services.seat_of(room, who)
    hidden = privacy.names_hidden(request)
    apart = names_kept_from(request)  # blocked either way: shown as the seat's placeholder
    game = room.game
    live = services.live_game(room)
    return {
        "room": room,
        "entry": catalogue.get(room.kind),
        "me": me,
        "host": services.is_host(room, who),
        "seats": [
            _seat_row(room, seat, me, hidden or seat.user_id in apart)
            for seat in room.seats.all()
        ],
        "between": services.between_games(room),
        "live": live,
        "game": game,
        "table_url": table_url(game) if game and services.game_seat(game, who) else "",
        "my_game_seat": services.game_seat(live, who) if live else None,
        "levels": adapters.computer_levels(room.kind),
        "options": _options_summary(room),
        "hidden": hidden,
        "invite_url": request.build_absolute_uri(reverse("rooms:invite", args=[room.code])),
        "token": _token(room),
        "pauses": pause_choices(),
        "free": _free_seats(room),
        # Kept apart from someone seated (a block either way): join would refuse, so say it now.
        "kept_apart": me is None and services.blocked_at(room, who),
    }


def _seat_row(room: Room, seat: Any, me: Any, hidden: bool) -> dict[str, Any]:
    mine = me is not None and seat.pk == me.pk
    host = seat.is_person and services.is_host(room, Person(seat.user_id, seat.device_key))
    level = catalogue.get(room.kind).shown_level(seat.computer_level)
    return {
        "seat": seat,
        "number": seat.index + 1,
        "name": names.shown_name(seat.table_name, seat.index, mine, hidden),
        "mine": mine,
        "host": host,
        "level": level if seat.computer_level else "",
    }


def _options_summary(room: Room) -> list[tuple[str, str]]:
    """The game's options as label: value, read from its own form's choices."""
    form = adapters.options_form(room.kind)
    summary = []
    for key, field in form.fields.items():
        value = room.options.get(key, field.initial)  # an option added since: its default
        choices = dict(getattr(field, "choices", []) or [])
        shown = choices.get(value, choices.get(str(value), value))
        summary.append((str(field.label), str(shown)))
    summary.append((_("Pace"), game_pace.label(room.options)))  # live, or days per move
    return summary


def _token(room: Room) -> str:
    """Changes whenever what the live part shows changes; the poll answers 204 otherwise."""
    game = room.game
    parts = [room.updated.isoformat(), room.status]
    if game is not None:
        parts += [str(game.id), game.status, str(game.paused_until or "")]
    return "|".join(parts)


@never_cache
@require_GET
def poll(request: HttpRequest, public_id: str) -> HttpResponse:
    """Waiting players see joins; when a game they sit at starts, they are sent to its table."""
    try:
        room, who = _room(request, public_id)
    except Http404:
        return HttpResponseStopPolling()
    live = services.live_game(room)
    if (
        live is not None
        and str(live.id) != request.GET.get("g", "")
        and services.game_seat(live, who)
    ):
        return HttpResponseClientRedirect(table_url(live))
    if room.status == RoomStatus.CLOSED:
        return HttpResponseStopPolling()
    if request.GET.get("v") == _token(room):
        return HttpResponse(status=204)
    context = _room_context(request, room, who)
    return render(request, "rooms/room.html#live", context)


# --- acting in a room -----------------------------------------------------------------


def _act(
    request: HttpRequest,
    public_id: str,
    action: Callable[[Room, Person], Any],
    done: str = "",
    to_table: bool = False,
) -> HttpResponse:
    """Run one service call for this room; a refusal is shown on the room page, unchanged.

    ``to_table``: the call dealt a game, and the caller goes straight to its table.
    """
    room, who = _room(request, public_id)
    try:
        result = action(room, who)
    except RoomError as exc:
        messages.error(request, exc.message)
        return _back(request, room, status=exc.status)
    if done:
        messages.success(request, done)
    if to_table:
        return redirect(table_url(result))
    return redirect("rooms:room", room.public_id)


def _back(request: HttpRequest, room: Room, status: int) -> HttpResponse:
    """A refusal: the room page again, with the message, answering the refusal's status."""
    room, who = _room(request, room.public_id)
    form = JoinForm(request.POST if "table_name" in request.POST else None)
    return _render_room(request, room, who, form, status=status)


@require_POST
def join(request: HttpRequest, public_id: str) -> HttpResponse:
    """Sit down under a typed table name (a private room needs its invite code in the form)."""
    form = JoinForm(request.POST)
    code = str(request.POST.get("code", ""))[:32]
    raw = str(request.POST.get("table_name", ""))[:60]
    room = Room.objects.filter(public_id=public_id[:32]).first()
    if room is None or (not room.listed and code != room.code):
        raise Http404("No such room.")
    if not form.is_valid():
        return _join_refused(request, room, form, _("Type your name at the table."), 400)
    try:
        as_program = request.POST.get("as_program") in ("on", "true", "1")
        services.join(room.pk, person(request), raw, code, as_program=as_program)
    except services.NameRefused as exc:
        form.add_error("table_name", exc.message)  # shown at the field, announced as an alert
        return _join_refused(request, room, form, "", exc.status)
    except RoomError as exc:
        return _join_refused(request, room, form, exc.message, exc.status)
    return redirect("rooms:room", room.public_id)


def _join_refused(
    request: HttpRequest, room: Room, form: JoinForm, message: str, status: int
) -> HttpResponse:
    """The room page again with the reason; nobody sat down."""
    if message:
        messages.error(request, message)
    room = Room.objects.prefetch_related("seats", "game__seats").get(pk=room.pk)
    return _render_room(request, room, person(request), form, status=status)


@require_POST
def rename(request: HttpRequest, public_id: str) -> HttpResponse:
    raw = str(request.POST.get("table_name", ""))[:60]
    return _act(request, public_id, lambda r, w: services.rename(r.pk, w, raw), _("Name changed."))


@require_POST
def seat(request: HttpRequest, public_id: str) -> HttpResponse:
    """The host gives a seat to a computer, or empties it (a computer, or a waiting player)."""
    index, level = request.POST.get("seat"), str(request.POST.get("level", ""))[:16]
    if request.POST.get("action") == "computer":
        return _act(request, public_id, lambda r, w: services.set_computer(r.pk, w, index, level))
    return _act(request, public_id, lambda r, w: services.clear_seat(r.pk, w, index))


@require_POST
def start(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request, public_id, lambda r, w: services.deal(r.pk, w, rematch=False), to_table=True
    )


@require_POST
def rematch(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request, public_id, lambda r, w: services.deal(r.pk, w, rematch=True), to_table=True
    )


@require_POST
def pause(request: HttpRequest, public_id: str) -> HttpResponse:
    seconds = _pause_seconds(request.POST.get("seconds"))
    return _act(request, public_id, lambda r, w: services.pause(r.pk, w, seconds), _("Paused."))


def pause_choices() -> list[tuple[int, str]]:
    """The pause lengths with their words ("10 minutes", "1 day") in the reader's language."""
    return [(seconds, duration_words(seconds)) for seconds in PAUSES]


def duration_words(seconds: int) -> str:
    """A whole number of days, hours or minutes in words."""
    if seconds % 86400 == 0:
        days = seconds // 86400
        return ngettext("%(count)s day", "%(count)s days", days) % {"count": days}
    if seconds % 3600 == 0:
        hours = seconds // 3600
        return ngettext("%(count)s hour", "%(count)s hours", hours) % {"count": hours}
    minutes = seconds // 60
    return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}


def _pause_seconds(raw: object) -> int | None:
    """One of the offered lengths; anything else pauses for the longest one allowed."""
    allowed = {str(seconds): seconds for seconds in PAUSES}
    return allowed.get(str(raw))


@require_POST
def resume(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(request, public_id, lambda r, w: services.resume(r.pk, w), _("Resumed."))


@require_POST
def take_back(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(request, public_id, lambda r, w: services.take_back(r.pk, w))


@require_POST
def leave(request: HttpRequest, public_id: str) -> HttpResponse:
    room, who = _room(request, public_id)
    try:
        services.leave(room.pk, who)
    except RoomError as exc:
        messages.error(request, exc.message)
        return _back(request, room, status=exc.status)
    messages.success(request, _("You left the room."))
    return redirect("rooms:lobby")


# --- from a table: its room, and reports -----------------------------------------------


@require_GET
def for_game(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """A table's link to its room; 404 unless the caller sits at that game or in that room."""
    room = services.room_for_game(game_id)
    if room is None:
        raise Http404("No such room.")
    who = person(request)
    at_table = any(
        who.owns(s.user_id, s.device_key)
        for s in room.games.get(game_id=game_id).game.seats.all()
        if not s.is_computer
    )
    if not at_table and not services.may_see(room, who):
        raise Http404("No such room.")
    return redirect("rooms:room", room.public_id)


@never_cache
@require_GET
def follow(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """A finished table's Game over asks "has the host dealt a rematch?" (every few seconds).

    Someone seated at the room's new live table is sent there (a client redirect);
    otherwise nothing (204), and a closed room stops the asking. 404 unless the
    caller sat at that game, like the table's own link to its room.
    """
    room = services.room_for_game(game_id)
    if room is None:
        raise Http404("No such room.")
    who = person(request)
    if services.game_seat(room.games.get(game_id=game_id).game, who) is None:
        raise Http404("No such room.")
    live = services.live_game(room)
    if live is not None and live.id != game_id and services.game_seat(live, who):
        return HttpResponseClientRedirect(table_url(live))
    if room.status == RoomStatus.CLOSED:
        return HttpResponseStopPolling()
    return HttpResponse(status=204)


@require_POST
def report_seat(request: HttpRequest) -> HttpResponse:
    """Report another player's table name; only someone at that table may. Nothing else changes."""
    try:
        game_id = UUID(str(request.POST.get("game_id", ""))[:40])
    except ValueError:
        raise Http404("No such game.") from None
    game, mine = get_game_for_player(request, game_id)
    try:
        services.report_seat(game, mine, request.POST.get("seat"))
    except RoomError as exc:
        return _report_answer(request, game, exc.message, status=exc.status)
    text = _("Thanks: a person will review that name. Nothing at the table changes.")
    return _report_answer(request, game, text)


def _report_answer(request: HttpRequest, game: Any, text: str, status: int = 200) -> HttpResponse:
    if getattr(request, "htmx", False):
        return render(
            request, "rooms/_reported.html", {"text": text, "ok": status == 200}, status=status
        )
    (messages.success if status == 200 else messages.error)(request, text)
    return redirect(table_url(game))


@require_GET
def terms(request: HttpRequest) -> HttpResponse:
    return render(request, "terms.html")
