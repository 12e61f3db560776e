"""Challenges for programs: a friend's challenges waiting for the token's account, answered.

Every answer goes through ``players.social`` (the one door that changes a
challenge), so the rules are the account page's: only the recipient may
answer, only while the challenge waits, never across a block. Accepting opens
the same private two-seat room and deals it at once; through the API the
account's seat there is its program's (``social.accept_for_program``), so the
answer is the room with its ``game`` set, to play with the games endpoints.
A challenge addressed to another account is the same 404 as a missing one.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils.translation import gettext as _

from api.errors import ApiError
from games import catalogue
from leaderboards.models import Player
from players import social
from players.models import Challenge, ChallengeStatus
from rooms.models import Room

MAX_CHALLENGES = 50
CODES = {
    400: "challenge_refused",
    403: "challenge_forbidden",
    404: "no_challenge",
    409: "challenge_answered",
}


def _refused(exc: social.Refused) -> ApiError:
    """players.social's refusal as the API's: its status and message, and a stable code."""
    return ApiError(exc.status, exc.message, CODES.get(exc.status, "challenge_refused"))


def pending(user: AbstractBaseUser) -> list[dict[str, Any]]:
    """Challenges addressed to the account and not yet answered, newest first."""
    rows = list(
        Challenge.objects.filter(recipient_id=user.pk, status=ChallengeStatus.PENDING)
        .select_related("room")
        .order_by("-created")[:MAX_CHALLENGES]
    )
    names = _sender_names({row.sender_id for row in rows})
    return [challenge_out(row, names) for row in rows]


def _sender_names(user_ids: set[int]) -> dict[int, str]:
    """Each sender's board name (a suspended name shows as its neutral placeholder)."""
    return {
        p.user_id: p.placeholder if p.name_suspended or not p.name else p.name
        for p in Player.objects.filter(user_id__in=user_ids)
    }


def challenge_out(row: Challenge, names: dict[int, str]) -> dict[str, Any]:
    """What the recipient may see of a challenge (the page's account list shows the same)."""
    return {
        "id": row.pk,
        "kind": row.kind,
        "game_name": catalogue.kind_name(row.kind),
        "sender": names[row.sender_id] if row.sender_id in names else _("A player"),
        "status": row.status,
        "created": row.created,
        "answered": row.answered,
        "room": row.room.public_id if row.room is not None else None,
    }


def accept(user: AbstractBaseUser, challenge_id: int) -> Room:
    """Accept for the account's program: the room, dealt, with the program in seat 2."""
    try:
        return social.accept_for_program(int(user.pk), challenge_id)
    except social.Refused as exc:
        raise _refused(exc) from exc


def decline(user: AbstractBaseUser, challenge_id: int) -> dict[str, Any]:
    """Decline a challenge addressed to the account; the answer is the declined challenge."""
    try:
        social.decline(int(user.pk), challenge_id)
    except social.Refused as exc:
        raise _refused(exc) from exc
    row = Challenge.objects.select_related("room").get(pk=challenge_id)
    return challenge_out(row, _sender_names({row.sender_id}))
