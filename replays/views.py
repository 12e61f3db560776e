"""The replay pages: a player's own replay, a shared one, and making or stopping a share link.

Thin: find who is asking (a seat, by account or device cookie; or a share
token), pick the step, and hand over to ``replays.frames``. A stranger gets a
404 for a game, a revoked link or a made-up token alike, so none of them
learns whether a game exists.
"""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import catalogue
from games.access import game_with_seats, get_game_for_player
from games.models import Game, Seat
from games.table_flow import SPEEDS, as_int, table_url
from replays import policy, turn_reviews
from replays.frames import Viewer, step_context
from replays.models import ShareLink
from replays.timeline import BrokenLog, Timeline, is_over, timeline_for

log = logging.getLogger(__name__)
PAGE = "replays/replay.html"


def _own_game(request: HttpRequest, game_id: UUID) -> tuple[Game, Seat]:
    """The game and the caller's seat in it; 404 for anyone without one."""
    return get_game_for_player(request, game_id)


def _shared_game(token: str) -> Game:
    """The game behind a live share link; 404 for a revoked or unknown token."""
    link = ShareLink.objects.filter(token=token, revoked__isnull=True).only("game_id").first()
    game = game_with_seats(link.game_id) if link is not None else None
    if game is None:
        raise Http404("No such replay.")
    return game


@require_GET
def game_replay(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """A player's replay of their own game: their rack always, every rack once it is over."""
    game, seat = _own_game(request, game_id)
    viewer = Viewer(seat, policy.reveals_all(game), own_only=policy.daily_still_secret(game))
    base = reverse("replays:game", kwargs={"game_id": game.id})
    # A player knows how their game ended: their replay opens at the end.
    return _replay(request, game, viewer, base, opens_at_end=True)


@require_GET
def shared_replay(request: HttpRequest, token: str) -> HttpResponse:
    """A replay made public by one of its players: read-only, no account needed.

    It opens at the deal, so whoever follows the link watches the game unfold instead
    of meeting its ending first.
    """
    game = _shared_game(token)
    _people_unnamed(game)
    viewer = Viewer(None, policy.reveals_all(game), own_only=policy.daily_still_secret(game))
    base = reverse("replays:shared", kwargs={"token": token})
    response = _replay(request, game, viewer, base, opens_at_end=False)
    # The link can be revoked: no shared cache may keep serving it.
    patch_cache_control(response, private=True, no_store=True)
    return response


def _people_unnamed(game: Game) -> None:
    """A shared replay names people as a spectator would: "Player 2", in this request only.

    At a table between people the link names none of them; in a game against computers
    the person's seat is stored as "You", which is the sharer, not whoever watches.
    """
    for seat in game.seats.all():
        if not seat.is_computer:
            seat.display_name = _("Player %(number)s") % {"number": seat.index + 1}


def _replay(
    request: HttpRequest, game: Game, viewer: Viewer, base: str, opens_at_end: bool
) -> HttpResponse:
    try:
        timeline = timeline_for(game)
    except BrokenLog:
        log.exception("replay refused: log does not replay (game=%s)", game.id)
        return _message(request, game, _("This game's record can't be replayed."), 500)
    if timeline is None:
        return _message(request, game, _("No round of this game has finished yet."), 404)
    step, error = _pick_step(request, timeline, opens_at_end)
    context = step_context(request, game, timeline, step, viewer, base)
    context.update(_page(request, game, viewer, timeline, step, base), replay_error=error)
    # The player's own turn, reviewed, beside the board (a share link has no seat: none).
    context["turn_review"] = turn_reviews.card(game, viewer.seat, context["span"], step, base)
    template = (
        f"{PAGE}#stage" if request.htmx and not request.htmx.history_restore_request else PAGE
    )
    return render(request, template, context, status=400 if error else 200)


def _pick_step(
    request: HttpRequest, timeline: Timeline, opens_at_end: bool
) -> tuple[int, str | None]:
    """``?step=N`` or ``?round=R`` (its deal); when neither, the end or the deal as the page
    opens (``opens_at_end``); a clear message when bad."""
    raw_step, raw_round = request.GET.get("step"), request.GET.get("round")
    if raw_round is not None:
        span = timeline.round_number(as_int(raw_round) or 0)
        if span is None:
            count = len(timeline.rounds)
            message = _("There is no round %(round)s: pick 1 to %(count)s.") % {
                "round": raw_round[:12],
                "count": count,
            }
            return timeline.last, message
        return span.start, None
    if raw_step is None:
        return (timeline.last if opens_at_end else 0), None
    step = as_int(raw_step)
    if step is None or not 0 <= step <= timeline.last:
        message = _("There is no step %(step)s: pick 0 to %(last)s.") % {
            "step": raw_step[:12],
            "last": timeline.last,
        }
        return 0, message
    return step, None


def _page(
    request: HttpRequest, game: Game, viewer: Viewer, timeline: Timeline, step: int, base: str
) -> dict[str, Any]:
    span = timeline.round_of(step)
    rounds = timeline.rounds
    previous = next((r for r in reversed(rounds) if r.start < span.start), None)
    following = next((r for r in rounds if r.start > span.start), None)
    return {
        "game": game,
        "game_name": catalogue.kind_name(game.kind),
        "viewer": viewer,
        "spectator": viewer.seat is None,
        "at_step": step,
        "last_step": timeline.last,
        "rounds": rounds,
        "previous_round": previous,
        "next_round": following,
        "base_url": base,
        "speeds": SPEEDS,
        "over": is_over(game),
        "daily_secret": policy.daily_still_secret(game),
        "share": _share_context(request, game) if viewer.seat is not None else None,
    }


def _share_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """The player's share panel: the live link, if any, or why there can't be one yet."""
    link = ShareLink.objects.filter(game=game, revoked__isnull=True).first()
    url = None
    if link is not None:
        url = request.build_absolute_uri(reverse("replays:shared", kwargs={"token": link.token}))
    return {
        "url": url,
        "refusal": policy.share_refusal(game),
        "table": table_url(game),
    }


def _message(request: HttpRequest, game: Game, text: str, status: int) -> HttpResponse:
    context = {"game": game, "game_name": catalogue.kind_name(game.kind), "message": text}
    return render(request, "replays/unavailable.html", context, status=status)


@require_POST
def share(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Make the replay public (or keep the link that already is); refused with a reason."""
    game, _seat = _own_game(request, game_id)
    refusal = policy.share_refusal(game)
    if refusal:
        messages.error(request, refusal)
    elif not ShareLink.objects.filter(game=game, revoked__isnull=True).exists():
        user = request.user if request.user.is_authenticated else None
        device = "" if user else getattr(request, "device_key", "")
        ShareLink.objects.create(game=game, made_by_user=user, made_by_device=device)
        messages.success(request, _("Anyone with the link can now watch this replay."))
    return redirect("replays:game", game_id=game.id)


@require_POST
def unshare(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Stop sharing: every live link of the game stops working at once, for good."""
    game, _seat = _own_game(request, game_id)
    stopped = ShareLink.objects.filter(game=game, revoked__isnull=True).update(
        revoked=timezone.now()
    )
    if stopped:
        messages.success(request, _("The share link no longer works."))
    return redirect("replays:game", game_id=game.id)
