"""Table talk for programs: the quick phrases said at the program's table, and saying one.

Programs talk in quick phrases only, never in free text (issue 39): a phrase is a
key from ``talk.phrases``, stored as its key and shown in the reader's language,
so it can carry nothing but what the fixed set says. What a program reads is the
players' channel, phrases only, as its account would read it at that seat
(``talk.services.readable``: muted and blocked writers left out, written messages
never); the spectators' channel is not for a seat during play, and not for a
program at all. Saying goes through ``talk.services.say_phrase``, the same door as
the table's phrase bar, with its limits (one phrase every 2 s) and its refusals
(timed out, suspended), each turned into the API's refusal with a stable code.

Only online tables have talk: a game that is not online is the same 404 as a
missing one, like anyone else's game.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils.translation import gettext as _

from api.errors import ApiError
from api.games import game_for_program
from rooms.people import Person
from talk import phrases, rules, services
from talk.models import Channel, Message
from talk.services import Speaker, TalkRefused

RECENT = services.RECENT  # the newest this many phrases, as the table's panel shows
# TalkRefused's statuses from say_phrase, as the API's stable codes.
CODES = {400: "unknown_phrase", 403: "silenced", 429: "too_fast"}


def speaker(game_id: UUID, user: AbstractBaseUser) -> Speaker:
    """The program's seat at an online table, as talk sees it. Someone else's game (or none)
    is 404; the program's own game against computers exists but has no talk: 409."""
    game, seat = game_for_program(game_id, user)
    if not game.online:
        raise ApiError(
            409, _("Only online tables have table talk; this game is against computers."),
            "no_talk",
        )  # fmt: skip
    return Speaker(game=game, person=Person(int(user.pk), ""), seat=seat, user=user)


def phrase_list() -> list[dict[str, str]]:
    """Every quick phrase a program may say: its key and its words in the active language."""
    return [{"key": key, "words": phrases.shown(key)} for key in phrases.PHRASES]


def said(spoken: Speaker, after: int = 0) -> list[Message]:
    """The newest phrases said at the table in the players' channel after id ``after``,
    oldest first: what the seat may read, less every written message."""
    found = (
        services.readable(spoken, show_text=False)
        .filter(channel=Channel.PLAYERS, text="", seat_index__isnull=False, id__gt=after)
        .exclude(phrase="")
        .order_by("-id")[:RECENT]
    )
    return list(reversed(found))


def said_out(message: Message) -> dict[str, Any]:
    return {
        "id": message.pk,
        "seat": message.seat_index,
        "phrase": message.phrase,
        "words": phrases.shown(message.phrase),
        "at": message.created,
    }


def table_talk(game_id: UUID, user: AbstractBaseUser, after: int = 0) -> dict[str, Any]:
    """The phrases a program may say and those said at its table (after ``after``)."""
    spoken = speaker(game_id, user)
    return {"phrases": phrase_list(), "said": [said_out(m) for m in said(spoken, after)]}


def say(game_id: UUID, user: AbstractBaseUser, key: str) -> dict[str, Any]:
    """Say the phrase ``key`` as the program's seat; the said line, or the API's refusal."""
    spoken = speaker(game_id, user)
    try:
        message = services.say_phrase(spoken, key)
    except TalkRefused as refused:
        raise _refused(refused) from None
    return said_out(message)


def _refused(refused: TalkRefused) -> ApiError:
    """talk's refusal as the API's: its status and message, and a stable code."""
    retry = rules.PHRASE_GAP_SECONDS if refused.status == 429 else None
    code = CODES.get(refused.status, "talk_refused")
    return ApiError(refused.status, refused.message, code, retry_after=retry)
