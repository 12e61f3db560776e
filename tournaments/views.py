"""Tournament pages. Thin: read the request, call ``services``, render.

- ``index``: the events per game: running, upcoming, finished (a page view also makes
  sure the timetable's events exist, so a site without a beat lists them too).
- ``detail``: one event: its rules, the game options, join / leave / pause, the
  standings with the streak flame and performance, the tables (names and watch links
  only: no rack, no hand), the podium once finished. ``live`` is its waiting poll: it
  says the player is on the page, runs whatever is due (``services.tick``: pairing
  too), sends a player just seated to their table, and otherwise waits for the event's
  news (games.live) before answering with the standings or 204. With websockets on, the
  page also opens ``/live/tournaments/<id>/`` (``socket_path``, docs/live.md): while it
  is open the poll asks only every ``SOCKET_HOLD_SECONDS`` and without waiting, and once
  at once whenever the socket says the event changed.
- ``follow``: polled from a tournament table's Game over: the player is still with the
  event, and goes on to the next table as soon as it is dealt.
- ``create`` (signed in), ``cancel``, ``join``, ``leave``, ``pause``, ``goodbye``.
- ``wins``: the board of tournament wins per game.
"""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, HttpResponseStopPolling

from games import catalogue, live
from games.models import Game, GameStatus
from games.online import placeholder_name
from games.table_flow import table_url
from leaderboards.blocks import names_kept_from
from leaderboards.models import Player
from leaderboards.privacy import names_hidden
from rooms.models import RoomGame
from tournaments import options, schedule, scoring, seeing, services, standings, talk_views
from tournaments.describe import shown_name
from tournaments.forms import CreateForm
from tournaments.models import Access, Entry, Status, Table, Tournament

SCHEDULE_CACHE_KEY = "tournaments:schedule-ensured"
# The page's websocket (live.routing): told when the event changes, while polls run.
SOCKET_PREFIX = "live/tournaments/"
SOCKET_HOLD_SECONDS = 10  # its poll's pace while the socket is open (it still says "here")
SCHEDULE_EVERY = 300  # a page makes sure of the timetable at most this often (seconds)
LISTED = 12  # events per list on the index


_user_id = seeing.user_id
_visible = seeing.visible


def _in_process() -> bool:
    """Tasks run in this process (no broker, no beat): pages send the five-minute notice."""
    return bool(getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False))


# --- the list ---------------------------------------------------------------------------


@never_cache
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    if cache.add(SCHEDULE_CACHE_KEY, 1, SCHEDULE_EVERY):
        schedule.ensure(timezone.now())
    kind = str(request.GET.get("game", ""))
    entry = catalogue.find(kind) if kind else None
    base = Tournament.objects.all()
    if entry is not None and entry.ready:
        base = base.filter(kind=entry.kind)
    else:
        kind = ""
    user_id = _user_id(request)
    mine = Q(creator_id=user_id) | Q(entries__user_id=user_id) if user_id else Q(pk__in=[])
    base = base.filter(Q(access=Access.OPEN) | mine).distinct()
    counted = base.annotate(players=Count("entries", distinct=True))
    sections = [
        ("running", _("Running now"), counted.filter(status=Status.RUNNING).order_by("starts_at")),
        (
            "upcoming",
            _("Starting soon"),
            counted.filter(status=Status.SCHEDULED).order_by("starts_at", "pk"),
        ),
        (
            "finished",
            _("Finished"),
            # An event nobody played (a scheduled one at a quiet hour) is not worth listing.
            counted.filter(status=Status.FINISHED, players__gt=0).order_by("-finished_at", "-pk"),
        ),
    ]
    context = {
        "tabs": _game_tabs(kind, "tournaments:index"),
        "kind": kind,
        "sections": [
            (key, title, [_card(t) for t in rows[:LISTED]]) for key, title, rows in sections
        ],
    }
    return render(request, "tournaments/index.html", context)


def _game_tabs(current: str, url_name: str) -> list[dict[str, Any]]:
    base = reverse(url_name)
    tabs = [{"label": _("All games"), "url": base, "current": not current}]
    for entry in catalogue.ready():
        tabs.append(
            {
                "label": entry.shown_name,
                "url": f"{base}?game={entry.kind}",
                "current": entry.kind == current,
            }
        )
    return tabs


def _card(tournament: Any) -> dict[str, Any]:
    return {
        "t": tournament,
        "name": shown_name(tournament),
        "game": catalogue.kind_name(tournament.kind),
        "players": getattr(tournament, "players", 0),
        "url": reverse("tournaments:detail", args=[tournament.pk]),
    }


# --- one event --------------------------------------------------------------------------


@never_cache
@require_GET
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _visible(request, pk)
    user_id = _user_id(request)
    services.seen(tournament, user_id)
    tournament = services.tick(tournament.pk, notify=_in_process(), wait=False) or tournament
    return render(request, "tournaments/detail.html", _context(request, tournament, talk=True))


@never_cache
@require_GET
def live_poll(request: HttpRequest, pk: int) -> HttpResponse:
    """The page's waiting poll: on the page, pair, to your table, or the news."""
    try:
        tournament = _visible(request, pk)
    except Http404:
        return HttpResponseStopPolling()
    user_id = _user_id(request)
    seen_version = _as_int(request.GET.get("v"))
    services.seen(tournament, user_id)
    tournament = services.tick(tournament.pk, notify=_in_process(), wait=False) or tournament
    seated = _new_table(tournament, user_id)
    if seated is not None:
        return HttpResponseClientRedirect(table_url(seated))

    def news() -> bool:
        version = Tournament.objects.filter(pk=pk).values_list("version", flat=True).first()
        return version is None or version != seen_version

    if not news():
        waits = request.GET.get("wait") == "1" and tournament.status in (
            Status.SCHEDULED,
            Status.RUNNING,
        )
        if not waits or not live.wait_for_change(
            services.live_key(pk), news, settings.LIVE_WAIT_SECONDS
        ):
            return HttpResponse(status=204)
        tournament = Tournament.objects.get(pk=pk)
        seated = _new_table(tournament, user_id)
        if seated is not None:
            return HttpResponseClientRedirect(table_url(seated))
    return render(request, "tournaments/detail.html#live", _context(request, tournament))


def socket_path(tournament: Tournament) -> str:
    """Where the page opens its websocket: "" when they are off or nothing changes now."""
    if not settings.LIVE_WEBSOCKETS or tournament.status not in (Status.SCHEDULED, Status.RUNNING):
        return ""
    return f"/{SOCKET_PREFIX}{tournament.pk}/"


def _as_int(raw: Any) -> int:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return -1


def _new_table(tournament: Tournament, user_id: int | None) -> Game | None:
    """The player's table in this event while it is played (the page sends them there)."""
    entry = services.entry_of(tournament, user_id)
    if entry is None or entry.table_id is None:
        return None
    return Game.objects.filter(pk=entry.table_id, status=GameStatus.ACTIVE).first()


@never_cache
@require_GET
def follow(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """From a tournament table's Game over: still with the event; on to the next table."""
    table = Table.objects.select_related("tournament").filter(game_id=game_id).first()
    user_id = _user_id(request)
    if table is None or user_id is None:
        return HttpResponseStopPolling()
    tournament = table.tournament
    if tournament.status in (Status.FINISHED, Status.CANCELLED):
        return HttpResponseStopPolling()
    entry = services.entry_of(tournament, user_id)
    if entry is None or entry.withdrawn:
        return HttpResponseStopPolling()
    services.seen(tournament, user_id)
    tournament = services.tick(tournament.pk, notify=_in_process(), wait=False) or tournament
    seated = _new_table(tournament, user_id)
    if seated is not None and seated.pk != game_id:
        return HttpResponseClientRedirect(table_url(seated))
    return HttpResponse(status=204)


def _context(request: HttpRequest, tournament: Tournament, talk: bool = False) -> dict[str, Any]:
    """The page's context; ``talk`` adds the talk panel (the live poll's part has none)."""
    user_id = _user_id(request)
    now = timezone.now()
    entry = services.entry_of(tournament, user_id)
    lines = standings.lines(tournament)
    shown = _names(request, [line.entry.user_id for line in lines], user_id)
    rows = [
        {
            "line": line,
            "name": shown.get(line.entry.user_id) or placeholder_name(line.rank - 1),
            "points": scoring.rounded(line.points),
            "buchholz": scoring.rounded(line.buchholz) if line.buchholz is not None else None,
            "mine": line.entry.user_id == user_id,
            "playing": line.entry.table_id is not None,
        }
        for line in lines
    ]
    finished = tournament.status == Status.FINISHED
    podium = [row for row in rows if finished and row["line"].rank <= 3 and row["line"].games]
    entry_obj = catalogue.get(tournament.kind)
    seats = tournament.seats
    my_table = _new_table(tournament, user_id)
    return {
        "t": tournament,
        "name": shown_name(tournament),
        "entry_game": entry_obj,
        "game_name": entry_obj.shown_name,
        "options": options.described(tournament.kind, dict(tournament.options)),
        "me": entry,
        "present": entry is not None and services.is_present(entry, now),
        "rows": rows,
        "podium": podium,
        "tables": _tables(tournament, shown),
        "can_join": user_id is not None
        and services.may_join_now(tournament, now)
        and (entry is None or (entry.withdrawn and entry.withdrawn_because == "left")),
        "needs_code": tournament.access == Access.CODE and user_id != tournament.creator_id,
        "is_creator": user_id is not None and user_id == tournament.creator_id,
        "ends_at": tournament.ends_at,
        "grace_minutes": tournament.grace_seconds // 60,
        "grace_seconds": tournament.grace_seconds,
        "points_example": [_shown(p) for p in scoring.game_points(range(1, seats + 1))],
        "bye_points": _shown(scoring.bye_points(seats)),
        "round_break": services.ROUND_BREAK_SECONDS,
        "present_seconds": services.PRESENT_SECONDS,
        "rematch_seconds": int(services.REMATCH_WAIT.total_seconds()),
        "max_abandons": services.MAX_ABANDONS,
        "live_url": reverse("tournaments:live", args=[tournament.pk]),
        "goodbye_url": reverse("tournaments:goodbye", args=[tournament.pk]),
        "my_table_url": table_url(my_table) if my_table is not None else "",
        "time_up": tournament.is_arena
        and tournament.ends_at is not None
        and tournament.ends_at <= now,
        "ended": tournament.status in (Status.FINISHED, Status.CANCELLED),
        "polls": tournament.status in (Status.SCHEDULED, Status.RUNNING),
        "live_socket": socket_path(tournament),
        "socket_hold": SOCKET_HOLD_SECONDS,
        "talk": talk_views.panel_html(request, tournament) if talk else "",
    }


def _shown(points: Fraction) -> str:
    """Points as the page shows them, in the reader's number format (2.0, 2,0)."""
    return number_format(scoring.rounded(points), 1)


def _names(request: HttpRequest, users: list[int], viewer: int | None) -> dict[int, str]:
    """Board names as this reader may see them ("" where hidden or blocked either way)."""
    hidden = names_hidden(request)
    kept = names_kept_from(request)
    found = dict(Player.objects.filter(user_id__in=users).values_list("user_id", "name"))
    return {
        user: name
        for user, name in found.items()
        if user == viewer or (not hidden and user not in kept)
    }


def _tables(tournament: Tournament, shown: dict[int, str]) -> list[dict[str, Any]]:
    """The tables being played: the players' names and a watch link (nothing else)."""
    tables = list(
        Table.objects.filter(tournament=tournament, game__status=GameStatus.ACTIVE)
        .select_related("game")
        .prefetch_related("seats__entry")
        .order_by("pk")
    )
    rooms = {
        link.game_id: link.room
        for link in RoomGame.objects.filter(game_id__in=[t.game_id for t in tables]).select_related(
            "room"
        )
    }
    found = []
    for number, table in enumerate(tables, 1):
        room = rooms.get(table.game_id)
        if room is not None and room.listed:
            watch = reverse("matchmaking:watch", args=[table.game_id])
        elif room is not None:
            watch = reverse("matchmaking:watch_invite", args=[room.code])
        else:
            watch = ""
        found.append(
            {
                "number": number,
                "round_no": table.round_no,
                "names": [
                    shown.get(s.entry.user_id) or placeholder_name(s.seat_index)
                    for s in table.seats.all()
                ],
                "watch_url": watch,
            }
        )
    return found


def _act(request: HttpRequest, pk: int, action: Any, done: str) -> HttpResponse:
    tournament = _visible(request, pk)
    try:
        action(tournament)
    except services.TournamentError as exc:
        messages.error(request, exc.message)
    else:
        if done:
            messages.success(request, done)
    return redirect("tournaments:detail", pk=tournament.pk)


@never_cache
@login_required
@require_POST
def join(request: HttpRequest, pk: int) -> HttpResponse:
    code = str(request.POST.get("code", ""))[:40]
    user_id = int(request.user.pk)
    return _act(
        request,
        pk,
        lambda t: services.join(t.pk, user_id, code),
        _("You joined. Stay on this page: you are paired from here."),
    )


@never_cache
@login_required
@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    user_id = int(request.user.pk)
    return _act(request, pk, lambda t: services.leave(t.pk, user_id), _("You left the tournament."))


@never_cache
@login_required
@require_POST
def pause(request: HttpRequest, pk: int) -> HttpResponse:
    user_id = int(request.user.pk)
    paused = request.POST.get("paused") != "0"
    done = _("Paused: you won't be paired.") if paused else _("Back in: you will be paired.")
    return _act(request, pk, lambda t: services.pause(t.pk, user_id, paused), done)


@never_cache
@login_required
@require_POST
def cancel(request: HttpRequest, pk: int) -> HttpResponse:
    user_id = int(request.user.pk)
    return _act(
        request, pk, lambda t: services.cancel(t.pk, user_id), _("The tournament is cancelled.")
    )


@never_cache
@require_POST
def goodbye(request: HttpRequest, pk: int) -> HttpResponse:
    """The page closed: not on the page any more (sent by the browser as it goes)."""
    tournament = Tournament.objects.filter(pk=pk).first()
    if tournament is not None:
        services.gone(tournament, _user_id(request))
    return HttpResponse(status=204)


# --- making one ---------------------------------------------------------------------------


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def create(request: HttpRequest) -> HttpResponse:
    soon = (timezone.now() + timedelta(minutes=30)).replace(second=0, microsecond=0)
    form = CreateForm(request.POST or None, initial={"starts_at": soon})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                made = services.create(int(request.user.pk), form.draft())
            except services.TournamentError as exc:
                form.add_error(None, exc.message)
                status = exc.status
            else:
                messages.success(request, _("Your tournament is made. Share its page."))
                return redirect("tournaments:detail", pk=made.pk)
        else:
            status = 400
    context = {"form": form, "per_day": services.CREATE_PER_DAY}
    return render(request, "tournaments/create.html", context, status=status)


# --- the board of wins ------------------------------------------------------------------


@never_cache
@require_GET
def wins(request: HttpRequest) -> HttpResponse:
    """Tournament wins (first places in finished events) per game, most first."""
    entries = list(catalogue.ready())
    kind = str(request.GET.get("game", ""))
    if kind not in {e.kind for e in entries}:
        kind = entries[0].kind
    rows = list(
        Entry.objects.filter(
            tournament__kind=kind,
            tournament__status=Status.FINISHED,
            final_rank=1,
            games__gt=0,
        )
        .values("user_id")
        .annotate(wins=Count("id"))
        .order_by("-wins", "user_id")[:50]
    )
    viewer = _user_id(request)
    shown = _names(request, [r["user_id"] for r in rows], viewer)
    board = [
        {
            "rank": at,
            "name": shown.get(r["user_id"]) or placeholder_name(at - 1),
            "wins": r["wins"],
            "mine": r["user_id"] == viewer,
            "has_page": r["user_id"] in shown,
        }
        for at, r in enumerate(rows, 1)
    ]
    context = {
        "tabs": [
            {
                "label": e.shown_name,
                "url": f"{reverse('tournaments:wins')}?game={e.kind}",
                "current": e.kind == kind,
            }
            for e in entries
        ],
        "game_name": catalogue.kind_name(kind),
        "board": board,
    }
    return render(request, "tournaments/wins.html", context)
