"""``{% people_lists %}`` (the account page's people), ``{% challenges_badge %}`` and
``{% your_page_url %}`` (header and Stats)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games import catalogue
from games.table_flow import table_url
from leaderboards.blocks import names_kept_from
from leaderboards.models import Player
from players.models import Block, Challenge, ChallengeStatus, Follow

register = template.Library()
RECENT_ANSWERED = 5


def _names(user_ids: set[int]) -> dict[int, Player]:
    return {p.user_id: p for p in Player.objects.filter(user_id__in=user_ids)}


@register.inclusion_tag("players/_people.html", takes_context=True)
def people_lists(context: dict[str, Any]) -> dict[str, Any]:
    user = context["request"].user
    if not user.is_authenticated:
        return {"show": False}
    me = user.pk
    following = set(Follow.objects.filter(follower_id=me).values_list("followed_id", flat=True))
    followers = set(Follow.objects.filter(followed_id=me).values_list("follower_id", flat=True))
    blocked = set(Block.objects.filter(blocker_id=me).values_list("blocked_id", flat=True))
    incoming = list(
        Challenge.objects.filter(recipient_id=me, status=ChallengeStatus.PENDING).order_by(
            "-created"
        )
    )
    sent = list(
        Challenge.objects.filter(sender_id=me)
        .select_related("room__game")
        .order_by("-created")[:RECENT_ANSWERED]
    )
    people = _names(
        following
        | followers
        | blocked
        | {c.sender_id for c in incoming}
        | {c.recipient_id for c in sent}
    )

    # A block either way hides the other's name in the challenge rows, as everywhere else
    # (leaderboards.blocks.names_kept_from); the Blocked list names whom you blocked, to unblock.
    apart = names_kept_from(context["request"])

    def entry(user_id: int, hide: bool = False) -> dict[str, Any]:
        player = people.get(user_id)
        shown = player is not None and not player.name_suspended and not hide
        name = player.name if shown and player is not None else ""
        return {"name": name or (player.placeholder if player else _("A player")), "page": name}

    def other(user_id: int) -> dict[str, Any]:
        return entry(user_id, hide=user_id in apart)

    def game(kind: str) -> str:
        found = catalogue.find(kind)
        return found.name if found else kind

    return {
        "show": True,
        "csrf_token": context.get("csrf_token"),
        "friends": [entry(u) for u in sorted(following & followers)],
        "following": [entry(u) for u in sorted(following - followers)],
        "followers": [entry(u) for u in sorted(followers - following)],
        "blocked": [entry(u) for u in sorted(blocked)],
        "incoming": [{"c": c, "who": other(c.sender_id), "game": game(c.kind)} for c in incoming],
        "sent": [
            {"c": c, "who": other(c.recipient_id), "game": game(c.kind), "where": _where(c)}
            for c in sent
        ],
    }


def _where(challenge: Challenge) -> str:
    """An accepted challenge's link: its dealt table, else its room (before the deal)."""
    room = challenge.room
    if room is None:
        return ""
    if room.game is not None:
        return table_url(room.game)
    return reverse("rooms:room", args=[room.public_id])


@register.simple_tag(takes_context=True)
def challenges_badge(context: dict[str, Any]) -> str:
    """The header's count of challenges waiting for an answer; "" for guests or none.

    One indexed count (recipient, status) for a signed-in viewer, none for a guest.
    """
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    count = Challenge.objects.filter(recipient_id=user.pk, status=ChallengeStatus.PENDING).count()
    if not count:
        return ""
    # What follows the count, for screen readers ("3 challenges waiting for your answer").
    waiting = ngettext(
        "challenge waiting for your answer", "challenges waiting for your answer", count
    )
    # On a narrow phone only the count shows (the words stay for screen readers).
    return format_html(
        '<a class="nav-turn" href="{}" data-testid="challenges-badge">'
        '<span class="turn-words">{} </span><span class="turn-count">{}'
        '<span class="visually-hidden"> {}</span></span></a>',
        reverse("accounts:stats") + "#people",
        pgettext("header link", "Challenges"),
        count,
        waiting,
    )


@register.simple_tag(takes_context=True)
def your_page_url(context: dict[str, Any]) -> str:
    """Where "Your page" goes: the account's player page, or the name page to open one.

    A player page is found by its public name; an account without one (made before
    sign-up asked for it, or whose name was cleared or suspended) is sent to pick one.
    One indexed query per page for a signed-in viewer (kept on the request), none for a guest.
    """
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    found: str | None = getattr(request, "_your_page_url", None)
    if found is None:
        row = Player.objects.filter(user_id=user.pk).values("name", "name_suspended").first()
        name = row["name"] if row and not row["name_suspended"] else ""
        found = reverse("players:page", args=[name]) if name else reverse("leaderboards:name")
        request._your_page_url = found  # type: ignore[union-attr]
    return found
