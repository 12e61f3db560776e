"""Leaderboard pages, the daily challenge's buttons, names and reports.

Thin: read the request, call leaderboards' modules, render. Nothing here
takes a score, a result or a date from the browser: the boards are written
only when the server ends a game (leaderboards.results).
"""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_POST

from games.table_flow import table_url
from leaderboards import attempts, boards, naming, privacy
from leaderboards.blocks import names_kept_from
from leaderboards.forms import NameForm, ReportForm
from leaderboards.models import NameReport, Player
from leaderboards.names import InvalidName
from leaderboards.periods import utc_today
from leaderboards.players import owner_of_request, player_for_request


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """One board: game, difficulty, metric and period from the query string."""
    board = boards.Board.parse(request.GET.dict())
    viewer = player_for_request(request)
    hidden = privacy.names_hidden(request)
    page = boards.read(board, utc_today(), request.GET.get("page"), viewer)
    apart = names_kept_from(request)  # blocked either way: their number, like Hide names
    rows = [
        {
            "row": row,
            "name": privacy.shown_name(row.player, viewer, hidden or row.player.user_id in apart),
            "reportable": privacy.is_typed(
                row.player, viewer, hidden or row.player.user_id in apart
            ),
        }
        for row in page.rows
    ]
    context = {
        "board": board,
        "page": page,
        "rows": rows,
        "hidden": hidden,
        "viewer": viewer,
        "my_name": privacy.shown_name(viewer, viewer, hidden) if viewer else "",
        "tabs": _tabs(board),
        "urls": _page_urls(board, page),
    }
    return render(request, "leaderboards/index.html", context)


def _page_urls(board: boards.Board, page: boards.BoardPage) -> dict[str, str]:
    """Previous, next and "show my row": the same board at another page."""

    def at(number: int | None) -> str:
        if number is None:
            return ""
        return reverse("leaderboards:index") + "?" + urlencode(board.params(page=str(number)))

    current = page.page
    return {
        "previous": at(current.previous_page_number() if current.has_previous() else None),
        "next": at(current.next_page_number() if current.has_next() else None),
        "mine": at(page.my_page),
    }


def _tabs(board: boards.Board) -> dict[str, list[dict[str, object]]]:
    """Links to the neighbouring boards (each changes one choice)."""

    def link(label: str, current: bool, **change: str) -> dict[str, object]:
        url = reverse("leaderboards:index") + "?" + urlencode(board.params(**change))
        return {"label": label, "url": url, "current": current}

    metrics = [(m, s[1]) for m, s in boards.METRICS.items() if s[2] is None or board.kind in s[2]]
    levels = boards.KINDS[board.kind][1]
    difficulties = []
    if board.metric != "daily":
        every = pgettext("all difficulties", "All")
        difficulties = [link(every, board.difficulty == "", difficulty="")] + [
            link(label, d == board.difficulty, difficulty=d) for d, label in levels
        ]
    return {
        "games": [
            link(name, k == board.kind, game=k, difficulty="")
            for k, (name, _) in boards.KINDS.items()
        ],
        "metrics": [link(label, m == board.metric, board=m) for m, label in metrics],
        "periods": [link(lab, p == board.period, period=p) for p, lab in boards.PERIODS.items()],
        "difficulties": difficulties,
    }


@require_POST
def daily_play(request: HttpRequest) -> HttpResponse:
    """Today's challenge: continue the attempt in progress, or deal the day's board."""
    return _to_attempt(request, retry=False)


@require_POST
def daily_retry(request: HttpRequest) -> HttpResponse:
    """Deal the day's board again (an unfinished attempt is abandoned first)."""
    return _to_attempt(request, retry=True)


def _to_attempt(request: HttpRequest, retry: bool) -> HttpResponse:
    try:
        game = attempts.play(request, retry=retry)
    except attempts.AlreadyCleared as exc:
        messages.info(request, exc.message)
        return redirect("games:home")
    return redirect(table_url(game))


def _suggested_name(request: HttpRequest, player: object | None) -> str:
    """The name already chosen, else (signed in) the username, offered but not yet saved."""
    chosen = getattr(player, "name", "") or ""
    if chosen or not request.user.is_authenticated:
        return chosen
    return request.user.get_username()


def name_page(request: HttpRequest) -> HttpResponse:
    """Pick, change or clear the caller's name (by account, or by device as a guest)."""
    player = player_for_request(request)
    form = NameForm(request.POST or None, initial={"name": _suggested_name(request, player)})
    if request.method == "POST" and "clear" in request.POST:
        if player is not None:
            naming.clear_name(player)
        messages.success(request, _("Your name is cleared; boards show you as a number."))
        return redirect("leaderboards:name")
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():  # a refused name leaves no new player row behind
                player = player or player_for_request(request, create=True)
                assert player is not None
                name = naming.rename(player, form.cleaned_data["name"])
        except InvalidName as exc:
            form.add_error("name", str(exc))
            player = player_for_request(request)
        else:
            messages.success(request, _("Your name is now %(name)s.") % {"name": name})
            return redirect("leaderboards:name")
    status = 400 if form.errors else 200
    context = {"form": form, "player": player}
    return render(request, "leaderboards/name.html", context, status=status)


@require_POST
def hide_names(request: HttpRequest) -> HttpResponse:
    """Turn "Hide names on this device" on or off, then go back where the player was."""
    hide = request.POST.get("hide") == "1"
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = reverse("leaderboards:index")
    response = HttpResponseRedirect(target)
    privacy.remember(response, hide)
    return response


def report(request: HttpRequest, ref: str) -> HttpResponse:
    """Report a name shown on a board; a person reviews it in the admin.

    Found by the player's unguessable reference, and only for a name that is on
    a board: nobody can walk ids to read the names of players shown nowhere.
    """
    reported = Player.objects.filter(report_ref=ref[:32]).first()
    viewer = player_for_request(request)
    if reported is None or not reported.name or reported.name_suspended:
        raise Http404("No such name.")
    if not reported.entries.exists():
        raise Http404("No such name.")
    if viewer is not None and viewer.pk == reported.pk:
        raise Http404("That is your own name.")
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user_id, device_key = owner_of_request(request)
        NameReport.objects.get_or_create(
            player=reported,
            name=reported.name,
            reporter_user_id=user_id,
            reporter_device="" if user_id else device_key,
            reviewed=False,
            defaults={"reason": form.cleaned_data["reason"], "note": form.cleaned_data["note"]},
        )
        messages.success(request, _("Thanks: a person will look at this name."))
        return redirect("leaderboards:index")
    status = 400 if form.errors else 200
    context = {"form": form, "reported": reported}
    return render(request, "leaderboards/report.html", context, status=status)
