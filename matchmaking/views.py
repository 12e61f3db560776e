"""Quick-match and watching pages. Thin: read the request, call ``queue`` or ``watching``.

Quick match: ``start`` (the game's options, presets and pace), ``join`` (POST:
wait, or straight to the table when this press completed one), ``wait`` (the
waiting page, polling ``wait_poll`` every second: a client redirect to the
table once seated; with websockets on, the person's socket keeps the place and
the poll slows to ``SOCKET_HOLD_SECONDS``), ``leave`` (Cancel, or the page
closing). A correspondence wait (``?lane=correspondence``) needs no open page:
its page says so, polls slowly and sends no goodbye when it closes. Watching:
``watch`` (the page) and ``watch_poll`` (the next move, waiting for news like a seat's
board), ``watch_invite`` (a private room's watch door, by its invite code).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect, HttpResponseStopPolling

from games import catalogue, live
from games import pace as game_pace
from games.access import stamp_of
from games.models import Game
from games.table_flow import as_int, table_url
from matchmaking import presets, queue, watching
from matchmaking.models import EntryStatus, Lane, QueueEntry
from notifications.templatetags.my_turn import person_socket
from rooms import adapters
from rooms.forms import TableNameField
from rooms.people import person

CORRESPONDENCE_POLL_SECONDS = 15  # an open correspondence waiting page looks now and then
# With the person's socket open, the waiting page's poll goes out this often: the socket
# keeps a live wait's place and says at once when a table is dealt (docs/live.md).
SOCKET_HOLD_SECONDS = 15


class MatchForm(forms.Form):
    table_name = TableNameField(gettext_lazy("Your name at the table"))
    # Live, or correspondence (days per move): each pace is its own queue (games.pace).
    pace = forms.ChoiceField(
        choices=game_pace.CHOICES,
        initial=game_pace.LIVE,
        widget=forms.RadioSelect,
        label=gettext_lazy("Pace"),
        required=False,  # not chosen: live
    )
    seats = forms.TypedChoiceField(
        coerce=int, widget=forms.RadioSelect, label=gettext_lazy("Players")
    )

    def __init__(self, kind: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        entry = catalogue.get(kind)
        field = self.fields["seats"]
        field.choices = adapters.seat_choices(kind)  # type: ignore[attr-defined]
        field.initial = entry.min_players


def _entry(kind: str) -> catalogue.GameEntry:
    entry = catalogue.find(kind)
    if entry is None or not entry.ready:
        raise Http404("No such game.")
    return entry


def default_name(request: HttpRequest) -> str:
    """The table name offered: the last one used for quick match, else the board name."""
    remembered = request.session.get("match_name")
    if remembered:
        return str(remembered)
    player = (
        getattr(request.user, "leaderboard_player", None) if request.user.is_authenticated else None
    )
    return str(getattr(player, "name", "") or "")


# --- quick match -----------------------------------------------------------------------


@never_cache
@require_GET
def start(request: HttpRequest, kind: str) -> HttpResponse:
    """The game's usual options for a quick match, and its one-tap presets."""
    entry = _entry(kind)
    form = MatchForm(kind, initial={"table_name": default_name(request)})
    return render(request, "matchmaking/start.html", _start_context(entry, form))


def _start_context(
    entry: catalogue.GameEntry, form: MatchForm, options: Any = None
) -> dict[str, Any]:
    """The start page's context (a correspondence wait shows by its own template tag)."""
    return {
        "entry": entry,
        "form": form,
        "options": options if options is not None else adapters.options_form(entry.kind),
        "presets": presets.presets(entry.kind),
    }


def _lane(raw: object) -> str:
    return Lane.CORRESPONDENCE if raw == Lane.CORRESPONDENCE else Lane.LIVE


def wait_url(lane: str) -> str:
    base = reverse("matchmaking:wait")
    return f"{base}?lane={lane}" if lane == Lane.CORRESPONDENCE else base


@require_POST
def join(request: HttpRequest, kind: str) -> HttpResponse:
    """Join the queue with a preset (``preset``) or the full options; refusals change nothing."""
    entry = _entry(kind)
    raw_name = str(request.POST.get("table_name", ""))[:60]
    pace = str(request.POST.get("pace") or game_pace.LIVE)[:16]  # queue.check judges it
    preset = presets.find(kind, str(request.POST.get("preset", ""))[:40])
    if preset is not None:
        choice = queue.Choice(kind, preset.seats, preset.options, raw_name, pace)
    else:
        form, options = MatchForm(kind, request.POST), adapters.options_form(kind, request.POST)
        if not (form.is_valid() and options.is_valid()):
            messages.error(request, _("Check the options below."))
            context = _start_context(entry, form, options)
            return render(request, "matchmaking/start.html", context, status=400)
        choice = queue.Choice(
            kind, form.cleaned_data["seats"], dict(options.cleaned_data), raw_name, pace
        )
    try:
        row, game = queue.join(person(request), choice)
    except queue.AlreadySeated as exc:
        messages.info(request, exc.message)
        return redirect(table_url(exc.game))
    except queue.QueueError as exc:
        messages.error(request, exc.message)
        form = MatchForm(kind, initial={"table_name": raw_name, "pace": pace})
        context = _start_context(entry, form)
        return render(request, "matchmaking/start.html", context, status=exc.status)
    request.session["match_name"] = row.table_name
    if game is not None:
        return redirect(table_url(game))
    return redirect(wait_url(row.lane))


def _wait_context(request: HttpRequest, row: QueueEntry) -> dict[str, Any]:
    waited = queue.waited_seconds(row)
    slow = row.lane == Lane.CORRESPONDENCE
    return {
        "row": row,
        "entry": catalogue.get(row.kind),
        "waited": waited,
        "options": presets.describe(row.kind, row.options),
        "note": queue.note_text(row.note),
        "pace": game_pace.label(row.options),
        "slow": slow,
        "wait_days": queue.CORRESPONDENCE_WAIT_DAYS,
        "offer_computer": not slow and waited >= queue.OFFER_COMPUTER_AFTER,
        "poll_seconds": CORRESPONDENCE_POLL_SECONDS if slow else queue.POLL_SECONDS,
        "live_me": person_socket() if row.status == EntryStatus.WAITING else "",
        "socket_hold": SOCKET_HOLD_SECONDS,
    }


@never_cache
@require_GET
def wait(request: HttpRequest) -> HttpResponse:
    """The waiting page: seated already → the table; not waiting → back to the game."""
    who = person(request)
    lane = _lane(request.GET.get("lane"))
    if lane == Lane.LIVE:
        queue.resume(who)
    row = queue.heartbeat(who, lane)
    if row is None or not row.kind:
        return redirect("games:home")
    seated = queue.seated_game(row)
    if seated is not None:
        return redirect(table_url(seated))
    return render(request, "matchmaking/wait.html", _wait_context(request, row))


@never_cache
@require_GET
def wait_poll(request: HttpRequest) -> HttpResponse:
    """Still here: pair if possible; seated → to the table (both pages go there)."""
    row = queue.heartbeat(person(request), _lane(request.GET.get("lane")))
    if row is None:
        return HttpResponseStopPolling()
    if row.status == EntryStatus.MATCHED and row.game is not None:
        return HttpResponseClientRedirect(table_url(row.game))
    return render(request, "matchmaking/wait.html#status", _wait_context(request, row))


@require_POST
def leave(request: HttpRequest) -> HttpResponse:
    """Stop waiting (Cancel, or the page closing: then nobody reads the answer)."""
    who = person(request)
    lane = _lane(request.POST.get("lane"))
    row = queue.current(who, lane)
    queue.leave(who, lane)
    if request.POST.get("beacon"):
        return HttpResponse(status=204)
    messages.info(request, _("You left the queue."))
    if row is not None and row.kind:
        return redirect(f"{catalogue.get(row.kind).url_name}:setup")
    return redirect("games:home")


# --- watching --------------------------------------------------------------------------


@never_cache
@require_GET
def watch(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Watch a table live: the spectator's view only; players go to their own seat."""
    game, room = watching.find(request, game_id)
    if watching.seated(request, game):
        return redirect(table_url(game))
    watching.touch(request, game)
    context = watching.page_context(request, game, room, at=None)
    return render(request, "matchmaking/watch.html", context)


@never_cache
@require_GET
def watch_poll(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """The next move for a spectator, or 204 after waiting a while for the table's news."""
    try:
        game, room = watching.find(request, game_id)
    except Http404:
        return HttpResponseStopPolling()
    watching.touch(request, game)
    at, seen = as_int(request.GET.get("at")), as_int(request.GET.get("seen"))
    if _nothing_new(game, at, seen):

        def changed() -> bool:
            fresh = Game.objects.filter(pk=game.pk).only("version", "updated").first()
            return fresh is None or not _nothing_new(fresh, at, seen)

        if not live.wait_for_change(game.id, changed, watching.wait_seconds()):
            return HttpResponse(status=204)
        game, room = watching.find(request, game_id)
    context = watching.page_context(request, game, room, at)
    return render(request, "matchmaking/watch.html#live", context)


def _nothing_new(game: Game, at: int | None, seen: int | None) -> bool:
    """No version past ``at`` and the same change stamp: the spectator has seen it all."""
    if at is None or at <= game.version:
        return False
    return seen is None or seen == stamp_of(game.updated)


@require_GET
def watch_invite(request: HttpRequest, code: str) -> HttpResponse:
    """A private room's watch door: its invite code lets this browser watch its tables."""
    room = watching.grant(request, code)
    if room.game_id is None:
        messages.info(request, _("This room's game hasn't started yet."))
        return redirect("rooms:invite", room.code)
    return redirect("matchmaking:watch", room.game_id)
