"""Follows, blocks and challenges: the only door that changes them.

Each change takes the two accounts, checks what is allowed, then writes; a
refusal raises ``Refused`` with a message for the page and changes nothing.
Friends are mutual follows. A block removes the follows both ways and
withdraws pending challenges between the two, and from then on neither can
challenge the other. Accepting a challenge opens a private two-seat room
through ``rooms.services`` (create, join with the invite code, deal), so the
table is an ordinary online room game with everything rooms already check.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from games import catalogue
from leaderboards.models import Player
from leaderboards.names import MAX_LENGTH  # a room's name has at most this many characters
from players.lookup import is_blocked
from players.models import Block, Challenge, ChallengeStatus, Follow
from rooms import adapters
from rooms import services as rooms
from rooms.models import Room
from rooms.people import Person

GUESTS_REFUSED = gettext_lazy(
    "Guests have no account, so they can't be followed, blocked or challenged."
)


class Refused(Exception):
    """A refusal the page shows; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        message = str(message)  # a lazy translation is read now, in the asker's language
        super().__init__(message)
        self.message = message
        self.status = status


def _other(me: int, player: Player) -> int:
    """The account behind ``player``; guests and yourself are refused."""
    if player.user_id is None:
        raise Refused(GUESTS_REFUSED)
    if player.user_id == me:
        raise Refused(_("That is you."))
    return player.user_id


def are_friends(a: int, b: int) -> bool:
    """Each follows the other."""
    return (
        Follow.objects.filter(
            Q(follower_id=a, followed_id=b) | Q(follower_id=b, followed_id=a)
        ).count()
        == 2
    )


def follow(me: int, player: Player) -> None:
    """Follow ``player`` (again is fine); not someone either of you blocked."""
    other = _other(me, player)
    if is_blocked(me, other):
        raise Refused(_("You can't follow this player."), 403)
    Follow.objects.get_or_create(follower_id=me, followed_id=other)


def unfollow(me: int, player: Player) -> None:
    Follow.objects.filter(follower_id=me, followed_id=_other(me, player)).delete()


def block(me: int, player: Player) -> None:
    """Block ``player``: no follows either way, pending challenges withdrawn, none from now on."""
    other = _other(me, player)
    with transaction.atomic():
        Block.objects.get_or_create(blocker_id=me, blocked_id=other)
        Follow.objects.filter(
            Q(follower_id=me, followed_id=other) | Q(follower_id=other, followed_id=me)
        ).delete()
        _between(me, other).filter(status=ChallengeStatus.PENDING).update(
            status=ChallengeStatus.WITHDRAWN, answered=timezone.now()
        )


def unblock(me: int, player: Player) -> None:
    Block.objects.filter(blocker_id=me, blocked_id=_other(me, player)).delete()


def _between(a: int, b: int) -> QuerySet[Challenge]:
    return Challenge.objects.filter(Q(sender_id=a, recipient_id=b) | Q(sender_id=b, recipient_id=a))


def challenge(me: int, player: Player, kind: str) -> Challenge:
    """Invite a friend to one game of ``kind``; they accept or decline it."""
    other = _other(me, player)
    if Block.objects.filter(blocker_id=other, blocked_id=me).exists():
        raise Refused(_("This player is not taking challenges from you."), 403)
    if Block.objects.filter(blocker_id=me, blocked_id=other).exists():
        raise Refused(_("You blocked this player. Unblock them first."), 403)
    if catalogue.find(kind) is None or kind not in {e.kind for e in adapters.playable()}:
        raise Refused(_("Pick one of the games."))
    if not are_friends(me, other):
        raise Refused(_("You can challenge friends only: follow each other first."), 403)
    pending = Challenge.objects.filter(
        sender_id=me, recipient_id=other, kind=kind, status=ChallengeStatus.PENDING
    )
    if pending.exists():
        raise Refused(_("You already challenged this player to that game. Wait for an answer."))
    return Challenge.objects.create(sender_id=me, recipient_id=other, kind=kind)


def withdraw(me: int, challenge_id: int) -> None:
    """The sender takes back a challenge not yet answered."""
    with transaction.atomic():
        row = _pending(challenge_id, sender_id=me)
        row.status, row.answered = ChallengeStatus.WITHDRAWN, timezone.now()
        row.save(update_fields=["status", "answered"])


def decline(me: int, challenge_id: int) -> None:
    with transaction.atomic():
        row = _pending(challenge_id, recipient_id=me)
        row.status, row.answered = ChallengeStatus.DECLINED, timezone.now()
        row.save(update_fields=["status", "answered"])


def accept(me: int, challenge_id: Any, *, as_program: bool = False) -> Room:
    """The recipient accepts: a private two-seat room is made, both seated, and the game dealt.

    ``as_program``: answered through the API, so the recipient's seat is their program's
    (``rooms.services.join(as_program=True)``), played with the account's API token.
    """
    with transaction.atomic():
        row = _pending(challenge_id, recipient_id=me)
        if is_blocked(row.sender_id, me):
            raise Refused(_("This challenge can't be played any more."), 403)
        room = _open_room(row, as_program)
        row.status, row.answered, row.room = ChallengeStatus.ACCEPTED, timezone.now(), room
        row.save(update_fields=["status", "answered", "room"])
    return room


def accept_for_program(me: int, challenge_id: Any) -> Room:
    """``accept`` through the API: the recipient's seat is their program's."""
    return accept(me, challenge_id, as_program=True)


def _pending(challenge_id: Any, **owner: int) -> Challenge:
    try:
        number = int(challenge_id)
    except (TypeError, ValueError):
        raise Refused(_("There is no such challenge."), 404) from None
    row = Challenge.objects.select_for_update().filter(id=number, **owner).first()
    if row is None:
        raise Refused(_("There is no such challenge."), 404)
    if row.status == ChallengeStatus.ACCEPTED:
        raise Refused(_("This challenge was already accepted."), 409)
    if row.status == ChallengeStatus.DECLINED:
        raise Refused(_("This challenge was already declined."), 409)
    if row.status != ChallengeStatus.PENDING:
        raise Refused(_("This challenge was already withdrawn."), 409)
    return row


def room_name(kind: str) -> str:
    """"<Game> challenge" where it fits a room name; else just "Challenge" (a long game
    name does not fit, and the bare game name is refused as a site name)."""
    name = _("%(game)s challenge") % {"game": catalogue.get(kind).name}
    return name if len(name) <= MAX_LENGTH else pgettext("a room's name", "Challenge")


def _open_room(row: Challenge, as_program: bool = False) -> Room:
    host, guest = Person(row.sender_id, ""), Person(row.recipient_id, "")
    try:
        room = rooms.create_room(
            host,
            row.kind,
            room_name(row.kind),
            _table_name(row.sender_id, 0),
            2,
            False,
            default_options(row.kind),
        )
        seat_name = _table_name(row.recipient_id, 1)
        rooms.join(room.id, guest, seat_name, code=room.code, as_program=as_program)
        rooms.deal(room.id, host, rematch=False)
    except rooms.RoomError as exc:
        raise Refused(exc.message, exc.status) from exc
    room.refresh_from_db()
    return room


def _table_name(user_id: int, index: int) -> str:
    """The player's board name at the table, else a plain seat name (never someone else's)."""
    name = Player.objects.filter(user_id=user_id).values_list("name", flat=True).first()
    return name or f"Player {index + 1}"


def default_options(kind: str) -> dict[str, Any]:
    """The game's usual room options for two seats (a team game: no teams with two)."""
    blank = adapters.options_form(kind)
    data = {f"opt-{n}": blank[n].initial for n in blank.fields}
    if "opt-teams" in data:
        data["opt-teams"] = "none"
    form = adapters.options_form(kind, data)
    return dict(form.cleaned_data) if form.is_valid() else {}
