"""Player pages, follow/block/challenge buttons, answering challenges, the rating board.

Thin: find the page's player and the viewer, call players.social or
players.profile, render. A refusal answers with its status (400, 403, 404,
409, 429) and the message on the page, and changes nothing.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from games.table_flow import table_url
from leaderboards import privacy
from leaderboards.blocks import names_kept_from
from leaderboards.models import Player
from leaderboards.players import player_for_request
from players import board, limits, profile, recent, replay, social
from players import pace as rating_pace
from players.models import Block, Follow
from rooms import adapters


def _owner_or_404(request: HttpRequest, name: str) -> Player:
    """The page's player; 404 for guests, unknown names, and anyone who blocked the viewer."""
    owner = profile.page_owner(name)
    if owner is None:
        raise Http404("No such player.")
    me = request.user.pk if request.user.is_authenticated else None
    if me is not None and Block.objects.filter(blocker_id=owner.user_id, blocked_id=me).exists():
        raise Http404("No such player.")
    return owner


@require_GET
def player_page(request: HttpRequest, name: str) -> HttpResponse:
    return _page(request, _owner_or_404(request, name))


def _page(request: HttpRequest, owner: Player, error: str = "", status: int = 200) -> HttpResponse:
    me = request.user.pk if request.user.is_authenticated else None
    viewer = player_for_request(request)
    hidden = privacy.names_hidden(request)
    mine = me == owner.user_id
    blocked = (
        me is not None and Block.objects.filter(blocker_id=me, blocked_id=owner.user_id).exists()
    )
    context: dict[str, Any] = {
        "owner": owner,
        "shown_name": privacy.shown_name(owner, viewer, hidden or blocked),
        "mine": mine,
        "blocked": blocked,
        "error": error,
        "ratings": [] if blocked else profile.ratings(owner.user_id),
        "games": [] if blocked else recent.recent_public_games(owner.user_id, _viewer(request)),
        "record": profile.record_against(me, owner.user_id) if me and not mine else None,
        "following": me is not None
        and Follow.objects.filter(follower_id=me, followed_id=owner.user_id).exists(),
        "friends": me is not None and not mine and social.are_friends(me, owner.user_id),
        "kinds": [(e.kind, e.shown_name) for e in adapters.playable()],
        "reportable": not mine
        and privacy.is_typed(owner, viewer, hidden)
        and owner.entries.exists(),
    }
    return render(request, "players/player.html", context, status=status)


def _viewer(request: HttpRequest) -> recent.Viewer:
    """Whose eyes the recent games' names are for (Hide names, blocks either way)."""
    me = request.user.pk if request.user.is_authenticated else None
    return recent.Viewer(me, privacy.names_hidden(request), names_kept_from(request))


ACTIONS = {
    "follow": social.follow,
    "unfollow": social.unfollow,
    "block": social.block,
    "unblock": social.unblock,
}
DONE = {
    "follow": gettext_lazy("You follow this player now."),
    "unfollow": gettext_lazy("You no longer follow this player."),
    "block": gettext_lazy(
        "Blocked: you won't be seated or matched together, and they can't challenge you."
    ),
    "unblock": gettext_lazy("Unblocked."),
    "challenge": gettext_lazy("Challenge sent. It waits on their account page for an answer."),
}


@require_POST
def act(request: HttpRequest, name: str, action: str) -> HttpResponse:
    """Follow, unfollow, block, unblock or challenge the page's player."""
    if action not in DONE:
        raise Http404("No such action.")
    found = profile.named(name)
    if found is not None and found.user_id is None:
        message = social.GUESTS_REFUSED
        return render(request, "players/refused.html", {"message": message}, status=400)
    owner = _owner_or_404(request, name)
    if not request.user.is_authenticated:
        return _page(request, owner, _("Sign in to follow, block or challenge players."), 403)
    me = int(request.user.pk)
    bucket = action if action in limits.LIMITS else None
    if bucket and not limits.allowed(me, bucket):
        return _page(request, owner, limits.MESSAGES[bucket], 429)
    try:
        if action == "challenge":
            social.challenge(me, owner, request.POST.get("kind", ""))
        else:
            ACTIONS[action](me, owner)
    except social.Refused as exc:
        return _page(request, owner, exc.message, exc.status)
    messages.success(request, DONE[action])
    return redirect("players:page", name=owner.name)


@login_required
@require_POST
def answer(request: HttpRequest, challenge_id: int, action: str) -> HttpResponse:
    """Accept (straight to the table: the game is dealt), decline or withdraw a challenge."""
    me = int(request.user.pk)
    try:
        if action == "accept":
            room = social.accept(me, challenge_id)
            if room.game is not None:
                return redirect(table_url(room.game))
            return redirect("rooms:room", room.public_id)
        if action == "decline":
            social.decline(me, challenge_id)
        elif action == "withdraw":
            social.withdraw(me, challenge_id)
        else:
            raise Http404("No such action.")
    except social.Refused as exc:
        return render(request, "players/refused.html", {"message": exc.message}, status=exc.status)
    messages.success(
        request, _("Challenge declined.") if action == "decline" else _("Challenge withdrawn.")
    )
    return redirect(reverse("accounts:stats") + "#people")


@require_GET
def public_replay(request: HttpRequest, name: str, game_id: UUID) -> HttpResponse:
    """The replay of one of this player's rated games at a listed table, for anyone."""
    owner = _owner_or_404(request, name)
    if not profile.is_public_rated_game(owner.user_id, game_id):
        raise Http404("No such game.")
    base = reverse("players:replay", args=[owner.name, game_id])
    return replay.listed_replay(request, game_id, base, privacy.names_hidden(request))


@require_GET
def rating_board(request: HttpRequest) -> HttpResponse:
    """One game's rating board: established players with a rated game in the last 30 days."""
    kind = board.kind_of(request.GET.get("game", ""))
    me = request.user.pk if request.user.is_authenticated else None
    viewer = player_for_request(request)
    hidden = privacy.names_hidden(request)
    pace = rating_pace.clean(request.GET.get("pace"))
    rows = board.rows(kind, me, viewer, hidden, pace)
    context = {
        "kind": kind,
        "kinds": board.kinds(kind),
        "pace": pace,
        "paces": board.paces(pace),
        "rows": rows,
        "hidden": hidden,
    }
    return render(request, "players/ratings.html", context)
